import type { OfferedLanguage } from "../locale.ts";
import { CONNECTION_STATUS_LABELS } from "./integrations.ts";

/** The integrations screens' words, in Portuguese and in English for visitors who chose it. */
const texts = {
  pt: {
    title: "Integrações",
    statuses: CONNECTION_STATUS_LABELS.pt,
    intro: (company: string) =>
      `O catálogo de integrações do Vértice e as que ${company} já usa, com a situação de cada uma.`,
    request: "Pedir integração",
    filters: "Filtrar integrações",
    search: "Buscar",
    searchHint: "Nome ou o que a integração faz",
    category: "Categoria",
    all: "Todas",
    apply: "Filtrar",
    clear: "Limpar filtros",
    total: (n: number) => (n === 1 ? "1 integração" : `${n} integrações`),
    noMatch: "Nenhuma integração encontrada com estes filtros.",
    notConnected: "Não conectada",
    lastSync: "Última sincronização",
    never: "ainda não sincronizou",
    docsShort: "Documentação",
    connectedCount: (n: number) =>
      n === 0
        ? "Nenhuma integração conectada ainda: peça a que a sua empresa precisa e a nossa equipe configura."
        : n === 1
          ? "1 integração conectada."
          : `${n} integrações conectadas.`,
    // The request page.
    newTitle: "Pedir integração",
    newIntro:
      "Escolha uma integração do catálogo ou diga qual você precisa. O pedido vira um chamado de suporte, e a equipe combina a configuração com você.",
    cannot:
      "Somente proprietários e administradores da empresa pedem integrações. Fale com um deles, ou abra um chamado de suporte.",
    choose: "Integração do catálogo",
    chooseNone: "— Uma que não está no catálogo —",
    other: "Qual integração você precisa?",
    otherHint: "Preencha só se ela não estiver no catálogo. Ex.: Banco Inter, Amazon, Omie.",
    details: "Detalhes",
    detailsHint: "Para que a empresa vai usar, contas ou lojas envolvidas, prazos.",
    optional: "(opcional)",
    submit: "Enviar pedido",
    sending: "Enviando...",
    back: "Voltar para as integrações",
    sent: "Pedido enviado: acompanhe pelo chamado.",
    invalid: "Pedido inválido. Recarregue a página e tente de novo.",
  },
  en: {
    title: "Integrations",
    statuses: CONNECTION_STATUS_LABELS.en,
    intro: (company: string) =>
      `Vértice's integrations catalogue and the ones ${company} already uses, with the status of each.`,
    request: "Request an integration",
    filters: "Filter integrations",
    search: "Search",
    searchHint: "Name or what the integration does",
    category: "Category",
    all: "All",
    apply: "Filter",
    clear: "Clear filters",
    total: (n: number) => (n === 1 ? "1 integration" : `${n} integrations`),
    noMatch: "No integration matches these filters.",
    notConnected: "Not connected",
    lastSync: "Last sync",
    never: "not synced yet",
    docsShort: "Documentation",
    connectedCount: (n: number) =>
      n === 0
        ? "No integration connected yet: request the one your company needs and our team sets it up."
        : n === 1
          ? "1 integration connected."
          : `${n} integrations connected.`,
    newTitle: "Request an integration",
    newIntro:
      "Choose an integration of the catalogue, or tell us which one you need. The request becomes a support ticket, and our team arranges the setup with you.",
    cannot:
      "Only the company's owners and administrators request integrations. Ask one of them, or open a support ticket.",
    choose: "Integration of the catalogue",
    chooseNone: "— One that is not in the catalogue —",
    other: "Which integration do you need?",
    otherHint: "Only if it is not in the catalogue. E.g. Banco Inter, Amazon, Omie.",
    details: "Details",
    detailsHint: "What the company will use it for, accounts or stores involved, deadlines.",
    optional: "(optional)",
    submit: "Send request",
    sending: "Sending...",
    back: "Back to integrations",
    sent: "Request sent: follow it in the ticket.",
    invalid: "Invalid request. Reload the page and try again.",
  },
} satisfies Record<"pt" | "en", unknown>;

export type IntegrationTexts = (typeof texts)["pt"];

/** The words of a language (the return type makes the English ones keep the Portuguese ones' shape). */
export function integrationTexts(language: OfferedLanguage | string): IntegrationTexts {
  return language === "en" ? texts.en : texts.pt;
}
