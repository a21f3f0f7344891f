import type { CampaignSort } from "../../domain/attribution/campaigns.ts";

/** The admin's campaign report (decision 131), in the staff's Portuguese. */
export const campaignTexts = {
  nav: "Campanhas",
  title: "Campanhas que trazem leads",
  intro:
    "Cada lead conta na campanha do primeiro toque (a visita que trouxe a pessoa pela primeira vez, guardada por 90 dias, com o consentimento de Medição) e na do último toque (a visita em que ela enviou o formulário). Leads retidos para revisão aparecem à parte.",
  period: "Período",
  periodOption: (days: number) => (days === 365 ? "Últimos 12 meses" : `Últimos ${days} dias`),
  custom: "Datas escolhidas",
  from: "De",
  to: "Até",
  show: "Mostrar",
  summary: (leads: number, held: number, from: string, to: string) =>
    `${leads === 1 ? "1 lead" : `${leads} leads`} de ${from} a ${to}${held ? ` · ${held === 1 ? "1 retido" : `${held} retidos`} para revisão` : ""}.`,
  empty: "Nenhum lead neste período. Escolha um período maior.",
  seeAllLeads: "Ver todos os leads",
  table: "Leads por campanha",
  source: "Origem",
  medium: "Mídia",
  campaign: "Campanha",
  noCampaign: "(sem campanha)",
  groups: { first: "Primeiro toque", last: "Último toque", held: "Retidos" },
  columns: {
    firstLeads: "Leads",
    firstHot: "Quentes",
    lastLeads: "Leads",
    lastHot: "Quentes",
    completed: "Concluídos",
    held: "Retidos (quentes)",
    campaign: "Campanha",
  } satisfies Record<CampaignSort, string>,
  sortBy: (column: string) => `Ordenar por ${column}`,
  sortedBy: (column: string) => `Ordenado por ${column}`,
  heldCell: (held: number, hot: number) => (held ? `${held} (${hot})` : "0"),
  seeLeads: (campaign: string) => `Ver os leads da campanha ${campaign}`,
} as const;
