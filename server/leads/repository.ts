import { HELD_LEAD_EVENT } from "@domain/leads/held.ts";
import type { LeadEvent } from "@domain/webhooks.ts";
import { and, eq, gte, inArray, isNotNull, type SQL, sql, TransactionRollbackError } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deliveryAttempts, deliveryJobs, leadRequests, leads, spentFormTokens } from "../db/schema.ts";
import { compileStatement, fromRow, insertColumns } from "../db/statement.ts";
import { enqueueLeadEvent, enqueueLeadEvents, webhookJobsInsert } from "../webhooks/enqueue.ts";
import { MAX_TOKEN_AGE_MS } from "./spam.ts";

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = typeof leads.$inferInsert;
export type JobKind = (typeof deliveryJobs.$inferInsert)["kind"];

export interface NewJob {
  kind: JobKind;
  event?: string;
  maxAttempts: number;
  /** Due this long after the lead is stored (the visitor's e-mail: decision 102); at once without. */
  delayMs?: number;
}

/** Spent token keys are kept a day longer than a token lives. */
const SPENT_TOKEN_KEEP_MS = MAX_TOKEN_AGE_MS + 24 * 3600_000;

/** Attempts per job kind, stored on each job when it is queued (stated in retry-policy.ts). */
export { MAX_JOB_ATTEMPTS as MAX_ATTEMPTS } from "../platform/outbox/retry-policy.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Queues a lead's delivery jobs. A tracker job already open for the lead stays the only one (a
 * unique index): it delivers the lead as it is when it runs, so a second is skipped, not an error.
 */
async function queueJobs(tx: Tx, leadId: string, jobs: NewJob[], runAt: Date): Promise<void> {
  if (jobs.length === 0) return;
  await tx
    .insert(deliveryJobs)
    .values(
      jobs.map((job) => ({
        leadId,
        kind: job.kind,
        event: job.event,
        maxAttempts: job.maxAttempts,
        runAt: new Date(runAt.getTime() + (job.delayMs ?? 0)),
      })),
    )
    .onConflictDoNothing();
}

/** The columns a submission sets on a new lead; the others take their defaults. */
const SUBMITTED_COLUMNS = [
  "id",
  "protocol",
  "formId",
  "formType",
  "stage",
  "answers",
  "score",
  "level",
  "priority",
  "responseHours",
  "context",
  "tracking",
  "clientHash",
  "consentPurpose",
  "consentTextVersion",
  "consentAt",
  "spamReason",
  "deliveryStatus",
  "contactKey",
  "companyRoot",
  "respondBy",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof NewLead)[];

export type SubmittedLead = Pick<Required<NewLead>, (typeof SUBMITTED_COLUMNS)[number]>;

type InsertLeadValues = SubmittedLead & {
  requestKey: string;
  spentToken: string | null;
  spentBefore: Date;
  jobs: string;
  webhookEvents: string;
};

/**
 * The new lead, its request key, the form token it spends and its delivery jobs in one statement.
 * Every part hangs on the request key's claim, so a key already used writes nothing. A replayed
 * token (one already spent) keeps the lead, held for review as spam and without jobs.
 */
