/** Texts of the API keys screen (decision 096): the keys of the vendor's billing system and platform. */
export const apiKeyTexts = {
  title: "Chaves de API",
  intro:
    "Chaves dos sistemas da Vértice que chamam esta API: o faturamento (escopo billing: faturas e NFS-e) e a plataforma (escopo platform: estado das integrações). A chave aparece uma única vez, ao ser criada; guarde-a no sistema que vai usá-la.",
  docs: "Documentação da API (OpenAPI)",
  name: "Nome",
  namePlaceholder: "Ex.: Faturamento (produção)",
  scope: "Escopo",
  /** Each scope of API_KEY_SCOPES (server/auth/api-keys.ts), as the form offers it. */
  scopes: { billing: "billing — faturas e NFS-e", platform: "platform — integrações" },
  create: "Criar chave",
  created: (name: string) =>
    `Chave “${name}” criada: copie-a em “Chaves de API”, abaixo. Ela não será mostrada de novo.`,
  keyLabel: "Chave de API (mostrada só agora)",
  copy: "Copiar chave",
  copied: "Chave copiada.",
  prefix: "Prefixo",
  createdAt: "Criada em",
  createdBy: "Criada por",
  lastUsed: "Último uso",
  never: "Nunca",
  state: "Situação",
  active: "Ativa",
  revokedOn: (date: string) => `Revogada em ${date}`,
  revoke: "Revogar…",
  revokeConfirm: (name: string) =>
    `Revogar “${name}”? Os sistemas que usam esta chave passam a receber 401 na hora. Não há como desfazer.`,
  revokeNow: "Revogar agora",
  revoked: (name: string) => `Chave “${name}” revogada.`,
  none: "Nenhuma chave criada ainda.",
  scopeInvalid: "Escolha o escopo billing ou platform.",
} as const;
