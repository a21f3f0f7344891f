import { randomBytes } from "node:crypto";
import type { Database } from "../db/client.ts";
import { ScheduledTask } from "../jobs/scheduled-task.ts";
import type { Logger } from "../logger.ts";
import { PORTAL_LABEL } from "../portal/ticket-delivery.ts";
import type { TicketInbound } from "../portal/ticket-inbound.ts";
import type { JiraInbound } from "./inbound.ts";
import type { JiraClient } from "./jira-client.ts";
import { SITE_TAG } from "./ticket.ts";
import { jiraTime, type StatusCategory } from "./webhook.ts";

export const RECONCILIATION_TASK = "jira-reconciliation";
/** A run holds its lease this long at most (a stalled instance's lease runs out, another takes over). */
export const RECONCILIATION_LEASE_MS = 10 * 60_000;
/** Each run looks back to the last successful one, plus this margin (clocks, Jira's indexing delay). */
export const RECONCILIATION_MARGIN_MS = 5 * 60_000;
/** The first run (or after a long stop) looks back at most this far. */
export const RECONCILIATION_FIRST_LOOK_BACK_MS = 7 * 24 * 3600_000;

export interface ReconciliationReport {
  issues: number;
  applied: number;
}

/**
 * Heals lost webhooks (issue 27): every JIRA_SYNC_INTERVAL_SECONDS, on one instance at a time (a
 * lease in scheduled_tasks), searches the issues the product created (labels `portal` and `site`)
 * updated since the last successful run, and applies their status and public comments as a webhook
 * would. What is already known changes nothing, so a run after a delivered webhook is harmless.
 */
export class JiraReconciliation {
  private readonly lease: ScheduledTask;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReconciliationReport | null> | null = null;

  constructor(
    private readonly options: {
      db: Database;
      jira: JiraClient;
      inbound: JiraInbound;
      tickets: TicketInbound;
      logger: Logger;
      intervalMs: number;
      now?: () => Date;
    },
  ) {
    this.now = options.now ?? (() => new Date());
    this.lease = new ScheduledTask(
      options.db,
      RECONCILIATION_TASK,
      RECONCILIATION_LEASE_MS,
      `reconcile-${process.pid}-${randomBytes(3).toString("hex")}`,
    );
  }

  start(): void {
    const tick = () => {
      void this.run().catch((error: Error) =>
        this.options.logger.warn({ err: error.message }, "Jira reconciliation failed; tried again next time"),
      );
      this.timer = setTimeout(tick, this.options.intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, Math.min(this.options.intervalMs, 30_000));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** One run, unless another instance (or this one) holds the lease: then null. */
  run(): Promise<ReconciliationReport | null> {
    if (this.running) return this.running;
    this.running = this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(): Promise<ReconciliationReport | null> {
    const startedAt = this.now();
    const lease = await this.lease.claim(startedAt);
    if (!lease) return null;
    try {
      const since = lease.lastSuccessAt
        ? new Date(
            Math.max(
              lease.lastSuccessAt.getTime() - RECONCILIATION_MARGIN_MS,
              startedAt.getTime() - RECONCILIATION_FIRST_LOOK_BACK_MS,
            ),
          )
        : new Date(startedAt.getTime() - RECONCILIATION_FIRST_LOOK_BACK_MS);
      // A relative period ("-15m") needs no time zone: Jira reads absolute dates in its user's zone.
      const minutes = Math.max(1, Math.ceil((startedAt.getTime() - since.getTime()) / 60_000));
      const issues = await this.options.jira.search(
        `labels in (${PORTAL_LABEL}, ${SITE_TAG}) AND updated >= "-${minutes}m" ORDER BY updated ASC`,
        ["status", "updated", "labels", "comment"],
      );
      let applied = 0;
      for (const issue of issues) {
        const status = issue.fields?.status;
        const at = jiraTime(issue.fields?.updated) ?? startedAt;
        await this.options.db.transaction(async (tx) => {
          if (status) {
            const key = status.statusCategory.key;
            const category: StatusCategory = key === "done" || key === "indeterminate" ? key : "new";
            const change = { kind: "status" as const, issueKey: issue.key, status: status.name, category };
            if (await this.options.inbound.apply(tx, change, at)) applied++;
          }
          const comments = issue.fields?.comment?.comments;
          if (comments && issue.fields?.labels?.includes(PORTAL_LABEL)) {
            if (await this.options.tickets.syncComments(tx, issue.key, comments)) applied++;
          }
        });
      }
      await this.lease.release(startedAt);
      if (applied > 0)
        this.options.logger.info({ issues: issues.length, applied }, "Jira reconciliation brought changes");
      return { issues: issues.length, applied };
    } catch (error) {
      await this.lease.release(null).catch(() => {});
      throw error;
    }
  }
}