const insertLeadStatement = compileStatement<InsertLeadValues>("insert-lead", (param) => {
  const token = param("spentToken", spentFormTokens.key);
  const at = param("createdAt", leads.createdAt);
  const replayed = sql`(${token} is not null and not exists (select 1 from spent))`;
  const lead = insertColumns(leads, SUBMITTED_COLUMNS, param, {
    spamReason: sql`case when ${replayed} then coalesce(${param("spamReason", leads.spamReason)}, 'replayed-token') else ${param("spamReason", leads.spamReason)} end`,
    deliveryStatus: sql`case when ${replayed} then 'spam' else ${param("deliveryStatus", leads.deliveryStatus)} end`,
  });
  return sql`
    with claim as (
      insert into ${leadRequests} (key, lead_id, operation)
      values (${param("requestKey", leadRequests.key)}, ${param("id", leads.id)}, 'capture')
      on conflict do nothing
      returning lead_id
    ),
    spent as (
      insert into ${spentFormTokens} (key, spent_at)
      select ${token}, ${at} from claim where ${token} is not null
      on conflict do nothing
      returning key
    ),
    purge as (
      -- Tokens past their life can no longer be sent; their keys are not needed.
      delete from ${spentFormTokens}
      where ${token} is not null and spent_at < ${param("spentBefore", spentFormTokens.spentAt)}
    ),
    stored as (
      insert into ${leads} (${lead.columns}) select ${lead.values} from claim
      returning *
    ),
    jobs as (
      insert into ${deliveryJobs} (lead_id, kind, event, max_attempts, run_at)
      select stored.id, job.kind, job.event, job.max_attempts,
        ${at}::timestamptz + job.delay_ms * interval '1 millisecond'
      from stored, jsonb_to_recordset(${param("jobs")}::jsonb) as job(kind text, event text, max_attempts integer, delay_ms integer)
      -- A held lead gets only its notice to staff (decision 125).
      where stored.spam_reason is null or job.event = ${sql.raw(`'${HELD_LEAD_EVENT}'`)}
      -- A tracker job already open for the lead stays the only one (a unique index).
      on conflict do nothing
    ),
    hooks as (
      -- One job per enabled webhook endpoint subscribed to each event (decision 103).
      ${webhookJobsInsert({ lead: sql`stored l`, events: sql`${param("webhookEvents")}::jsonb`, at, extra: sql`null::jsonb` })}
    )
    select * from stored`;
});

/**
 * Stores a new lead, its request key, the form token it spends and its delivery jobs: either the
 * visitor's submission exists with everything needed to deliver it, or nothing was written. One
 * statement rather than a transaction of six, so a submission holds a pooled connection for one
 * round trip instead of seven (decision 085).
 * Returns null when the request key was already used (the caller answers as before).
 */
export async function insertLead(
  db: Database,
  lead: SubmittedLead,
  requestKey: string,
  jobs: NewJob[],
  /** The form token this submission spends (its key), when it carried a valid one. */
  spentToken?: string,
  /** The events the stored lead announces to webhook endpoints (none for spam, whatever is asked). */
  webhookEvents: readonly LeadEvent[] = [],
): Promise<LeadRow | null> {
  const [row] = await insertLeadStatement.run(db, {
    ...lead,
    requestKey,
    spentToken: spentToken ?? null,
    spentBefore: new Date((lead.createdAt as Date).getTime() - SPENT_TOKEN_KEEP_MS),
    jobs: JSON.stringify(
      jobs.map((job) => ({
        kind: job.kind,
        event: job.event ?? null,
        max_attempts: job.maxAttempts,
        delay_ms: job.delayMs ?? 0,
      })),
    ),
    webhookEvents: JSON.stringify(webhookEvents),
  });
  return row ? fromRow(leads, row) : null;
}

/** The lead a request key already produced, if any. */
export async function findByRequestKey(db: Database, key: string): Promise<LeadRow | null> {
  const [row] = await db
    .select({ lead: leads })
    .from(leadRequests)
    .innerJoin(leads, eq(leads.id, leadRequests.leadId))
    .where(eq(leadRequests.key, key));
  return row?.lead ?? null;
}

/** How many leads one client (its hashed address) sent since `since` (decision 125). */
export async function recentLeadsFrom(db: Database, clientHash: string, since: Date): Promise<number> {
  return db.$count(leads, and(eq(leads.clientHash, clientHash), gte(leads.createdAt, since)));
}

export async function findLead(db: Database, id: string): Promise<LeadRow | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row ?? null;
}

