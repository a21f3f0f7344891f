import type { OfferedLanguage } from "../locale.ts";

/**
 * The words of the customer's dashboard (decision 093): what GET /api/json/user-dashboard says
 * of the company's figures (server/portal/dashboard.ts), and the page's empty states. Portuguese
 * first; English for visitors who chose it.
 */
const pt = {
  title: "Bem-vindo(a) ao Vértice",
  subtitle: (company: string, plan: string | null) =>
    plan ? `${company} · Plano ${plan}` : `${company} · Nenhum plano definido ainda`,
  tickets: {
    title: (wholeCompany: boolean): string =>
      wholeCompany ? "Chamados em aberto" : "Seus chamados em aberto",
    description: (waiting: number, inProgress: number) =>
      `${waiting} aguardando atendimento · ${inProgress} em atendimento`,
  },
  replies: {
    title: "Respostas novas",
    description: "do suporte, ainda não lidas",
    trend: (unread: number): string =>
      unread === 0
        ? "Nada novo por aqui"
        : unread === 1
          ? "Abra o chamado para ler"
          : "Abra os chamados para ler",
  },
  members: {
    title: "Usuários",
    limited: (plan: string) => `no limite do plano ${plan}`,
    unlimited: (plan: string) => `Plano ${plan}: Ilimitado`,
    noPlan: "Nenhum plano definido ainda",
    invitations: (open: number) =>
      open === 0 ? "" : open === 1 ? "1 convite em aberto" : `${open} convites em aberto`,
  },
  usage: {
    label: "Usuários do plano",
    description: (used: number, limit: number) =>
      `${used} de ${limit} ${limit === 1 ? "usuário" : "usuários"}, contando convites em aberto`,
  },
  actions: {
    ticket: { title: "Abrir chamado", description: "Fale com o nosso suporte" },
    invite: {
      title: "Convidar pessoa",
      description: "Dê acesso a alguém da sua empresa",
      full: (limit: number) =>
        `O plano já tem ${limit} ${limit === 1 ? "usuário" : "usuários"}: libere uma vaga antes`,
    },
  },
  activity: {
    ticket: (protocol: string, subject: string, status: string) => `${protocol} · ${subject} — ${status}`,
    reply: (author: string, protocol: string) => `${author} respondeu ao chamado ${protocol}`,
  },
  page: {
    of: "de",
    noActivities: "Nenhuma atividade ainda. Os chamados abertos e as respostas do suporte aparecem aqui.",
    noIntegrations: "Nenhuma integração ainda.",
    noPayment: "Nenhuma cobrança ainda.",
    usage: "Uso do plano",
  },
};

const en: typeof pt = {
  title: "Welcome to Vértice",
  subtitle: (company: string, plan: string | null) =>
    plan ? `${company} · ${plan} plan` : `${company} · No plan chosen yet`,
  tickets: {
    title: (wholeCompany: boolean): string => (wholeCompany ? "Open tickets" : "Your open tickets"),
    description: (waiting: number, inProgress: number) => `${waiting} waiting · ${inProgress} in progress`,
  },
  replies: {
    title: "New replies",
    description: "from support, not read yet",
    trend: (unread: number): string =>
      unread === 0
        ? "Nothing new here"
        : unread === 1
          ? "Open the ticket to read it"
          : "Open the tickets to read them",
  },
  members: {
    title: "Users",
    limited: (plan: string) => `within the ${plan} plan's limit`,
    unlimited: (plan: string) => `${plan} plan: Unlimited`,
    noPlan: "No plan chosen yet",
    invitations: (open: number) =>
      open === 0 ? "" : open === 1 ? "1 open invitation" : `${open} open invitations`,
  },
  usage: {
    label: "Plan users",
    description: (used: number, limit: number) =>
      `${used} of ${limit} ${limit === 1 ? "user" : "users"}, open invitations included`,
  },
  actions: {
    ticket: { title: "Open a ticket", description: "Talk to our support" },
    invite: {
      title: "Invite someone",
      description: "Give someone at your company access",
      full: (limit: number) =>
        `The plan already has ${limit} ${limit === 1 ? "user" : "users"}: free a seat first`,
    },
  },
  activity: {
    ticket: (protocol: string, subject: string, status: string) => `${protocol} · ${subject} — ${status}`,
    reply: (author: string, protocol: string) => `${author} replied to ticket ${protocol}`,
  },
  page: {
    of: "of",
    noActivities: "No activity yet. Your tickets and support's replies show up here.",
    noIntegrations: "No integrations yet.",
    noPayment: "No charges yet.",
    usage: "Plan usage",
  },
};

export type DashboardTexts = typeof pt;

export function dashboardTexts(language: OfferedLanguage): DashboardTexts {
  return language === "en" ? en : pt;
}
