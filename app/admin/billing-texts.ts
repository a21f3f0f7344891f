/** Texts of a company's invoices in the admin (decision 096). */
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