/**
 * Completes a captured lead with the full answers (one transaction with the request key and its
 * jobs). A tracker job already waiting is reused: it reads the lead as it is when it runs. Null
 * when the request key was used (a twin) or the lead is no longer captured (already completed).
 */
export async function completeLead(
  db: Database,
  id: string,
  changes: Pick<
    NewLead,
    | "answers"
    | "score"
    | "level"
    | "priority"
    | "responseHours"
    | "respondBy"
    | "contactKey"
    | "companyRoot"
    | "updatedAt"
    | "spamReason"
  >,
  requestKey: string,
  jobs: NewJob[],
): Promise<LeadRow | null> {
  return db
    .transaction(async (tx) => {
      const claimed = await tx
        .insert(leadRequests)
        .values({ key: requestKey, leadId: id, operation: "finalize" })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) tx.rollback();
      // Only a captured lead is completed, once: a completed one is never rewritten (its Jira issue
      // edited again, its webhooks sent again) by a later request.
      const [row] = await tx
        .update(leads)
        .set({ ...changes, stage: "completed", version: sql`${leads.version} + 1` })
        .where(and(eq(leads.id, id), eq(leads.stage, "captured")))
        .returning();
      if (!row) tx.rollback();
      // The lead's open tracker job, if any, takes the change: a waiting one runs now and reads the
      // lead as it is then; a running one runs once more when it ends (there is never a second one).
      const open = await tx
        .update(deliveryJobs)
        .set({
          rerun: sql`${deliveryJobs.status} = 'running'`,
          runAt: sql`case when ${deliveryJobs.status} = 'pending' then ${(changes.updatedAt as Date).toISOString()}::timestamptz else ${deliveryJobs.runAt} end`,
        })
        .where(
          and(
            eq(deliveryJobs.leadId, id),
            eq(deliveryJobs.kind, "tracker"),
            inArray(deliveryJobs.status, ["pending", "running"]),
          ),
        )
        .returning({ id: deliveryJobs.id });
      await queueJobs(
        tx,
        id,
        jobs.filter((job) => job.kind !== "tracker" || open.length === 0),
        changes.updatedAt as Date,
      );
      // Its qualification steps answered: announced to the webhook endpoints (decision 103).
      await enqueueLeadEvent(tx, id, "lead.qualified", null, changes.updatedAt as Date);
      return row ?? null;
    })
    .catch((error: Error) => {
      if (error instanceof TransactionRollbackError) return null;
      throw error;
    });
}

/** Kinds of notification already queued for a lead (a hot lead is announced once). */
export async function queuedKinds(db: Database, leadId: string, kinds: JobKind[]): Promise<JobKind[]> {
  const rows = await db
    .select({ kind: deliveryJobs.kind })
    .from(deliveryJobs)
    .where(and(eq(deliveryJobs.leadId, leadId), inArray(deliveryJobs.kind, kinds)));
  return rows.map((r) => r.kind);
}

/**
 * Whether a tracker job of the lead was ever attempted: a create may then have reached Jira with
 * its answer lost, so the issue is searched by its label before any create (decision 016).
 */
export async function trackerAttemptedBefore(db: Database, leadId: string): Promise<boolean> {
  const rows = await db
    .select({ id: deliveryAttempts.id })
    .from(deliveryAttempts)
    .innerJoin(deliveryJobs, eq(deliveryJobs.id, deliveryAttempts.jobId))
    .where(and(eq(deliveryJobs.leadId, leadId), eq(deliveryJobs.kind, "tracker")))
    .limit(1);
  return rows.length > 0;
}

/** Whether the lead's tracker work is finished (no tracker job waiting or running). */
export async function trackerSettled(db: Database, leadId: string): Promise<boolean> {
  const rows = await db
    .select({ id: deliveryJobs.id })
    .from(deliveryJobs)
    .where(
      and(
        eq(deliveryJobs.leadId, leadId),
        eq(deliveryJobs.kind, "tracker"),
        inArray(deliveryJobs.status, ["pending", "running"]),
      ),
    );
  return rows.length === 0;
}

