import { type Outcome, outcomeOf } from "@domain/leads/outcomes.ts";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { jiraWebhookDeliveries, leads } from "../db/schema.ts";
import type { LeadSettings } from "../leads/lead-settings.ts";
import type { TicketInbound } from "../portal/ticket-inbound.ts";
import type { InboundChange } from "./webhook.ts";

/** How long a delivery's identifier is kept: Jira retries a failed delivery within hours, not weeks. */
export const DELIVERY_MEMORY_MS = 30 * 24 * 3600_000;

export type Received = "applied" | "repeated" | "ignored";

/**
 * What Jira tells the product (decision 092), from its webhooks and from the reconciliation: each
 * delivery is recorded by its identifier and applied once, in one transaction; a change older than
 * what is already known (deliveries arrive out of order) changes nothing.
 */
export class JiraInbound {
  private readonly now: () => Date;

  constructor(
    private readonly options: {
      db: Database;
      tickets: TicketInbound;
      /** What each status means as a sales outcome (staff's mapping). */
      settings: LeadSettings;
      /** A lead's outcome changed (in the same transaction): its outgoing webhooks are queued there. */
      onOutcomeChanged?: (
        db: Database,
        leadId: string,
        outcome: Outcome | null,
        previous: Outcome | null,
      ) => Promise<void>;
      now?: () => Date;
    },
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Records the delivery `identifier` and applies `change` (as of `at`, the issue's update time),
   * or answers "repeated" when that delivery was already applied.
   */
  async receive(
    identifier: string,
    event: string,
    change: InboundChange | null,
    at: Date,
  ): Promise<Received> {
    return this.options.db.transaction(async (tx) => {
      const recorded = await tx
        .insert(jiraWebhookDeliveries)
        .values({ identifier, event, issueKey: change?.issueKey ?? null, receivedAt: this.now() })
        .onConflictDoNothing()
        .returning({ identifier: jiraWebhookDeliveries.identifier });
      if (recorded.length === 0) return "repeated";
      if (!change) return "ignored";
      return (await this.apply(tx, change, at)) ? "applied" : "ignored";
    });
  }

  /**
   * Applies a change known from elsewhere (the reconciliation's search): no delivery to record.
   * A status reaches the lead or the support ticket whose issue it is; comments reach tickets only.
   */
  async apply(db: Database, change: InboundChange, at: Date): Promise<boolean> {
    if (change.kind === "comment") {
      return this.options.tickets.applyComment(db, change.issueKey, change.action, change.comment);
    }
    const status = change.kind === "status" ? change.status : null;
    const category = change.kind === "status" ? change.category : "deleted";
    const updated = await db
      .update(leads)
      .set({ trackerStatus: status, trackerStatusCategory: category, trackerStatusAt: at })
      .where(
        and(
          eq(leads.trackerKey, change.issueKey),
          or(isNull(leads.trackerStatusAt), lte(leads.trackerStatusAt, at)),
        ),
      )
      .returning({ id: leads.id, outcome: leads.outcome });
    if (updated.length > 0) await this.recordOutcomes(db, updated, status, category, at);
    // A deleted issue leaves its ticket as it was: the customer's record of the conversation stays.
    const ticket =
      change.kind === "status"
        ? await this.options.tickets.applyStatus(db, change.issueKey, change.status, change.category, at)
        : false;
    return updated.length > 0 || ticket;
  }

  /** The leads' outcome from their new status; each change is announced once. */
  private async recordOutcomes(
    db: Database,
    updated: { id: string; outcome: Outcome | null }[],
    status: string | null,
    category: "new" | "indeterminate" | "done" | "deleted",
    at: Date,
  ): Promise<void> {
    const mapping = (await this.options.settings.outcomes(db)).value;
    const outcome = category === "deleted" ? null : outcomeOf(status, category, mapping);
    for (const lead of updated) {
      // A deleted issue keeps the outcome the lead had: sales' last word on it.
      if (category === "deleted" || lead.outcome === outcome) continue;
      await db.update(leads).set({ outcome, outcomeAt: at }).where(eq(leads.id, lead.id));
      await this.options.onOutcomeChanged?.(db, lead.id, outcome, lead.outcome);
    }
  }

  /** Forgets identifiers of deliveries older than DELIVERY_MEMORY_MS. */
  async forgetOldDeliveries(): Promise<number> {
    const removed = await this.options.db
      .delete(jiraWebhookDeliveries)
      .where(
        sql`${jiraWebhookDeliveries.receivedAt} < ${new Date(this.now().getTime() - DELIVERY_MEMORY_MS)}`,
      )
      .returning({ identifier: jiraWebhookDeliveries.identifier });
    return removed.length;
  }
}
