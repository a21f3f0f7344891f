import { fromSaoPauloTime, SAO_PAULO_TZ, toSaoPauloTime } from "@domain/content/schedule-time.ts";
import { hostOf, trafficSource } from "@domain/funnel/events.ts";
import type { FunnelBatch } from "@domain/funnel/schema.ts";
import { and, count, eq, gte, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { funnelDaily, funnelEvents } from "../db/schema.ts";

/** Daily counts are kept this long (aggregates, no person in them: a year and its month to compare). */
export const FUNNEL_DAILY_RETENTION_DAYS = 400;

/** The São Paulo day of an instant, "YYYY-MM-DD". */
export function saoPauloDay(instant: Date): string {
  return toSaoPauloTime(instant).slice(0, 10);
}

/** The instant a São Paulo day ("YYYY-MM-DD") begins. */
export function saoPauloDayStart(day: string): Date {
  const start = fromSaoPauloTime(`${day}T00:00`);
  if (!start) throw new Error(`not a day: ${day}`);
  return start;
}

/** The São Paulo day `days` before `day` ("YYYY-MM-DD"; calendar arithmetic, no time zone involved). */
export function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

/** Counts per event and step ("shown", "touched", "step:2", "submitted") over a form's period. */
export type EventCounts = Map<string, number>;

export const eventKey = (event: string, step: number) => (event === "step" ? `step:${step}` : event);

/** What one rollup did: raw events moved into daily counts, daily rows written, old daily rows dropped. */
export interface RollupReport {
  events: number;
  rows: number;
  expired: number;
}

/**
 * The form funnel's storage (decision 104): the beacon's batches go into
 * funnel_events; the nightly rollup moves finished days into funnel_daily; reports read both.
 */
export class FunnelService {
  /** The clock events are stamped with and periods end at (a test's hand-moved clock). */
  readonly now: () => Date;

  constructor(
    private readonly db: Database,
    /** The site's own address: a referrer from it (or its segment subdomains) is no source. */
    private readonly publicBaseUrl: string,
    now?: () => Date,
  ) {
    this.now = now ?? (() => new Date());
  }

  /** A referrer host that is this site: the public address, its subdomains, or the host posted to. */
  isOwnHost(host: string, requestHost?: string): boolean {
    const base = hostOf(this.publicBaseUrl);
    const posted = hostOf(requestHost);
    return host === posted || (base !== null && (host === base || host.endsWith(`.${base}`)));
  }

  /**
   * Stores a batch (already validated) with the server's time, the segment of the host it was
   * posted to and the visit's source; an event repeated for the same page view is kept once.
   * Answers how many events were new.
   */
  async record(batch: FunnelBatch, where: { segment: string | null; host?: string }): Promise<number> {
    const source = trafficSource({ utm: batch.utm, referrer: batch.referrer }, (host) =>
      this.isOwnHost(host, where.host),
    );
    const at = this.now();
    const rows = batch.events.map((event) => ({
      viewId: batch.view,
      formId: event.form,
      event: event.type,
      step: event.step ?? 0,
      segment: where.segment ?? "",
      lang: batch.lang,
      ...source,
      at,
    }));
    const inserted = await this.db
      .insert(funnelEvents)
      .values(rows)
      .onConflictDoNothing()
      .returning({ viewId: funnelEvents.viewId });
    return inserted.length;
  }

  /**
   * Moves the events of finished São Paulo days into daily counts and deletes them, in one
   * statement: an event is counted once and deleted once, whether the rollup runs once, twice or on
   * two instances at the same moment. Today's events stay raw. Daily counts older than
   * FUNNEL_DAILY_RETENTION_DAYS go.
   */
  async rollup(now: Date = this.now()): Promise<RollupReport> {
    const today = saoPauloDay(now);
    const cutoff = saoPauloDayStart(today).toISOString();
    const result = await this.db.execute(sql`
      with moved as (
        delete from ${funnelEvents} where ${funnelEvents.at} < ${cutoff}
        returning at, form_id, event, step, segment, lang, source, medium, campaign),
      counted as (
        select (at at time zone ${SAO_PAULO_TZ})::date as day, form_id, event, step, segment, lang,
          source, medium, campaign, count(*)::int as n
        from moved
        group by 1, 2, 3, 4, 5, 6, 7, 8, 9),
      written as (
        insert into ${funnelDaily} (day, form_id, event, step, segment, lang, source, medium, campaign, count)
        select day, form_id, event, step, segment, lang, source, medium, campaign, n from counted
        on conflict (day, form_id, event, step, segment, lang, source, medium, campaign)
        do update set count = ${funnelDaily}.count + excluded.count
        returning 1)
      select (select count(*) from moved)::int as events, (select count(*) from written)::int as rows`);
    const row = (result as unknown as { rows: { events: number; rows: number }[] }).rows[0];
    const expired = await this.db
      .delete(funnelDaily)
      .where(sql`${funnelDaily.day} < ${daysBefore(today, FUNNEL_DAILY_RETENTION_DAYS)}`)
      .returning({ day: funnelDaily.day });
    return { events: Number(row?.events ?? 0), rows: Number(row?.rows ?? 0), expired: expired.length };
  }

  /**
   * Page views per event and step of one form over the last `days` São Paulo days (today
   * included): daily counts plus the raw events not rolled up yet (today's, and any day the job
   * has not reached). Each event is in exactly one of the two tables, so nothing counts twice.
   */
  async counts(filter: { form: string; days: number; segment?: string }): Promise<EventCounts> {
    const { daily, raw } = this.periodFilters(filter);
    const [fromDaily, fromRaw] = await Promise.all([
      this.db
        .select({ event: funnelDaily.event, step: funnelDaily.step, n: sum(funnelDaily.count) })
        .from(funnelDaily)
        .where(daily)
        .groupBy(funnelDaily.event, funnelDaily.step),
      this.db
        .select({ event: funnelEvents.event, step: funnelEvents.step, n: count() })
        .from(funnelEvents)
        .where(raw)
        .groupBy(funnelEvents.event, funnelEvents.step),
    ]);
    const counts: EventCounts = new Map();
    for (const row of [...fromDaily, ...fromRaw]) {
      const key = eventKey(row.event, row.step);
      counts.set(key, (counts.get(key) ?? 0) + Number(row.n ?? 0));
    }
    return counts;
  }

  /** The same counts per source, medium and campaign (shown, touched and submitted). */
  async countsBySource(filter: {
    form: string;
    days: number;
    segment?: string;
  }): Promise<{ source: string; medium: string; campaign: string; event: string; n: number }[]> {
    const { daily, raw } = this.periodFilters(filter);
    const notStep = (column: typeof funnelDaily.event | typeof funnelEvents.event) =>
      sql`${column} <> 'step'`;
    const [fromDaily, fromRaw] = await Promise.all([
      this.db
        .select({
          source: funnelDaily.source,
          medium: funnelDaily.medium,
          campaign: funnelDaily.campaign,
          event: funnelDaily.event,
          n: sum(funnelDaily.count),
        })
        .from(funnelDaily)
        .where(and(daily, notStep(funnelDaily.event)))
        .groupBy(funnelDaily.source, funnelDaily.medium, funnelDaily.campaign, funnelDaily.event),
      this.db
        .select({
          source: funnelEvents.source,
          medium: funnelEvents.medium,
          campaign: funnelEvents.campaign,
          event: funnelEvents.event,
          n: count(),
        })
        .from(funnelEvents)
        .where(and(raw, notStep(funnelEvents.event)))
        .groupBy(funnelEvents.source, funnelEvents.medium, funnelEvents.campaign, funnelEvents.event),
    ]);
    return [...fromDaily, ...fromRaw].map((row) => ({ ...row, n: Number(row.n ?? 0) }));
  }

  /** A form over the period; `segment` undefined: every segment, "": the main site. */
  private periodFilters(filter: { form: string; days: number; segment?: string }) {
    const firstDay = daysBefore(saoPauloDay(this.now()), filter.days - 1);
    const { segment } = filter;
    return {
      daily: and(
        eq(funnelDaily.formId, filter.form),
        gte(funnelDaily.day, firstDay),
        segment === undefined ? undefined : eq(funnelDaily.segment, segment),
      ),
      raw: and(
        eq(funnelEvents.formId, filter.form),
        gte(funnelEvents.at, saoPauloDayStart(firstDay)),
        segment === undefined ? undefined : eq(funnelEvents.segment, segment),
      ),
    };
  }
}
