import { OUTCOME_LABELS } from "@domain/leads/outcomes.ts";
import type { LeadSettings } from "../leads/lead-settings.ts";
import { TicketInbound } from "../portal/ticket-inbound.ts";
import { enqueueLeadEvent } from "../webhooks/enqueue.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { JiraInbound } from "./inbound.ts";
import { JiraReconciliation } from "./reconcile.ts";

/**
 * What Jira tells the product (decisions 092, 094): its webhooks about leads and tickets, and the
 * reconciliation that heals lost ones every JIRA_SYNC_INTERVAL_SECONDS (none without Jira).
 */
export function buildTrackerInbound(platform: Platform, { leadSettings }: { leadSettings: LeadSettings }) {
  const { db, config, logger, jira, seams } = platform;
  const tickets = new TicketInbound({ publicBaseUrl: config.publicBaseUrl, now: seams.now });
  const jiraInbound = new JiraInbound({
    db,
    tickets,
    settings: leadSettings,
    // Receivers of outgoing webhooks hear what sales did with a lead (decisions 103, 105).
    onOutcomeChanged: (db, leadId, outcome, previous) =>
      enqueueLeadEvent(
        db,
        leadId,
        "lead.outcome_changed",
        { outcome: { value: outcome, label: outcome ? OUTCOME_LABELS[outcome] : null, previous } },
        seams.now?.() ?? new Date(),
      ).then(() => undefined),
    now: seams.now,
  });
  const reconciliation = jira
    ? new JiraReconciliation({
        db,
        jira,
        inbound: jiraInbound,
        tickets,
        logger,
        intervalMs: config.JIRA_SYNC_INTERVAL_SECONDS * 1000,
        now: seams.now,
      })
    : null;
  return {
    services: {
      /** What Jira tells the product: its webhooks and the reconciliation. */
      jiraInbound,
      /** Heals lost Jira webhooks every JIRA_SYNC_INTERVAL_SECONDS (null without Jira). */
      reconciliation,
    },
    jobs: reconciliation ? [reconciliation] : [],
  } satisfies DomainParts<object>;
}
