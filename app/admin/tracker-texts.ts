/** Texts of the Jira screen (B §7.2, §9.3; decision 124): the connection and the deliveries waiting. */
export const trackerTexts = {
  title: "Integração com o Jira",
  notConfigured: "Serviço não configurado",
  connected: (account: string) => `Conectado como ${account}`,
  connectionFailed: "Falha na conexão",
  pending: "Entregas pendentes",
  failed: "Entregas com falha",
} as const;
