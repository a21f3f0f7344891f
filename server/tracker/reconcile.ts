import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { PeriodicJob } from "../platform/jobs/periodic-job.ts";
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
 * Heals lost webhooks (decision 094): every JIRA_SYNC_INTERVAL_SECONDS, on one instance at a time (a
 * lease in scheduled_tasks), searches the issues the product created (labels `portal` and `site`)
 * updated since the last successful run, and applies their status and public comments as a webhook
 * would. What is already known changes nothing, so a run after a delivered webhook is harmless.
 */
export class JiraReconciliation {
  private readonly job: PeriodicJob<ReconciliationReport>;

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
    this.job = new PeriodicJob({
      db: options.db,
      name: RECONCILIATION_TASK,
      leaseMs: RECONCILIATION_LEASE_MS,
      intervalMs: options.intervalMs,
      logger: options.logger,
      failureMessage: "Jira reconciliation failed; tried again next time",
      ...(options.now ? { now: options.now } : {}),
      work: (startedAt, lastSuccessAt) => this.reconcile(startedAt, lastSuccessAt),
    });
  }

  get schedule() {
    return this.job.schedule;
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** One run, unless another instance (or this one) holds the lease: then null. */
  run(): Promise<ReconciliationReport | null> {
    return this.job.run();
  }

  private async reconcile(startedAt: Date, lastSuccessAt: Date | null): Promise<ReconciliationReport> {
    const since = lastSuccessAt
      ? new Date(
          Math.max(
            lastSuccessAt.getTime() - RECONCILIATION_MARGIN_MS,
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
    if (applied > 0)
      this.options.logger.info({ issues: issues.length, applied }, "Jira reconciliation brought changes");
    return { issues: issues.length, applied };
  }
}
