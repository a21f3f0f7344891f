import { fromSaoPauloTime, toSaoPauloTime } from "@domain/content/schedule-time.ts";
import { and, asc, eq, gt, isNull, lt } from "drizzle-orm";
import type { AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { consentRecords, leads } from "../db/schema.ts";
import { type IssueRedactionTexts, redactIssue, redactLead } from "../leads/erasure.ts";
import type { Logger } from "../logger.ts";
import type { JiraClient } from "../tracker/jira-client.ts";

/**
 * The retention of leads (LGPD art. 15 and 16; decision 111): a lead created before the
 * retention period staff set (default 24 months) has its personal data removed by the nightly job,
 * with the same redaction as the erasure, and its Jira issue redacted with a comment saying why.
 * `anonymizedAt` is set only once both are done: a lead whose issue Jira would not redact has its
 * data removed here at once and stays in the next run's list until Jira takes the redaction.
 */

/** The São Paulo hour after which the day's run happens (a quiet hour for Jira and the database). */
export const RETENTION_HOUR = 3;
/** Leads read and anonymised per batch. */
export const RETENTION_BATCH = 200;
/** How often the job looks whether the day's run is due (and retries a run Jira failed). */
export const RETENTION_CHECK_INTERVAL_MS = 3600_000;

export const RETENTION_ISSUE_TEXTS: IssueRedactionTexts = {
  summary: "[Dados removidos ao fim do prazo de retenção - LGPD art. 16]",
  body: "[dados removidos ao fim do prazo de retenção]",
  comment:
    "Os dados pessoais deste lead foram removidos ao fim do prazo de retenção definido na Política de Privacidade (LGPD, art. 16). O registro permanece sem dados pessoais.",
};

/** "YYYY-MM-DD" of a São Paulo calendar day, `months` months before (the day clamped to the month's end). */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}

/**
 * The instant before which a lead is past its retention: the start (São Paulo midnight) of the
 * calendar day `months` months before today in São Paulo. A lead of 10 March 2024 is kept, with
 * 24 months, through 10 March 2026 and anonymised in the night that begins 11 March 2026.
 */
export function retentionCutoff(now: Date, months: number): Date {
  const today = toSaoPauloTime(now).slice(0, 10);
  return fromSaoPauloTime(`${monthsBefore(today, months)}T00:00`)!;
}

/** The last São Paulo 03:00 at or before `now`: the day's run is due when no run succeeded since. */
export function lastRunSlot(now: Date): Date {
  const local = toSaoPauloTime(now);
  const today = local.slice(0, 10);
  const slot = fromSaoPauloTime(`${today}T${String(RETENTION_HOUR).padStart(2, "0")}:00`)!;
  if (slot.getTime() <= now.getTime()) return slot;
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const yesterday = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  return fromSaoPauloTime(`${yesterday}T${String(RETENTION_HOUR).padStart(2, "0")}:00`)!;
}

export function retentionDue(now: Date, lastSuccessAt: Date | null): boolean {
  return lastSuccessAt === null || lastSuccessAt.getTime() < lastRunSlot(now).getTime();
}

export interface RetentionReport {
  /** False when the day's run had already happened (the hourly look found nothing to do). */
  due: boolean;
  cutoff: string | null;
  /** Leads whose personal data was removed in this run (including those whose issue is pending). */
  leads: number;
  /** Leads now fully anonymised (data and Jira issue). */
  anonymized: number;
  /** Jira issues redacted. */
  issues: number;
  /** Cookie choices older than the period, deleted (decision 123). */
  consents: number;
  /** Jira issues Jira would not redact now: their leads are taken up again by the next run. */
  issueFailures: string[];
}

export class RetentionRunError extends Error {
  constructor(readonly report: RetentionReport) {
    super(`${report.issueFailures.length} Jira issue(s) not redacted; tried again at the next check`);
  }
}

export class LeadRetention {
  constructor(
    private readonly options: {
      db: Database;
      jira: JiraClient | null;
      logger: Logger;
      audit: AuditLog;
      retentionMonths: () => Promise<number>;
      batchSize?: number;
    },
  ) {}

  /**
   * The periodic job's work: the day's pass when due. A pass with Jira failures throws after
   * doing everything else, so the job records no success and the next hourly check runs again.
   */
  async tick(startedAt: Date, lastSuccessAt: Date | null): Promise<RetentionReport> {
    if (!retentionDue(startedAt, lastSuccessAt))
      return { due: false, cutoff: null, leads: 0, anonymized: 0, issues: 0, consents: 0, issueFailures: [] };
    const report = await this.run(startedAt);
    if (report.issueFailures.length > 0) throw new RetentionRunError(report);
    return report;
  }

  /** Anonymises every lead created before the cutoff and not anonymised yet, in batches. */
  async run(now: Date): Promise<RetentionReport> {
    const { db, jira, logger } = this.options;
    const months = await this.options.retentionMonths();
    const cutoff = retentionCutoff(now, months);
    const report: RetentionReport = {
      due: true,
      cutoff: cutoff.toISOString(),
      leads: 0,
      anonymized: 0,
      issues: 0,
      consents: 0,
      issueFailures: [],
    };
    const size = this.options.batchSize ?? RETENTION_BATCH;
    // Keyset over the id: each lead is seen once per pass, even one that stays pending (Jira failed).
    let after: string | null = null;
    for (;;) {
      const batch: { id: string; trackerKey: string | null }[] = await db
        .select({ id: leads.id, trackerKey: leads.trackerKey })
        .from(leads)
        .where(
          and(
            lt(leads.createdAt, cutoff),
            isNull(leads.anonymizedAt),
            after === null ? undefined : gt(leads.id, after),
          ),
        )
        .orderBy(asc(leads.id))
        .limit(size);
      if (batch.length === 0) break;
      for (const lead of batch) {
        await redactLead(db, lead.id, now);
        report.leads++;
        const outcome = lead.trackerKey
          ? await redactIssue(jira, lead.trackerKey, RETENTION_ISSUE_TEXTS, logger)
          : "skipped";
        if (outcome === "failed") {
          report.issueFailures.push(lead.trackerKey!);
          continue;
        }
        if (outcome === "redacted") report.issues++;
        await db
          .update(leads)
          .set({ anonymizedAt: now })
          .where(and(eq(leads.id, lead.id), isNull(leads.anonymizedAt)));
        report.anonymized++;
      }
      after = batch[batch.length - 1]!.id;
      if (batch.length < size) break;
    }
    // The proof of a cookie choice is kept as long as a lead (decision 123).
    report.consents = (
      await db
        .delete(consentRecords)
        .where(lt(consentRecords.decidedAt, cutoff))
        .returning({ id: consentRecords.id })
    ).length;
    if (report.leads > 0) {
      // The fact of the run, never a person's data: how many, and the cutoff.
      await this.options.audit.record({
        actor: "sistema",
        action: "lead.retention",
        target: `${months} meses`,
        detail: {
          cutoff: report.cutoff,
          leads: report.leads,
          anonymized: report.anonymized,
          issuesRedacted: report.issues,
          issuesPending: report.issueFailures.length,
        },
      });
    }
    return report;
  }
}
