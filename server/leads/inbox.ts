import {
  describeTouch,
  externalReferrer,
  type Touch,
  touchMedium,
  touchSource,
  UNCONSENTED_TOUCH,
} from "@domain/attribution/touch.ts";
import { DELIVERY_STATUSES, LEAD_LEVELS } from "@domain/lead-status.ts";
import { isOverdue, OUTCOMES, type Outcome } from "@domain/leads/outcomes.ts";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { AuditActor, AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import type { LeadTracking } from "../db/json-types.ts";
import { deliveryAttempts, deliveryJobs, leads } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { storedProtocolOf } from "./protocol.ts";
import { reviveDeadJobs } from "./repository.ts";

/**
 * The admin's lead inbox (decision 072): the leads with filters and search, one lead with every
 * delivery attempt, a retry of deliveries that gave up, and discarding a lead held as spam.
 * Releasing spam into delivery needs the form's rules and lives in LeadService.
 */

export const INBOX_PAGE_SIZE = 50;

export type DeliveryStatus = (typeof leads.$inferSelect)["deliveryStatus"];
export type Level = (typeof leads.$inferSelect)["level"];

export interface InboxFilters {
  form?: string;
  level?: Level;
  status?: DeliveryStatus;
  /** "2026-11-01": from this day on (inclusive); to: up to this day (inclusive). */
  from?: string;
  to?: string;
  /** Words in the protocol, the tracker key or the answers (name, e-mail, company...). */
  q?: string;
  /** A sales outcome, or "none" for leads Jira has not told about yet. */
  outcome?: Outcome | "none";
  /** Only leads past their response deadline and still waiting for an answer. */
  overdue?: boolean;
  /** A Jira account id: the leads routed to that owner ("none": nobody). */
  owner?: string;
  /** A campaign (utm_campaign) of the lead's first or last touch (decision 131). */
  campaign?: string;
  page?: number;
}

/** The inbox's filters from the URL (?form=&level=&status=&from=&to=&q=&page=), each checked. */
export function inboxFiltersFrom(url: URL): InboxFilters {
  const get = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || undefined;
  const level = get("level");
  const status = get("status");
  const outcome = get("outcome");
  return {
    form: get("form"),
    level: LEAD_LEVELS.find((l) => l === level),
    status: DELIVERY_STATUSES.find((s) => s === status),
    from: get("from"),
    to: get("to"),
    q: get("q"),
    outcome: outcome === "none" ? "none" : OUTCOMES.find((o) => o === outcome),
    overdue: get("overdue") === "1" || undefined,
    owner: get("owner"),
    campaign: get("campanha"),
    page: Number(get("page") ?? 1),
  };
}

export interface InboxRow {
  id: string;
  protocol: string;
  form: string;
  level: Level;
  score: number;
  status: DeliveryStatus;
  spamReason: string | null;
  trackerKey: string | null;
  trackerUrl: string | null;
  /** The issue's status in Jira as last heard (webhook or reconciliation), with its category. */
  trackerStatus: { name: string | null; category: string } | null;
  createdAt: string;
  /** When the visitor withdrew the consent (the newsletter's unsubscribe), if they did. */
  consentWithdrawnAt: string | null;
  /** Who the lead is, read from the usual answer names. */
  contact: string;
  /** The sales owner routing chose, the response deadline, and whether it passed unanswered. */
  owner: string | null;
  respondBy: string | null;
  overdue: boolean;
  /** What the issue's status means for sales (null until Jira tells). */
  outcome: Outcome | null;
  /** Where the visitor first came from (90 days), and this visit's campaign. */
  firstTouch: string;
  lastTouch: string;
}

const NAME_KEYS = ["nomeResponsavel", "nome", "name"];
const EMAIL_KEYS = ["emailContato", "email"];
const COMPANY_KEYS = ["nomeEmpresa", "empresa", "company"];

/** The lead's name, e-mail and company as one line, from whichever answer names the form uses. */
export function contactLine(answers: Record<string, unknown>): string {
  const first = (keys: string[]) =>
    keys.map((k) => answers[k]).find((v) => typeof v === "string" && v.trim());
  return [first(NAME_KEYS), first(EMAIL_KEYS), first(COMPANY_KEYS)].filter(Boolean).join(" · ");
}

function dayStart(day: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00-03:00`) : null;
}

/** Leads still waiting for an answer past their deadline (isOverdue in SQL). */
function overdueAt(now: Date) {
  return and(
    isNotNull(leads.respondBy),
    lt(leads.respondBy, now),
    or(isNull(leads.outcome), eq(leads.outcome, "open")),
  )!;
}

function conditions(filters: InboxFilters, now: Date) {
  const where = [];
  if (filters.form) where.push(eq(leads.formId, filters.form));
  if (filters.level) where.push(eq(leads.level, filters.level));
  if (filters.status) where.push(eq(leads.deliveryStatus, filters.status));
  const from = filters.from ? dayStart(filters.from) : null;
  if (from) where.push(gte(leads.createdAt, from));
  const to = filters.to ? dayStart(filters.to) : null;
  if (to) where.push(lt(leads.createdAt, new Date(to.getTime() + 24 * 3600_000)));
  if (filters.outcome === "none") where.push(isNull(leads.outcome));
  else if (filters.outcome) where.push(eq(leads.outcome, filters.outcome));
  if (filters.overdue) where.push(overdueAt(now));
  if (filters.owner === "none") where.push(isNull(leads.ownerAccountId));
  else if (filters.owner) where.push(eq(leads.ownerAccountId, filters.owner));
  if (filters.campaign)
    where.push(
      or(
        sql`${leads.tracking} -> 'utm' ->> 'utm_campaign' = ${filters.campaign}`,
        sql`${leads.tracking} -> 'firstTouch' -> 'tags' ->> 'utm_campaign' = ${filters.campaign}`,
      )!,
    );
  const q = filters.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Every protocol a visitor was shown finds its lead: the SIM- key of simulated mode included.
    const protocol = storedProtocolOf(q);
    where.push(
      or(
        protocol ? eq(leads.protocol, protocol) : undefined,
        ilike(leads.protocol, like),
        ilike(leads.trackerKey, like),
        sql`${leads.answers}::text ilike ${like}`,
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

export class LeadInbox {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of leads, newest first, with the total for the filters. */
  async list(
    filters: InboxFilters,
  ): Promise<{ rows: InboxRow[]; total: number; page: number; pageCount: number }> {
    const now = this.now();
    const where = conditions(filters, now);
    const [{ n }] = (await this.db.select({ n: count() }).from(leads).where(where)) as [{ n: number }];
    const total = Number(n);
    const pageCount = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
    const page = Math.min(Math.max(1, Math.trunc(filters.page ?? 1) || 1), pageCount);
    const rows = await this.db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE);
    return { rows: rows.map((lead) => toRow(lead, now)), total, page, pageCount };
  }

  /** Every lead matching the filters (the CSV export), newest first. */
  async all(filters: InboxFilters): Promise<(typeof leads.$inferSelect)[]> {
    return this.db
      .select()
      .from(leads)
      .where(conditions(filters, this.now()))
      .orderBy(desc(leads.createdAt), desc(leads.id));
  }

  /**
   * One lead with its delivery jobs and every attempt of each, and whether its answer is overdue
   * (judged on the service's clock, as the list judges it).
   */
  async detail(id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DomainError("not-found", "leads.notFound");
    const [lead] = await this.db.select().from(leads).where(eq(leads.id, id));
    if (!lead) throw new DomainError("not-found", "leads.notFound");
    const jobs = await this.db
      .select()
      .from(deliveryJobs)
      .where(eq(deliveryJobs.leadId, id))
      .orderBy(asc(deliveryJobs.id));
    const attempts = jobs.length
      ? await this.db
          .select()
          .from(deliveryAttempts)
          .where(
            inArray(
              deliveryAttempts.jobId,
              jobs.map((job) => job.id),
            ),
          )
          .orderBy(asc(deliveryAttempts.id))
      : [];
    return {
      lead,
      overdue: isOverdue(lead.respondBy, lead.outcome, this.now()),
      jobs: jobs.map((job) => ({ ...job, tries: attempts.filter((a) => a.jobId === job.id) })),
    };
  }

  /**
   * Puts every delivery that gave up back in the queue, from its first attempt; recorded as
   * lead.retry in the same transaction.
   */
  async retry(actor: AuditActor, id: string): Promise<number> {
    const now = this.now();
    const revived = await this.db.transaction(async (tx) => {
      const jobs = await reviveDeadJobs(tx, eq(deliveryJobs.leadId, id), now);
      if (jobs.length > 0)
        await this.audit.record(
          { actor: actor.email, action: "lead.retry", target: `lead ${id}`, detail: { jobs: jobs.length } },
          tx,
        );
      return jobs;
    });
    if (revived.length === 0) throw new DomainError("conflict", "leads.nothingToRetry");
    return revived.length;
  }

  /** Deletes a lead held as spam (with its requests and jobs); recorded as lead.discard. */
  async discardSpam(actor: AuditActor, id: string): Promise<void> {
    const removed = await this.db
      .delete(leads)
      .where(and(eq(leads.id, id), isNotNull(leads.spamReason)))
      .returning({ id: leads.id });
    if (removed.length === 0) throw new DomainError("conflict", "leads.notSpam");
    await this.audit.record({ actor: actor.email, action: "lead.discard", target: `lead ${id}` });
  }

  /**
   * A contact's timeline (decision 105): every lead of the same person (e-mail) or company
   * (CNPJ root) as the lead `id`, newest first, with outcome and attribution.
   */
  async timeline(
    id: string,
  ): Promise<{ lead: InboxRow; contactKey: string | null; companyRoot: string | null; leads: InboxRow[] }> {
    const { lead } = await this.detail(id);
    const same = [
      lead.contactKey ? eq(leads.contactKey, lead.contactKey) : undefined,
      lead.companyRoot ? eq(leads.companyRoot, lead.companyRoot) : undefined,
    ].filter(Boolean);
    const now = this.now();
    const rows = same.length
      ? await this.db
          .select()
          .from(leads)
          .where(or(...same))
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(200)
      : [lead];
    return {
      lead: toRow(lead, now),
      contactKey: lead.contactKey,
      companyRoot: lead.companyRoot,
      leads: rows.map((row) => toRow(row, now)),
    };
  }

  /** The Jira statuses leads are in (as last heard), with their category and how many leads. */
  async statuses(): Promise<
    { name: string | null; category: "new" | "indeterminate" | "done"; leads: number }[]
  > {
    const rows = await this.db
      .select({ name: leads.trackerStatus, category: leads.trackerStatusCategory, leads: count() })
      .from(leads)
      .where(
        and(
          isNotNull(leads.trackerStatus),
          isNotNull(leads.trackerStatusCategory),
          sql`${leads.trackerStatusCategory} <> 'deleted'`,
        ),
      )
      .groupBy(leads.trackerStatus, leads.trackerStatusCategory)
      .orderBy(asc(leads.trackerStatus));
    return rows.map((row) => ({
      name: row.name,
      category: row.category as "new" | "indeterminate" | "done",
      leads: Number(row.leads),
    }));
  }

  /** The owners leads were routed to, for the filter: account id and name. */
  async owners(): Promise<{ accountId: string; name: string }[]> {
    const rows = await this.db
      .selectDistinct({ accountId: leads.ownerAccountId, name: leads.ownerName })
      .from(leads)
      .where(isNotNull(leads.ownerAccountId))
      .orderBy(asc(leads.ownerName));
    const seen = new Set<string>();
    return rows
      .filter((row) => row.accountId && !seen.has(row.accountId) && seen.add(row.accountId))
      .map((row) => ({ accountId: row.accountId!, name: row.name ?? row.accountId! }));
  }

  /** The forms that have leads, for the filter. */
  async forms(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ form: leads.formId }).from(leads).orderBy(asc(leads.formId));
    return rows.map((r) => r.form);
  }
}

/** The lead's last touch: this visit's tags and referrer, as the first touch is kept. */
export function lastTouchOf(tracking: LeadTracking): Touch {
  const referrer =
    typeof tracking.referrer === "string" && tracking.referrer !== "direct"
      ? externalTo(tracking.referrer, tracking.page)
      : undefined;
  const tags = { ...(tracking.utm ?? {}), ...(tracking.clickIds ?? {}) };
  return {
    ...(Object.keys(tags).length ? { tags } : {}),
    ...(referrer ? { referrer } : {}),
  };
}

/**
 * A lead's referrer unless it is the site itself (the visitor came to the form from the home): the
 * page's own host is no source. Leads stored before the page was kept keep their referrer.
 */
function externalTo(referrer: string, page: unknown): string | undefined {
  if (typeof page !== "string") return referrer;
  try {
    return externalReferrer(referrer, new URL(page).hostname);
  } catch {
    return referrer;
  }
}

/** The first touch the cookie kept, or, without it (no JavaScript, Do Not Track), this visit's. */
export function firstTouchOf(tracking: LeadTracking): Touch {
  if (tracking.firstTouch) return tracking.firstTouch;
  // The visitor did not allow Medição: the first touch was never kept (decision 123).
  const consent = tracking.consent;
  if (consent && consent.measurement === false) return UNCONSENTED_TOUCH;
  return lastTouchOf(tracking);
}

/** Source, medium and campaign of a lead's touch, as reports group them. */
export function touchColumns(touch: Touch): { source: string; medium: string; campaign: string } {
  return { source: touchSource(touch), medium: touchMedium(touch), campaign: touch.tags?.utm_campaign ?? "" };
}

function toRow(lead: typeof leads.$inferSelect, now: Date): InboxRow {
  const tracking = lead.tracking;
  return {
    id: lead.id,
    protocol: lead.protocol,
    form: lead.formId,
    level: lead.level,
    score: lead.score,
    status: lead.deliveryStatus,
    spamReason: lead.spamReason,
    trackerKey: lead.trackerKey,
    trackerUrl: lead.trackerUrl,
    trackerStatus: lead.trackerStatusCategory
      ? { name: lead.trackerStatus, category: lead.trackerStatusCategory }
      : null,
    createdAt: lead.createdAt.toISOString(),
    consentWithdrawnAt: lead.consentWithdrawnAt?.toISOString() ?? null,
    contact: contactLine(lead.answers),
    owner: lead.ownerName,
    respondBy: lead.respondBy?.toISOString() ?? null,
    overdue: isOverdue(lead.respondBy, lead.outcome, now),
    outcome: lead.outcome,
    firstTouch: describeTouch(firstTouchOf(tracking)),
    lastTouch: describeTouch(lastTouchOf(tracking)),
  };
}
