/** Texts of the admin's dashboard (B §2.8; decisions 075, 105). Staff work in Portuguese. */
export const dashboardTexts = {
  title: "Dashboard",
  /** Sales outcomes on the dashboard (decision 105). */
  outcomes: {
    title: (days: number) => `Resultados de vendas (últimos ${days} dias)`,
    byForm: "Por formulário",
    bySource: "Por origem da primeira visita",
    form: "Formulário",
    source: "Origem",
    total: "Leads",
    booked: "Agendaram demonstração",
    none: "Sem retorno",
    empty: "Nenhum lead no período. Os resultados aparecem quando o Jira avisar o status dos chamados.",
  },
  stats: {
    leads30: "Leads nos últimos 30 dias",
    pending: "Entregas pendentes",
    failed: "Entregas com falha",
    spam: "Retidos como spam",
    unassigned: (n: number) =>
      n === 1
        ? "1 lead dos últimos 30 dias está sem responsável de vendas."
        : `${n} leads dos últimos 30 dias estão sem responsável de vendas.`,
    seeUnassigned: "Ver os leads sem responsável",
    setRouting: "Definir quem recebe cada lead",
    byForm: "Leads por formulário e temperatura (30 dias)",
    byDay: "Leads por dia nos últimos 30 dias",
    leadsAxis: "Leads",
    day: "Dia",
    /** The chart's legend before the pointer is on a day (uPlot would print "--"). */
    pointAtDay: "aponte um dia no gráfico",
    peak: (day: string, n: number) => `Dia com mais leads: ${day} (${n}).`,
    form: "Formulário",
    total: "Total",
    edits: "Edições recentes de conteúdo",
    audit: "Atividade da administração",
    none: "Nenhum registro ainda.",
    heldTitle: (n: number) =>
      n === 1
        ? "1 lead morno ou quente foi retido como spam: confira se é uma pessoa"
        : `${n} leads mornos ou quentes foram retidos como spam: confira se são pessoas`,
    heldHint:
      "Leads que parecem reais não chegam ao Jira enquanto estiverem retidos. Abra cada um e use “Liberar para entrega” se for uma pessoa.",
    heldAll: "Ver todos os retidos",
  },
} as const;
