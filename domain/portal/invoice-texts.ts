import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "../billing/invoice-status.ts";
import type { OfferedLanguage } from "../locale.ts";

/**
 * The words of the customer's invoices (decision 097): the history (/user/faturas), one
 * invoice with its payment (Pix, boleto) and NFS-e, and the NFS-e files (/user/faturas/notas).
 * Portuguese first; English for people who chose it. Days and months are formatted by
 * domain/format.ts.
 */

const pt = {
  statuses: INVOICE_STATUS_LABELS.pt,
  list: {
    title: "Faturas",
    intro: (company: string) =>
      `As cobranças de ${company}: baixe o PDF, pague por Pix ou boleto e encontre as notas fiscais.`,
    notesLink: "Notas fiscais (NFS-e)",
    filters: "Filtrar faturas por ano",
    year: "Ano",
    allYears: "Todos os anos",
    apply: "Filtrar",
    toPay: "A pagar",
    toPayHint: "Faturas em aberto e vencidas, pela data de vencimento.",
    history: "Histórico",
    nothingToPay: "Nenhuma fatura a pagar. Tudo em dia!",
    count: (n: number) => (n === 1 ? "1 fatura" : `${n} faturas`),
    emptyTitle: "Nenhuma fatura ainda",
    emptyText: (company: string) =>
      `As faturas emitidas para ${company} aparecem aqui, com o PDF, o Pix, o boleto e a nota fiscal.`,
    emptyYear: (year: number) => `Nenhuma fatura com competência em ${year}.`,
    archiveTitle: (year: number) => `Para o contador: ${year}`,
    archiveText: (year: number) =>
      `Um arquivo ZIP com o PDF de cada fatura de ${year} e os arquivos das notas fiscais (PDF e XML).`,
    archive: (year: number) => `Baixar faturas e notas de ${year} (ZIP)`,
    archiveHint: "Escolha um ano para baixar as faturas e notas fiscais dele num arquivo só.",
    invoice: (number: string) => `Fatura ${number}`,
    competence: "Competência",
    amount: "Valor",
    due: "Vencimento",
    dueOn: (day: string) => `Vence em ${day}`,
    overdueSince: (day: string) => `Venceu em ${day}`,
    paidOn: (day: string) => `Paga em ${day}`,
    cancelled: "Cancelada",
    nfse: "NFS-e",
  },
  detail: {
    back: "Faturas",
    title: (number: string) => `Fatura ${number}`,
    facts: "Dados da fatura",
    competence: "Competência",
    issuedOn: "Emissão",
    dueOn: "Vencimento",
    paidOn: "Pagamento",
    total: "Valor total",
    status: "Situação",
    overdue: (day: string) =>
      `Esta fatura venceu em ${day}. Pague pelo Pix ou pelo boleto abaixo; se já pagou, desconsidere este aviso.`,
    paid: (day: string) => `Fatura paga em ${day}. Obrigado!`,
    paidNoDay: "Fatura paga. Obrigado!",
    cancelledText: "Esta fatura foi cancelada: não há nada a pagar.",
    lines: "Itens da fatura",
    description: "Descrição",
    value: "Valor",
    documents: "Documentos",
    pdf: "Baixar PDF da fatura",
    payTitle: "Como pagar",
    pixTitle: "Pix copia e cola",
    pixHow: "No app do seu banco, escolha Pix › Pix copia e cola e cole o código, ou leia o QR code.",
    pixCode: "Código Pix",
    pixCopy: "Copiar código Pix",
    pixCopied: "Código Pix copiado.",
    qr: (number: string) => `QR code do Pix da fatura ${number}`,
    boletoTitle: "Boleto",
    boletoHow: "No app ou internet banking, escolha pagar boleto e digite ou cole a linha digitável.",
    boletoLine: "Linha digitável",
    boletoCopy: "Copiar linha digitável",
    boletoCopied: "Linha digitável copiada.",
    copyFailed: "Não foi possível copiar: selecione o texto e copie.",
    noPayment:
      "Os dados de pagamento desta fatura ainda não estão disponíveis aqui. Se precisar, fale com a gente.",
    nfseTitle: "Nota fiscal (NFS-e)",
    nfseFacts: (number: string | null, code: string | null) =>
      [number ? `NFS-e nº ${number}` : "NFS-e", code ? `código de verificação ${code}` : ""]
        .filter(Boolean)
        .join(" · "),
    nfsePdf: "Baixar PDF da NFS-e",
    nfseXml: "Baixar XML da NFS-e",
    nfseNone: "A nota fiscal desta fatura ainda não foi anexada. Ela aparece aqui assim que for emitida.",
    helpTitle: "Dúvida sobre esta fatura?",
    helpText: "Abra um chamado para o financeiro já com os dados desta fatura.",
    help: "Dúvida sobre esta fatura",
    ticketSubject: (number: string) => `Dúvida sobre a fatura ${number}`,
    ticketDescription: (number: string, competence: string, amount: string, due: string) =>
      `Fatura ${number} (competência ${competence}, valor ${amount}, vencimento ${due}).\n\nMinha dúvida: `,
    notFoundTitle: "Fatura não encontrada",
    notFoundText: "Ela não existe ou não é da sua empresa. Confira o número na lista de faturas.",
  },
  notes: {
    title: "Notas fiscais",
    intro: (company: string) =>
      `As notas fiscais de serviço (NFS-e) das faturas de ${company}, em PDF e XML, para o seu controle e o do seu contador.`,
    back: "Faturas",
    emptyTitle: "Nenhuma nota fiscal ainda",
    emptyText: "As NFS-e aparecem aqui assim que forem anexadas às faturas.",
    emptyYear: (year: number) => `Nenhuma nota fiscal de faturas com competência em ${year}.`,
    count: (n: number) => (n === 1 ? "1 nota fiscal" : `${n} notas fiscais`),
    note: (number: string | null) => (number ? `NFS-e nº ${number}` : "NFS-e"),
    ofInvoice: (number: string) => `Fatura ${number}`,
    code: (code: string) => `Código de verificação ${code}`,
    pdf: "PDF",
    xml: "XML",
    pdfOf: (number: string) => `PDF da NFS-e da fatura ${number}`,
    xmlOf: (number: string) => `XML da NFS-e da fatura ${number}`,
  },
  /** A member without access to billing gets a 404 whose words say who sees invoices. */
  unavailableTitle: "Página não encontrada",
  unavailableText: "As faturas da empresa são vistas pelos proprietários, administradores e pelo financeiro.",
  dashboard: "Ir para o painel",
};

