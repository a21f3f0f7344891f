import { touchOrigin } from "@domain/attribution/touch.ts";
import { OUTCOMES, type Outcome } from "@domain/leads/outcomes.ts";
import { and, gte, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { demoMeetings, leads } from "../db/schema.ts";
import { firstTouchOf } from "../leads/inbox.ts";

/** The period the dashboard's sales outcomes cover: long enough for deals to close. */
export const OUTCOME_DAYS = 90;

/** Leads per outcome ("none": no answer from sales yet), all of them, and those that booked a demonstration. */
export type OutcomeCounts = Record<Outcome | "none", number> & { total: number; booked: number };

export interface OutcomeRow extends OutcomeCounts {
  /** What the row groups: a form key, or "source / medium / campaign" of the first touch. */
  key: string;
}

function emptyCounts(): OutcomeCounts {
  return {
    total: 0,
    none: 0,
    booked: 0,
    ...Object.fromEntries(OUTCOMES.map((o) => [o, 0])),
  } as OutcomeCounts;
}

/** Counts leads by outcome under the key each one gives, biggest group first (then by name). */
export function countOutcomes<T extends { outcome: Outcome | null; booked: boolean }>(
  items: T[],
  keyOf: (item: T) => string,
): OutcomeRow[] {
  const groups = new Map<string, OutcomeCounts>();
  for (const item of items) {
    const key = keyOf(item);
    const counts = groups.get(key) ?? emptyCounts();
    counts.total++;
    counts[item.outcome ?? "none"]++;
    if (item.booked) counts.booked++;
    groups.set(key, counts);
  }
  return [...groups]
    .map(([key, counts]) => ({ key, ...counts }))
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
}

/**
 * Sales outcomes of the last OUTCOME_DAYS days (decision 105): per form, and per first-touch
 * source, medium and campaign, so marketing sees which campaigns bring won deals and booked
 * demonstrations (a lead that booked one, whether it was moved or cancelled since). Spam is left out.
 */
export async function outcomesReport(db: Database, now: Date = new Date()) {
  const since = new Date(now.getTime() - OUTCOME_DAYS * 24 * 3600_000);
  const rows = await db
    .select({
      form: leads.formId,
      outcome: leads.outcome,
      tracking: leads.tracking,
      // Written so it reads right whether drizzle qualifies the columns or not.
      booked: sql<boolean>`${leads.id} in (select ${demoMeetings.leadId} from ${demoMeetings})`,
    })
    .from(leads)
    .where(and(gte(leads.createdAt, since), isNull(leads.spamReason)));
  const touched = rows.map((row) => ({
    ...row,
    origin: touchOrigin(firstTouchOf(row.tracking)),
  }));
  return {
    days: OUTCOME_DAYS,
    byForm: countOutcomes(touched, (row) => row.form),
    bySource: countOutcomes(touched, (row) => row.origin).slice(0, 20),
  };
}
