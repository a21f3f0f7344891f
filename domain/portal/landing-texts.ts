import type { OfferedLanguage } from "../locale.ts";

/**
 * The words of a customer's landing after signing in (/dashboard, decision 116): their company, what
 * waits for them (tickets with a reply, the next invoice) and the way into each part of the portal.
 */
const TEXTS = {
  pt: {
    title: "Sua empresa",
    plan: (name: string) => `Plano ${name}`,
    openPortal: "Abrir o portal da empresa",
    tickets: "Suporte",
    ticketsOpen: (n: number) =>
      n === 0 ? "Nenhum chamado em aberto." : n === 1 ? "1 chamado em aberto." : `${n} chamados em aberto.`,
    ticketsUnread: (n: number) => (n === 1 ? "1 com resposta nova." : `${n} com resposta nova.`),
    seeTickets: "Ver chamados",
    newTicket: "Abrir chamado",
    invoices: "Faturas",
    nextInvoice: (amount: string, due: string) => `Próxima fatura: ${amount}, vence em ${due}.`,
    overdueInvoice: (amount: string, due: string) => `Fatura vencida: ${amount}, venceu em ${due}.`,
    noInvoice: "Nenhuma fatura em aberto.",
    payInvoice: "Ver e pagar",
    seeInvoices: "Histórico de cobranças",
    more: "Mais",
    planDetails: "Detalhes do plano",
    people: "Usuários",
    integrations: "Integrações",
  },
  en: {
    title: "Your company",
    plan: (name: string) => `${name} plan`,
    openPortal: "Open the company portal",
    tickets: "Support",
    ticketsOpen: (n: number) =>
      n === 0 ? "No open tickets." : n === 1 ? "1 open ticket." : `${n} open tickets.`,
    ticketsUnread: (n: number) => (n === 1 ? "1 with a new reply." : `${n} with a new reply.`),
    seeTickets: "See tickets",
    newTicket: "New ticket",
    invoices: "Invoices",
    nextInvoice: (amount: string, due: string) => `Next invoice: ${amount}, due ${due}.`,
    overdueInvoice: (amount: string, due: string) => `Overdue invoice: ${amount}, was due ${due}.`,
    noInvoice: "No open invoices.",
    payInvoice: "See and pay",
    seeInvoices: "Billing history",
    more: "More",
    planDetails: "Plan details",
    people: "Users",
    integrations: "Integrations",
  },
} satisfies Record<OfferedLanguage, unknown>;

export type LandingTexts = (typeof TEXTS)["pt"];

export function landingTexts(language: OfferedLanguage): LandingTexts {
  return TEXTS[language];
}