export type InvoiceTexts = typeof pt;

const en: InvoiceTexts = {
  statuses: INVOICE_STATUS_LABELS.en,
  list: {
    title: "Invoices",
    intro: (company: string) =>
      `${company}'s invoices: download the PDF, pay by Pix or boleto and find the service invoices (NFS-e).`,
    notesLink: "Tax documents (NFS-e)",
    filters: "Filter invoices by year",
    year: "Year",
    allYears: "All years",
    apply: "Filter",
    toPay: "To pay",
    toPayHint: "Open and overdue invoices, by due date.",
    history: "History",
    nothingToPay: "Nothing to pay. All settled!",
    count: (n: number) => (n === 1 ? "1 invoice" : `${n} invoices`),
    emptyTitle: "No invoices yet",
    emptyText: (company: string) =>
      `Invoices issued to ${company} show up here, with the PDF, Pix, boleto and tax document.`,
    emptyYear: (year: number) => `No invoices for ${year}.`,
    archiveTitle: (year: number) => `For your accountant: ${year}`,
    archiveText: (year: number) =>
      `A ZIP file with the PDF of every invoice of ${year} and the tax documents' files (PDF and XML).`,
    archive: (year: number) => `Download ${year}'s invoices and tax documents (ZIP)`,
    archiveHint: "Choose a year to download its invoices and tax documents in one file.",
    invoice: (number: string) => `Invoice ${number}`,
    competence: "Period",
    amount: "Amount",
    due: "Due date",
    dueOn: (day: string) => `Due ${day}`,
    overdueSince: (day: string) => `Was due ${day}`,
    paidOn: (day: string) => `Paid ${day}`,
    cancelled: "Cancelled",
    nfse: "NFS-e",
  },
  detail: {
    back: "Invoices",
    title: (number: string) => `Invoice ${number}`,
    facts: "Invoice details",
    competence: "Period",
    issuedOn: "Issued",
    dueOn: "Due date",
    paidOn: "Paid",
    total: "Total",
    status: "Status",
    overdue: (day: string) =>
      `This invoice was due ${day}. Pay by Pix or boleto below; if you have already paid, please ignore this notice.`,
    paid: (day: string) => `Paid ${day}. Thank you!`,
    paidNoDay: "Paid. Thank you!",
    cancelledText: "This invoice was cancelled: there is nothing to pay.",
    lines: "Invoice items",
    description: "Description",
    value: "Amount",
    documents: "Documents",
    pdf: "Download the invoice PDF",
    payTitle: "How to pay",
    pixTitle: "Pix copy and paste",
    pixHow: "In your bank's app, choose Pix › Pix copy and paste and paste the code, or scan the QR code.",
    pixCode: "Pix code",
    pixCopy: "Copy Pix code",
    pixCopied: "Pix code copied.",
    qr: (number: string) => `Pix QR code of invoice ${number}`,
    boletoTitle: "Boleto",
    boletoHow: "In your bank's app or internet banking, choose to pay a boleto and type or paste the line.",
    boletoLine: "Digitable line",
    boletoCopy: "Copy digitable line",
    boletoCopied: "Digitable line copied.",
    copyFailed: "Could not copy: select the text and copy it.",
    noPayment: "The payment details of this invoice are not available here yet. Talk to us if you need them.",
    nfseTitle: "Tax document (NFS-e)",
    nfseFacts: (number: string | null, code: string | null) =>
      [number ? `NFS-e no. ${number}` : "NFS-e", code ? `verification code ${code}` : ""]
        .filter(Boolean)
        .join(" · "),
    nfsePdf: "Download the NFS-e PDF",
    nfseXml: "Download the NFS-e XML",
    nfseNone: "The tax document of this invoice has not been attached yet. It shows up here once issued.",
    helpTitle: "A question about this invoice?",
    helpText: "Open a billing ticket with this invoice's details already filled in.",
    help: "Ask about this invoice",
    ticketSubject: (number: string) => `Question about invoice ${number}`,
    ticketDescription: (number: string, competence: string, amount: string, due: string) =>
      `Invoice ${number} (period ${competence}, amount ${amount}, due ${due}).\n\nMy question: `,
    notFoundTitle: "Invoice not found",
    notFoundText: "It does not exist or is not your company's. Check the number in the invoice list.",
  },
  notes: {
    title: "Tax documents",
    intro: (company: string) =>
      `The service invoices (NFS-e) of ${company}'s invoices, as PDF and XML, for you and your accountant.`,
    back: "Invoices",
    emptyTitle: "No tax documents yet",
    emptyText: "NFS-e show up here once they are attached to the invoices.",
    emptyYear: (year: number) => `No tax documents for invoices of ${year}.`,
    count: (n: number) => (n === 1 ? "1 tax document" : `${n} tax documents`),
    note: (number: string | null) => (number ? `NFS-e no. ${number}` : "NFS-e"),
    ofInvoice: (number: string) => `Invoice ${number}`,
    code: (code: string) => `Verification code ${code}`,
    pdf: "PDF",
    xml: "XML",
    pdfOf: (number: string) => `NFS-e PDF of invoice ${number}`,
    xmlOf: (number: string) => `NFS-e XML of invoice ${number}`,
  },
  unavailableTitle: "Page not found",
  unavailableText: "The company's invoices are seen by its owners, administrators and finance people.",
  dashboard: "Go to the dashboard",
};

export function invoiceTexts(language: OfferedLanguage): InvoiceTexts {
  return language === "en" ? en : pt;
}

export type { InvoiceStatus };
