import { FORM_KEYS, type FormKey } from "@domain/forms/form-keys.ts";
import { booksDemo } from "@domain/forms/manifest.ts";
import { type FunnelStage, funnelStages } from "@domain/funnel/dropoff.ts";
import { type TrafficSource, trafficSource } from "@domain/funnel/events.ts";
import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { leads } from "../db/schema.ts";
import type { FunnelService } from "../funnel/service.ts";
import { daysBefore, saoPauloDay, saoPauloDayStart } from "../funnel/service.ts";
import type { FormRegistry } from "../leads/forms.ts";

/** The periods the dashboard offers, in days (today included). */
export const FUNNEL_PERIODS = [7, 30, 90] as const;
export type FunnelPeriod = (typeof FUNNEL_PERIODS)[number];

/** What the dashboard asks: a form, a period, and optionally one segment ("" the main site). */
export interface FunnelQuery {
  form: FormKey;
  days: FunnelPeriod;
  segment?: string;
}

/** The query of the dashboard's address (`?funil=demo&periodo=30&segmento=agronegocio`); defaults elsewhere. */
export function funnelQuery(params: URLSearchParams, segments: readonly string[]): FunnelQuery {
  const form = params.get("funil");
  const days = Number(params.get("periodo"));
  const segment = params.get("segmento");
  return {
    form: (FORM_KEYS as readonly string[]).includes(form ?? "") ? (form as FormKey) : "demo",
    days: (FUNNEL_PERIODS as readonly number[]).includes(days) ? (days as FunnelPeriod) : 30,
    ...(segment === "principal" ? { segment: "" } : segment && segments.includes(segment) ? { segment } : {}),
  };
}

/** A source's row of the funnel: its page views at the top and at the end, and the share that sent. */
export interface FunnelSourceRow extends TrafficSource {
  shown: number;
  touched: number;
  submitted: number;
  /** Views that booked a demonstration on the success screen (the forms that offer one). */
  booked: number;
  /** submitted / shown, 0..1; null without views. */
  conversion: number | null;
}

export interface FunnelReport {
  query: FunnelQuery;
  /** The form's steps as defined today (its funnel has one stage per step after the first). */
  stepCount: number;
  /** Whether its success screen books demonstrations (its funnel then ends with them). */
  booksDemo: boolean;
  stages: FunnelStage[];
  bySource: FunnelSourceRow[];
}

/** The funnel of one form over the period, with its drop-off per stage and its sources. */
export async function funnelReport(
  funnel: FunnelService,
  forms: FormRegistry,
  query: FunnelQuery,
): Promise<FunnelReport> {
  const [definition, counts, sources] = await Promise.all([
    forms.get(query.form),
    funnel.counts(query),
    funnel.countsBySource(query),
  ]);
  const stepCount = definition?.steps.length ?? 1;
  const bySource = new Map<string, FunnelSourceRow>();
  for (const row of sources) {
    const key = JSON.stringify([row.source, row.medium, row.campaign]);
    const entry = bySource.get(key) ?? {
      source: row.source,
      medium: row.medium,
      campaign: row.campaign,
      shown: 0,
      touched: 0,
      submitted: 0,
      booked: 0,
      conversion: null,
    };
    if (
      row.event === "shown" ||
      row.event === "touched" ||
      row.event === "submitted" ||
      row.event === "booked"
    )
      entry[row.event] += row.n;
    bySource.set(key, entry);
  }
  return {
    query,
    stepCount,
    booksDemo: booksDemo(query.form),
    stages: funnelStages(counts, stepCount, booksDemo(query.form)),
    bySource: [...bySource.values()]
      .map((row) => ({ ...row, conversion: row.shown > 0 ? row.submitted / row.shown : null }))
      .sort((a, b) => b.shown - a.shown || b.submitted - a.submitted || a.source.localeCompare(b.source)),
  };
}

/**
 * The form's leads over the funnel's period, as the server stored them (spam left out; the segment
 * when one is chosen, "" the main site). The funnel counts only browsers that sent its beacon: a
 * lead sent without JavaScript, with a blocker or Do Not Track is here and not there.
 */
export async function leadsOfForm(db: Database, query: FunnelQuery, now: Date): Promise<number> {
  const since = saoPauloDayStart(daysBefore(saoPauloDay(now), query.days - 1));
  const segment = sql`coalesce(${leads.context} ->> 'segment', '')`;
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(
      and(
        eq(leads.formId, query.form),
        gte(leads.createdAt, since),
        isNull(leads.spamReason),
        query.segment === undefined ? undefined : sql`${segment} = ${query.segment}`,
      ),
    );
  return row?.n ?? 0;
}

/** Leads of one source, medium and campaign over the period (spam left out). */
export interface LeadSourceRow extends TrafficSource {
  leads: number;
  hot: number;
  /** Leads that finished their form (a multi-step form's first step alone is "captured"). */
  completed: number;
}

/**
 * Leads by source, medium and campaign since the start of the period's first São Paulo day: the
 * last touch each lead carries (its UTM tags, else the site its visitor came from). The one place
 * the dashboard attributes leads: first-touch attribution (decision 105) extends it here.
 */
export async function leadsBySource(
  db: Database,
  options: { days: number; now: Date; isOwnHost: (host: string) => boolean },
): Promise<LeadSourceRow[]> {
  const since = saoPauloDayStart(daysBefore(saoPauloDay(options.now), options.days - 1));
  // Literals, not parameters: PostgreSQL must see the grouped expressions as the selected ones.
  const utm = (key: "utm_source" | "utm_medium" | "utm_campaign") =>
    sql<string | null>`${leads.tracking} -> 'utm' ->> ${sql.raw(`'${key}'`)}`;
  const source = utm("utm_source");
  const medium = utm("utm_medium");
  const campaign = utm("utm_campaign");
  // Only the referrer's host matters: grouping by it keeps the rows few and no address is read.
  const referrerHost = sql<
    string | null
  >`lower(substring(${leads.tracking} ->> 'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'))`;
  const rows = await db
    .select({
      source,
      medium,
      campaign,
      referrerHost,
      level: leads.level,
      stage: leads.stage,
      n: count(),
    })
    .from(leads)
    .where(and(gte(leads.createdAt, since), isNull(leads.spamReason)))
    .groupBy(source, medium, campaign, referrerHost, leads.level, leads.stage);
  const bySource = new Map<string, LeadSourceRow>();
  for (const row of rows) {
    const found = trafficSource(
      {
        utm: { utm_source: row.source ?? "", utm_medium: row.medium ?? "", utm_campaign: row.campaign ?? "" },
        referrer: row.referrerHost,
      },
      options.isOwnHost,
    );
    const key = JSON.stringify([found.source, found.medium, found.campaign]);
    const entry = bySource.get(key) ?? { ...found, leads: 0, hot: 0, completed: 0 };
    const n = Number(row.n);
    entry.leads += n;
    if (row.level === "hot") entry.hot += n;
    if (row.stage === "completed") entry.completed += n;
    bySource.set(key, entry);
  }
  return [...bySource.values()].sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source));
}
