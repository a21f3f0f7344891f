import type { AccountService } from "../auth/users.ts";
import type { ContentService } from "../content/service.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { CompanyService } from "./companies.ts";
import { IntegrationService } from "./integrations.ts";
import { MemberService } from "./members.ts";
import { PlanChangeService } from "./plan-changes.ts";
import { PlanRequestDelivery, simulatedPlanRequestJob } from "./plan-request-delivery.ts";
import { contentPlans } from "./plans.ts";
import { SupportDesk } from "./support-desk.ts";
import { simulatedTicketJob, TicketDelivery } from "./ticket-delivery.ts";
import { TicketService } from "./tickets.ts";

/**
 * The customer portal (decisions 091–095): companies and their people, support tickets and plan
 * changes, each delivered to Jira through the outbox (decision 094), or kept until Jira is set.
 */
export function buildPortal(
  platform: Platform,
  { content, accounts }: { content: ContentService; accounts: AccountService },
) {
  const { db, config, logger, mailer, jira, worker, files, audit, seams } = platform;
  const kick = () => void worker.kick();
  const companies = new CompanyService({ db, plans: contentPlans(content), now: seams.now, audit });
  const tickets = new TicketService({
    db,
    audit,
    storage: files.tickets,
    ticketCounter: platform.windowCounter("tickets", 3600_000),
    kick,
    now: seams.now,
  });
  const ticketDelivery = jira
    ? new TicketDelivery({
        db,
        jira,
        storage: files.tickets,
        companies,
        logger,
        now: seams.now,
        sleep: seams.sleep,
      })
    : null;
  return {
    services: {
      /** Customer companies and their members (the portal, the admin's companies). */
      companies,
      /** Support tickets of the portal. */
      tickets,
      /** Every company's tickets for staff: the admin's support inbox (decision 130). */
      supportDesk: new SupportDesk({
        db,
        audit,
        storage: files.tickets,
        publicBaseUrl: config.publicBaseUrl,
        kick,
        now: seams.now,
      }),
      /** A company's people: invitations, roles, removals. */
      members: new MemberService({
        db,
        accounts,
        companies,
        mailer,
        publicBaseUrl: config.publicBaseUrl,
        invitationCounter: platform.windowCounter("invites", 3600_000),
        now: seams.now,
        audit,
      }),
      /** The integrations catalogue with each company's connections. */
      integrations: new IntegrationService({ db, content, companies, tickets, now: seams.now }),
      /** The company's plan, its limits and requests to change it (decision 095). */
      planChanges: new PlanChangeService({
        db,
        audit,
        companies,
        plansIn: async (language) =>
          (await content.get("plans-data", { segment: null, lang: language }))?.data ?? null,
        publicBaseUrl: config.publicBaseUrl,
        kick,
        now: seams.now,
      }),
    },
    handlers: {
      ticket: ticketDelivery?.create ?? simulatedTicketJob,
      ticket_comment: ticketDelivery?.comment ?? simulatedTicketJob,
      ticket_transition: ticketDelivery?.transition ?? simulatedTicketJob,
      plan_request: jira
        ? new PlanRequestDelivery({
            db,
            jira,
            companies,
            logger,
            publicBaseUrl: config.publicBaseUrl,
            now: seams.now,
            sleep: seams.sleep,
          }).deliver
        : simulatedPlanRequestJob,
    },
  } satisfies DomainParts<object>;
}
