/** Texts of the admin's API keys (Settings) and of a company's invoices (decision 096). */

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

export const invoiceAdminTexts = {
  title: (company: string) => `Faturas de ${company}`,
  back: "Voltar à empresa",
  link: "Faturas da empresa",
  intro:
    "As faturas chegam do sistema de faturamento pela API (POST /api/billing/invoices). Aqui a equipe também cria uma fatura e marca uma fatura em aberto como paga ou cancelada; paga e cancelada são situações finais.",
  none: "Nenhuma fatura desta empresa ainda.",
  number: "Número",
  competence: "Competência",
  amount: "Valor",
  issuedOn: "Emissão",
  dueOn: "Vencimento",
  status: "Situação",
  nfse: "NFS-e",
  noNfse: "—",
  source: "Origem",
  actions: "Ações",
  paidOn: "Data do pagamento",
  markPaid: "Marcar como paga",
  cancel: "Cancelar fatura…",
  cancelConfirm: (number: string) =>
    `Cancelar a fatura ${number}? Uma fatura cancelada não volta a ficar em aberto.`,
  cancelNow: "Cancelar agora",
  paid: (number: string) => `Fatura ${number} marcada como paga.`,
  cancelled: (number: string) => `Fatura ${number} cancelada.`,
  create: "Criar fatura",
  createHint:
    "Uma linha por item, no formato “descrição; valor” (por exemplo “Plano Empresarial — novembro; 1.299,90”). A soma das linhas é o valor da fatura.",
  lines: "Linhas (descrição; valor em R$)",
  boletoLine: "Linha digitável do boleto (opcional)",
  boleto: "Boleto",
  created: (number: string) => `Fatura ${number} criada.`,
  existed: (number: string) =>
    `Já existe a fatura ${number}: nada foi alterado (o número identifica a fatura).`,
  existedElsewhere: (number: string) =>
    `O número ${number} já é de uma fatura de outra empresa: nada foi alterado.`,
  lineInvalid: (n: number) =>
    `Linha ${n}: escreva “descrição; valor”, com o valor em reais (por exemplo 1.299,90).`,
  notFound: "Empresa não encontrada.",
  unknownIntent: "Pedido inválido. Recarregue a página e tente de novo.",
} as const;