/** A lead held as spam, released by an admin: no longer spam, its delivery jobs queued (one transaction). */
export async function releaseLead(
  db: Database,
  id: string,
  status: "pending" | "simulated",
  jobs: NewJob[],
  now: Date,
  /** The events it announces now that it is a lead (decision 103). */
  webhookEvents: readonly LeadEvent[] = [],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const released = await tx
      .update(leads)
      .set({ spamReason: null, deliveryStatus: status, updatedAt: now })
      .where(and(eq(leads.id, id), isNotNull(leads.spamReason)))
      .returning({ id: leads.id });
    if (released.length === 0) return false;
    await queueJobs(tx, id, jobs, now);
    await enqueueLeadEvents(tx, id, webhookEvents, null, now);
    return true;
  });
}

/**
 * Dead delivery jobs matching `which` back in the queue, from their first attempt (or, for a probe,
 * for one more attempt: a failure leaves it dead again).
 * A tracker job comes back only as its lead's newest dead one and while no other waits or runs: one
 * open tracker job per lead (unique index). Leads shown as failed whose tracker job came back are
 * pending again. Answers the jobs revived.
 */
export async function reviveDeadJobs(
  db: Database,
  which: SQL,
  now: Date,
  { probe = false }: { probe?: boolean } = {},
): Promise<{ id: number; leadId: string | null; kind: JobKind }[]> {
  return db.transaction(async (tx) => {
    const revived = await tx
      .update(deliveryJobs)
      .set({
        status: "pending",
        attempts: probe ? sql`${deliveryJobs.attempts}` : 0,
        runAt: now,
        lockedUntil: null,
        lockedBy: null,
        finishedAt: null,
        exhausted: false,
      })
      .where(
        and(
          eq(deliveryJobs.status, "dead"),
          which,
          sql`("delivery_jobs"."kind" <> 'tracker' or (
          "delivery_jobs"."id" = (select max(d.id) from "delivery_jobs" d
            where d.lead_id = "delivery_jobs"."lead_id" and d.kind = 'tracker' and d.status = 'dead')
          and not exists (select 1 from "delivery_jobs" o
            where o.lead_id = "delivery_jobs"."lead_id" and o.kind = 'tracker' and o.status in ('pending', 'running'))))`,
        ),
      )
      .returning({ id: deliveryJobs.id, leadId: deliveryJobs.leadId, kind: deliveryJobs.kind });
    const trackerLeads = revived.flatMap((job) => (job.kind === "tracker" && job.leadId ? [job.leadId] : []));
    if (trackerLeads.length > 0) {
      await tx
        .update(leads)
        .set({ deliveryStatus: "pending", updatedAt: now })
        .where(and(inArray(leads.id, trackerLeads), eq(leads.deliveryStatus, "failed")));
    }
    return revived;
  });
}

/**
 * Once Jira is configured, the jobs simulated mode finished without delivering are queued again
 * (tickets, plan requests; decision 094): finished jobs of `kinds` whose subject, by `subject`,
 * is among `undelivered` (a query of subject ids that still have no issue). Safe on every start
 * and on several instances: finished jobs only, reset to their first attempt, in their order.
 */
export async function requeueFinishedJobs(
  db: Database,
  now: Date,
  kinds: JobKind[],
  subject: typeof deliveryJobs.ticketId | typeof deliveryJobs.planRequestId,
  undelivered: SQL,
): Promise<number> {
  const requeued = await db
    .update(deliveryJobs)
    .set({ status: "pending", attempts: 0, runAt: now, finishedAt: null, lastError: null })
    .where(
      and(eq(deliveryJobs.status, "done"), inArray(deliveryJobs.kind, kinds), inArray(subject, undelivered)),
    )
    .returning({ id: deliveryJobs.id });
  return requeued.length;
}
