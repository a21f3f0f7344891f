/** The dashboard's funnel and sources (decision 104), in Portuguese like the rest of the admin. */
export const funnelTexts = {
  title: "Funil de formulários",
  intro:
    "Quantas visitas viram cada formulário, tocaram um campo, alcançaram cada etapa, enviaram e, na demonstração e no teste grátis, agendaram a demonstração. Sem robôs nem visitantes com Do Not Track; nenhum dado pessoal.",
  filters: "Escolha do funil",
  form: "Formulário",
  period: "Período",
  periodOption: (days: number) => `Últimos ${days} dias`,
  segment: "Segmento",
  allSegments: "Todos",
  mainSite: "Site principal",
  show: "Ver funil",
  /** Short names under the chart's bars. */
  short: (key: string) =>
    key === "shown"
      ? "Exibido"
      : key === "touched"
        ? "1º campo"
        : key === "submitted"
          ? "Enviado"
          : key === "booked"
            ? "Agendou"
            : `Etapa ${key.slice(5)}`,
  stage: "Etapa do funil",
  visits: "Visitas",
  ofShown: "Das exibições",
  dropOff: "Perda desde a anterior",
  lostOf: (lost: number, share: string) => `${lost} (${share})`,
  axis: "Visitas",
  tableCaption: (form: string, days: number) => `Etapas do funil de ${form} nos últimos ${days} dias`,
  chartSummary: (form: string, days: number, parts: string) =>
    `Funil de ${form} nos últimos ${days} dias: ${parts}.`,
  empty: (form: string) =>
    `Nenhuma visita ao formulário ${form} neste período. O funil conta os visitantes cujo navegador abriu o formulário (sem robôs nem Do Not Track); os números chegam quando o visitante sai da página e os dias anteriores são somados toda madrugada. Para conferir, abra o formulário no site em outra aba, toque num campo e feche a aba.`,
  received: (n: number, form: string, days: number) =>
    `${n === 1 ? "1 lead recebido" : `${n} leads recebidos`} pelo formulário ${form} nos últimos ${days} dias (contados no servidor, sem spam).`,
  emptyWithLeads: (form: string, n: number) =>
    `Nenhuma visita registrada pelo navegador ao formulário ${form} neste período, mas ${n === 1 ? "1 lead chegou" : `${n} leads chegaram`}. O funil conta só os navegadores que enviam as etapas: quem envia sem JavaScript, com bloqueador de rastreamento ou com Do Not Track aparece nos leads e não aqui. Os números dos navegadores chegam quando o visitante sai da página.`,
  campaignsLink: "Primeiro e último toque, quentes e retidos por campanha: ver o relatório de campanhas.",
  bySourceTitle: "Funil por origem",
  bySourceEmpty: "Sem visitas com origem neste período.",
  source: "Origem",
  medium: "Mídia",
  campaign: "Campanha",
  shown: "Exibições",
  touched: "Tocaram",
  submitted: "Enviaram",
  booked: "Agendaram",
  conversion: "Conversão",
  leadsTitle: (days: number) => `Leads por origem, mídia e campanha (${days} dias)`,
  leadsNote:
    "Pela última origem de cada lead: os parâmetros utm_source, utm_medium e utm_campaign do link de campanha, senão o site de onde o visitante veio (busca, redes sociais, outro site) ou acesso direto.",
  leadsEmpty:
    "Nenhum lead neste período. Use links com utm_source, utm_medium e utm_campaign nas campanhas para vê-las aqui pelo nome.",
  leads: "Leads",
  completed: "Concluídos",
  hot: "Quentes",
  noCampaign: "—",
} as const;

/** How a source or medium value reads in the admin: the tokens the site writes itself in Portuguese. */
export function sourceLabel(value: string): string {
  switch (value) {
    case "(direct)":
    case "direct":
      return "Acesso direto";
    case "(none)":
      return "—";
    case "(not set)":
      return "(não informada)";
    case "(removido)":
      return "(removido: continha um e-mail)";
    case "organic":
      return "busca orgânica";
    case "social":
      return "rede social";
    case "referral":
      return "outro site";
    default:
      return value;
  }
}
