import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { DELIVERY_STATUSES, LEAD_LEVELS } from "~/lib/lead-status.ts";
import type { Database } from "../db/client.ts";
import { deliveryAttempts, deliveryJobs, leads } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { reviveDeadJobs } from "./repository.ts";

/**
 * The admin's lead inbox (issue 12): the leads with filters and search, one lead with every
 * delivery attempt, a retry of deliveries that gave up, and discarding a lead held as spam.
 * Releasing spam into delivery needs the form's rules and lives in LeadService.
 */

export const INBOX_PAGE_SIZE = 50;

export const inboxMessages = {
  notFound: "Lead não encontrado.",
  nothingToRetry: "Este lead não tem entregas com falha.",
  notSpam: "Este lead não está retido como spam.",
} as const;

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
  page?: number;
}

/** The inbox's filters from the URL (?form=&level=&status=&from=&to=&q=&page=), each checked. */
export function inboxFiltersFrom(url: URL): InboxFilters {
  const get = (name: string) => url.searchParams.get(name)?.trim().slice(0, 100) || undefined;
  const level = get("level");
  const status = get("status");
  return {
    form: get("form"),
    level: LEAD_LEVELS.find((l) => l === level),
    status: DELIVERY_STATUSES.find((s) => s === status),
    from: get("from"),
    to: get("to"),
    q: get("q"),
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

function conditions(filters: InboxFilters) {
  const where = [];
  if (filters.form) where.push(eq(leads.formId, filters.form));
  if (filters.level) where.push(eq(leads.level, filters.level));
  if (filters.status) where.push(eq(leads.deliveryStatus, filters.status));
  const from = filters.from ? dayStart(filters.from) : null;
  if (from) where.push(gte(leads.createdAt, from));
  const to = filters.to ? dayStart(filters.to) : null;
  if (to) where.push(lt(leads.createdAt, new Date(to.getTime() + 24 * 3600_000)));
  const q = filters.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
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
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A page of leads, newest first, with the total for the filters. */
  async list(
    filters: InboxFilters,
  ): Promise<{ rows: InboxRow[]; total: number; page: number; pageCount: number }> {
    const where = conditions(filters);
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
    return { rows: rows.map(toRow), total, page, pageCount };
  }

  /** Every lead matching the filters (the CSV export), newest first. */
  async all(filters: InboxFilters): Promise<(typeof leads.$inferSelect)[]> {
    return this.db
      .select()
      .from(leads)
      .where(conditions(filters))
      .orderBy(desc(leads.createdAt), desc(leads.id));
  }

  /** One lead with its delivery jobs and every attempt of each. */
  async detail(id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DomainError("not-found", inboxMessages.notFound);
    const [lead] = await this.db.select().from(leads).where(eq(leads.id, id));
    if (!lead) throw new DomainError("not-found", inboxMessages.notFound);
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
      jobs: jobs.map((job) => ({ ...job, tries: attempts.filter((a) => a.jobId === job.id) })),
    };
  }

  /** Puts every delivery that gave up back in the queue, from its first attempt. */
  async retry(id: string): Promise<number> {
    const now = this.now();
    const revived = await reviveDeadJobs(this.db, eq(deliveryJobs.leadId, id), now);
    if (revived.length === 0) throw new DomainError("conflict", inboxMessages.nothingToRetry);
    return revived.length;
  }

  /** Deletes a lead held as spam (with its requests and jobs). */
  async discardSpam(id: string): Promise<void> {
    const removed = await this.db
      .delete(leads)
      .where(and(eq(leads.id, id), isNotNull(leads.spamReason)))
      .returning({ id: leads.id });
    if (removed.length === 0) throw new DomainError("conflict", inboxMessages.notSpam);
  }

  /** The forms that have leads, for the filter. */
  async forms(): Promise<string[]> {
    const rows = await this.db.selectDistinct({ form: leads.formId }).from(leads).orderBy(asc(leads.formId));
    return rows.map((r) => r.form);
  }
}

function toRow(lead: typeof leads.$inferSelect): InboxRow {
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
    contact: contactLine(lead.answers as Record<string, unknown>),
  };
}
