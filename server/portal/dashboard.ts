import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "@domain/billing/invoice-status.ts";
import type { UserDashboardData } from "@domain/content/schemas.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { Plan } from "@domain/plans.ts";
import { dashboardTexts } from "@domain/portal/dashboard-texts.ts";
import { CONNECTION_STATUS_LABELS, type IntegrationView } from "@domain/portal/integrations.ts";
import { type CompanyRole, can } from "@domain/portal/permissions.ts";
import { TICKET_STATUS_LABELS } from "@domain/portal/tickets.ts";
import { type CompanyRow, memberLimit } from "./companies.ts";
import type { TicketSummary } from "./tickets.ts";

/** Activities the dashboard lists, newest first. */
export const DASHBOARD_ACTIVITIES = 8;

export interface CustomerDashboardInput {
  language: OfferedLanguage;
  /** The "user-dashboard" content document: its header's title greets the customer. */
  layout: Pick<UserDashboardData, "header"> | null;
  company: Pick<CompanyRow, "legalName" | "tradeName">;
  plan: Pick<Plan, "name" | "limits"> | undefined;
  /** Everyone in the company, active or not: what the plan's user limit counts. */
  members: number;
  /** Invitations still open (not expired): the limit counts them too. */
  openInvitations: number;
  /** TicketService.summary of the signed-in person (their tickets, or the company's). */
  tickets: TicketSummary;
  role: CompanyRole;
  /** The catalogue's integrations the company has a connection to. */
  integrations: IntegrationView[];
  /** The earliest open invoice (decision 097), or null. */
  nextInvoice: { number: string; amountCentavos: number; dueOn: string; status: InvoiceStatus } | null;
}

/**
 * The customer's dashboard (B §3.8, decision 093), from their company's records: open tickets and
 * support's last replies, its people against the plan's limit, and the actions the person's role
 * allows. What has no source yet says so: no integrations, no next payment (never sample figures).
 * No I/O: GET /api/json/user-dashboard gathers the input.
 */
export function customerDashboard(input: CustomerDashboardInput): UserDashboardData {
  const t = dashboardTexts(input.language);
  const { tickets, role } = input;
  const plan = input.plan ?? null;
  const limit = memberLimit(input.plan as Plan | undefined);
  const companyName = input.company.tradeName || input.company.legalName;
  const used = input.members + input.openInvitations;

  const stats: UserDashboardData["stats"] = [
    {
      id: "chamados",
      title: t.tickets.title(can(role, "tickets.viewCompany")),
      value: tickets.open + tickets.inProgress,
      total: null,
      description: t.tickets.description(tickets.open, tickets.inProgress),
      trend: "",
      icon: "life-buoy",
    },
    {
      id: "respostas",
      title: t.replies.title,
      value: tickets.unread,
      total: null,
      description: t.replies.description,
      trend: t.replies.trend(tickets.unread),
      icon: "message-circle",
    },
    {
      id: "usuarios",
      title: t.members.title,
      value: input.members,
      total: limit,
      description: !plan
        ? t.members.noPlan
        : limit === null
          ? t.members.unlimited(plan.name)
          : t.members.limited(plan.name),
      trend: t.members.invitations(input.openInvitations),
      icon: "users",
    },
  ];

  const quickActions: UserDashboardData["quickActions"] = [];
  if (can(role, "tickets.create")) {
    quickActions.push({
      id: "novo-chamado",
      ...t.actions.ticket,
      icon: "headset",
      link: "/user/suporte/novo",
    });
  }
  if (can(role, "members.manage")) {
    quickActions.push({
      id: "convidar",
      title: t.actions.invite.title,
      description:
        limit !== null && used >= limit ? t.actions.invite.full(limit) : t.actions.invite.description,
      icon: "user-plus",
      link: "/user/usuarios/novo",
    });
  }

  return {
    header: {
      title: input.layout?.header.title || t.title,
      subtitle: t.subtitle(companyName, plan?.name ?? null),
    },
    stats,
    quickActions,
    integrations: input.integrations
      .filter((view) => view.connection !== null)
      .map((view) => ({
        id: view.id,
        name: view.name,
        icon: view.icon,
        status: CONNECTION_STATUS_LABELS[input.language][view.connection!.status],
        lastSync: view.connection!.lastSyncAt ?? "",
      })),
    recentActivities: activities(input),
    systemStats:
      limit === null
        ? []
        : [
            {
              id: "usuarios",
              label: t.usage.label,
              value: limit === 0 ? 100 : Math.round((used / limit) * 100),
              description: t.usage.description(used, limit),
            },
          ],
    nextPayment: input.nextInvoice
      ? {
          // B §3.8 gives the amount as a number of reais: centavos / 100 is exact to the centavo.
          amount: input.nextInvoice.amountCentavos / 100,
          dueDate: input.nextInvoice.dueOn,
          status: INVOICE_STATUS_LABELS[input.language][input.nextInvoice.status],
          icon: "receipt",
          paymentLink: `/user/faturas/${encodeURIComponent(input.nextInvoice.number)}`,
        }
      : null,
  };
}

/** The recent tickets (their state as of their last activity) and support's replies, newest first. */
function activities({ language, tickets }: CustomerDashboardInput): UserDashboardData["recentActivities"] {
  const t = dashboardTexts(language);
  const protocolOf = new Map(tickets.recent.map((ticket) => [ticket.id, ticket.protocol]));
  const entries = [
    ...tickets.recent.map((ticket) => ({
      id: `chamado-${ticket.id}`,
      text: t.activity.ticket(ticket.protocol, ticket.subject, TICKET_STATUS_LABELS[language][ticket.status]),
      time: ticket.activityAt,
      icon: ticket.status === "resolvido" ? "check-circle" : "life-buoy",
      link: `/user/suporte/${ticket.id}`,
    })),
    ...tickets.lastReplies.map((reply, index) => ({
      id: `resposta-${reply.ticketId}-${index}`,
      // The recent list names a ticket by its Jira key once it has one; a reply says the same.
      text: t.activity.reply(reply.authorName, protocolOf.get(reply.ticketId) ?? reply.protocol),
      time: reply.at,
      icon: "message-circle",
      link: `/user/suporte/${reply.ticketId}`,
    })),
  ];
  return entries.sort((a, b) => Date.parse(b.time) - Date.parse(a.time)).slice(0, DASHBOARD_ACTIVITIES);
}
