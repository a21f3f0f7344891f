import type { LeadLevel } from "@domain/lead-status.ts";
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contentDocuments, contentRevisions, deliveryJobs, leads } from "../db/schema.ts";

/** The admin dashboard's figures (real figures, not B §2.8's static sample). */
export interface DashboardFigures {
  /** Leads of the last 30 days per form, by temperature (spam left out). */
  leadsByForm: { form: string; cold: number; warm: number; hot: number; total: number }[];
  /** The same leads per day (UTC), oldest first, every one of the 30 days present (zeros included). */
  leadsByDay: DayCount[];
  deliveries: { pending: number; failed: number };
  spam: number;
  /** Leads of the last 30 days no sales owner was given (no routing rule matched; spam left out). */
  unassigned: number;
  recentEdits: { name: string; segment: string; lang: string; version: number; author: string; at: string }[];
  /** Warm and hot leads of the last 30 days held as spam, newest first: a person should look (decision 125). */
  heldForReview: HeldLead[];
}

export interface HeldLead {
  id: string;
  protocol: string;
  form: string;
  level: LeadLevel;
  score: number;
  spamReason: string;
  /** The visitor's name (or e-mail) as they typed it. */
  who: string;
  at: string;
}

/** How many held leads the dashboard lists; the inbox's "Retidos" filter has the rest. */
export const HELD_FOR_REVIEW_LIMIT = 10;

export interface DayCount {
  /** YYYY-MM-DD (UTC) */
  day: string;
  cold: number;
  warm: number;
  hot: number;
}

export const DASHBOARD_DAYS = 30;

/** The last `days` days up to `now` (UTC), oldest first, with the counts found and zeros elsewhere. */
export function fillDays(
  rows: { day: string; level: LeadLevel; n: number }[],
  now: Date,
  days = DASHBOARD_DAYS,
): DayCount[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const series = Array.from({ length: days }, (_, i) => ({
    day: new Date(today - (days - 1 - i) * 24 * 3600_000).toISOString().slice(0, 10),
    cold: 0,
    warm: 0,
    hot: 0,
  }));
  const byDay = new Map(series.map((entry) => [entry.day, entry]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry) entry[row.level] += row.n;
  }
  return series;
}

/** Deliveries waiting (pending or running) and given up (dead): the dashboard's and the settings' counts. */
export async function deliveryCounts(db: Database): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: deliveryJobs.status, n: count() })
    .from(deliveryJobs)
    // A webhook test (no lead, decision 103) is a look at an endpoint, not a delivery that failed.
    .where(
      sql`${deliveryJobs.status} in ('pending', 'running', 'dead')
        and not (${deliveryJobs.kind} = 'webhook' and ${deliveryJobs.leadId} is null)`,
    )
    .groupBy(deliveryJobs.status);
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: of("pending") + of("running"), failed: of("dead") };
}

export async function dashboardFigures(db: Database, now: Date = new Date()): Promise<DashboardFigures> {
  const since = new Date(now.getTime() - DASHBOARD_DAYS * 24 * 3600_000);
  const day = sql<string>`to_char(${leads.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [byForm, byDay, deliveries, spam, unassigned, edits, held] = await Promise.all([
    db
      .select({ form: leads.formId, level: leads.level, n: count() })
      .from(leads)
      .where(and(gte(leads.createdAt, since), isNull(leads.spamReason)))
      .groupBy(leads.formId, leads.level),
    db
      .select({ day, level: leads.level, n: count() })
      .from(leads)
      .where(and(gte(leads.createdAt, since), isNull(leads.spamReason)))
      .groupBy(day, leads.level),
    deliveryCounts(db),
    db.select({ n: count() }).from(leads).where(isNotNull(leads.spamReason)),
    db
      .select({ n: count() })
      .from(leads)
      .where(and(gte(leads.createdAt, since), isNull(leads.spamReason), isNull(leads.ownerAccountId))),
    db
      .select({
        name: contentDocuments.name,
        segment: contentDocuments.segment,
        lang: contentDocuments.lang,
        version: contentRevisions.version,
        author: contentRevisions.createdBy,
        at: contentRevisions.createdAt,
      })
      .from(contentRevisions)
      .innerJoin(contentDocuments, eq(contentDocuments.id, contentRevisions.documentId))
      .where(eq(contentRevisions.source, "admin"))
      .orderBy(desc(contentRevisions.createdAt), desc(contentRevisions.id))
      .limit(10),
    db
      .select({
        id: leads.id,
        protocol: leads.protocol,
        form: leads.formId,
        level: leads.level,
        score: leads.score,
        spamReason: leads.spamReason,
        answers: leads.answers,
        at: leads.createdAt,
      })
      .from(leads)
      .where(
        and(gte(leads.createdAt, since), isNotNull(leads.spamReason), inArray(leads.level, ["warm", "hot"])),
      )
      .orderBy(desc(leads.createdAt))
      .limit(HELD_FOR_REVIEW_LIMIT),
  ]);
  const forms = new Map<string, { form: string; cold: number; warm: number; hot: number; total: number }>();
  for (const row of byForm) {
    const entry = forms.get(row.form) ?? { form: row.form, cold: 0, warm: 0, hot: 0, total: 0 };
    entry[row.level] += Number(row.n);
    entry.total += Number(row.n);
    forms.set(row.form, entry);
  }
  return {
    leadsByForm: [...forms.values()].sort((a, b) => b.total - a.total || a.form.localeCompare(b.form)),
    leadsByDay: fillDays(
      byDay.map((row) => ({ ...row, n: Number(row.n) })),
      now,
    ),
    deliveries,
    spam: Number(spam[0]?.n ?? 0),
    unassigned: Number(unassigned[0]?.n ?? 0),
    recentEdits: edits.map((edit) => ({ ...edit, author: edit.author ?? "—", at: edit.at.toISOString() })),
    heldForReview: held.map(({ answers, at, ...lead }) => ({
      ...lead,
      spamReason: lead.spamReason ?? "",
      who: visitorName(answers),
      at: at.toISOString(),
    })),
  };
}

/** The name a visitor typed (the forms' name fields), else their e-mail, else a dash. */
function visitorName(answers: Record<string, unknown>): string {
  for (const field of ["nome", "nomeResponsavel", "email"]) {
    const value = answers[field];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return "—";
}
