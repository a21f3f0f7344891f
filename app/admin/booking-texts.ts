/** Texts of the demonstrations' calendar (decision 138): sellers' availability and upcoming meetings. */
export const bookingAdminTexts = {
  title: "Agenda de demonstrações",
  intro:
    "Quem preenche a agenda recebe as demonstrações que os visitantes marcam na tela de sucesso do formulário de demonstração e do teste grátis: primeiro o responsável que a distribuição de leads escolheu, senão quem tem menos reuniões marcadas. Os horários são de Brasília; feriados nacionais e folgas ficam de fora.",
  noOwners:
    "Nenhuma pessoa na equipe comercial ainda. Cadastre a equipe em Distribuição de leads para abrir a agenda.",
  toSales: "Ir para Distribuição de leads",
  takes: "Recebe agendamentos",
  closed: "Sem agenda: não recebe agendamentos",
  email: "E-mail para os convites",
  emailHint: "Os convites e lembretes das reuniões chegam aqui.",
  meetingUrl: "Sala da reunião (link)",
  meetingUrlHint: "Google Meet, Teams, Zoom… Vazio: o link da equipe, se houver.",
  calendarUrl: "Agenda particular (endereço iCal)",
  calendarUrlHint:
    "Opcional. O endereço secreto no formato iCal que o Google Agenda e o Outlook publicam: os compromissos dele bloqueiam horários. Lido ao salvar e a cada 5 minutos.",
  calendarRead: (when: string, count: number) =>
    count === 0
      ? `Agenda lida em ${when}: nenhum compromisso à frente.`
      : `Agenda lida em ${when}: ${count} ${count === 1 ? "compromisso bloqueia" : "compromissos bloqueiam"} horários.`,
  calendarFailed: (when: string, reason: string, lastRead: string | null) =>
    `Não foi possível ler a agenda em ${when}: ${reason}.${lastRead ? ` Os compromissos lidos em ${lastRead} continuam bloqueando horários.` : ""}`,
  calendarFailure: (failure: string) =>
    failure.startsWith("status:")
      ? `o endereço respondeu com o erro ${failure.slice("status:".length)}`
      : ({
          timeout: "o endereço não respondeu em 10 segundos",
          unreachable: "o endereço não pôde ser acessado",
          "not-ical": "o endereço não devolveu uma agenda no formato iCal",
          "too-large": "a agenda passa de 5 MB",
        }[failure] ?? "o endereço não devolveu uma agenda"),
  weekly: "Horário semanal",
  weekdays: ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"],
  from: "Das",
  to: "Até",
  meetingMinutes: "Duração da reunião (minutos)",
  gapMinutes: "Intervalo entre reuniões (minutos)",
  noticeHours: "Antecedência mínima (horas)",
  daysAhead: "Dias úteis à frente",
  daysOff: "Folgas",
  daysOffHint: "Uma data por linha, no formato AAAA-MM-DD.",
  save: "Salvar agenda",
  saved: (name: string) => `Agenda de ${name} salva.`,
  invalid: "Revise os campos marcados.",
  notOnTeam: "Esta pessoa não está mais na equipe comercial. Recarregue a página.",
  upcoming: "Próximas demonstrações",
  upcomingOf: (seller: string, n: number) =>
    `${seller}: ${n === 1 ? "1 demonstração" : `${n} demonstrações`}`,
  noUpcoming: "Nenhuma demonstração marcada. Elas aparecem aqui assim que um visitante agenda.",
  when: "Quando",
  lead: "Lead",
  openLead: "Ver lead",
} as const;
