import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deliveryAttempts, deliveryJobs, leads } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import type { JobKind, LeadRow } from "./repository.ts";
import { jobRetryDelay } from "./retry-policy.ts";

export type JobRow = typeof deliveryJobs.$inferSelect;

/** A failure a job reports: retried on the job schedule of retry-policy.ts unless `retryable` is false. */
export class JobError extends Error {
  override name = "JobError";
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export type JobHandler = (job: JobRow, lead: LeadRow) => Promise<string | undefined>;

/** A claimed job not finished within this lease is claimed again (its worker died). */
export const LEASE_MS = 5 * 60_000;
/** A worker renews the lease of a job it is still working on this often (well before it ends). */
export const LEASE_RENEW_MS = LEASE_MS / 5;

export interface WorkerOptions {
  db: Database;
  logger: Logger;
  handlers: Record<JobKind, JobHandler>;
  now?: () => Date;
  /** How often the worker looks for due jobs when not kicked. */
  pollIntervalMs?: number;
  batchSize?: number;
  id?: string;
  /** How often a job in hand has its lease renewed (tests shorten it). */
  leaseRenewMs?: number;
}

/**
 * Delivers leads: claims due jobs with FOR UPDATE SKIP LOCKED (several workers, in one process or
 * many, never take the same job), runs them, records every attempt, and reschedules failures.
 * Nothing is dropped: a job that used its attempts waits as 'dead' for a manual retry.
 */
export class DeliveryWorker {
  readonly id: string;
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly handlers: Record<JobKind, JobHandler>;
  private readonly now: () => Date;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly leaseRenewMs: number;
  private timer: NodeJS.Timeout | null = null;
  private cycle: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(options: WorkerOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.handlers = options.handlers;
    this.now = options.now ?? (() => new Date());
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.batchSize = options.batchSize ?? 5;
    this.leaseRenewMs = options.leaseRenewMs ?? LEASE_RENEW_MS;
    this.id = options.id ?? `worker-${process.pid}-${randomBytes(3).toString("hex")}`;
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      this.kick();
      this.timer = setTimeout(tick, this.pollIntervalMs);
      this.timer.unref();
    };
    tick();
  }

  /** Runs due jobs now (coalesced with a cycle already running); resolves when that cycle ends. */
  kick(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.cycle) {
      this.again = true;
      return this.cycle;
    }
    this.cycle = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          let ran: number;
          do {
            ran = await this.runDue();
            total += ran;
          } while (ran > 0 && !this.stopped);
        } while (this.again && !this.stopped);
      } catch (error) {
        this.logger.error({ err: error }, "delivery cycle failed");
      } finally {
        this.cycle = null;
      }
      return total;
    })();
    return this.cycle;
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.cycle;
  }

  /** Claims and runs one batch of due jobs; returns how many ran. */
  async runDue(): Promise<number> {
    const jobs = await this.claim();
    await Promise.all(jobs.map((job) => this.run(job)));
    return jobs.length;
  }

  private async claim(): Promise<JobRow[]> {
    const now = this.now();
    const leaseEnd = new Date(now.getTime() + LEASE_MS);
    // One tracker job per lead at a time: a second one waits while the first holds its lease.
    const result = await this.db.execute(sql`
      update ${deliveryJobs} set
        status = 'running',
        attempts = ${deliveryJobs.attempts} + 1,
        locked_by = ${this.id},
        locked_until = ${leaseEnd.toISOString()}
      where ${deliveryJobs.id} in (
        select j.id from ${deliveryJobs} j
        where ((j.status = 'pending' and j.run_at <= ${now.toISOString()})
            or (j.status = 'running' and j.locked_until < ${now.toISOString()}))
          and not exists (
            select 1 from ${deliveryJobs} r
            where r.lead_id = j.lead_id and r.kind = j.kind and r.id <> j.id
              and r.status = 'running' and r.locked_until >= ${now.toISOString()})
        order by j.run_at, j.id
        limit ${this.batchSize}
        for update skip locked)
      returning id`);
    // Both drivers (pg and PGlite) answer raw statements with a `rows` array.
    const ids = (result as unknown as { rows: { id: unknown }[] }).rows.map((row) => Number(row.id));
    if (ids.length === 0) return [];
    return this.db.select().from(deliveryJobs).where(inArray(deliveryJobs.id, ids));
  }

  /** Whether this worker still holds the job: every update of a claimed job is conditional on it. */
  private held(jobId: number) {
    return sql`${deliveryJobs.id} = ${jobId} and ${deliveryJobs.status} = 'running' and ${deliveryJobs.lockedBy} = ${this.id}`;
  }

  private async run(job: JobRow): Promise<void> {
    const startedAt = this.now();
    // A long delivery keeps its lease, so no other worker claims the job while this one works on it.
    const renewal = setInterval(() => {
      const until = new Date(this.now().getTime() + LEASE_MS);
      this.db
        .update(deliveryJobs)
        .set({ lockedUntil: until })
        .where(this.held(job.id))
        .catch((error: Error) => this.logger.warn({ job: job.id, err: error.message }, "lease not renewed"));
    }, this.leaseRenewMs);
    renewal.unref();
    let outcome: "ok" | "retry" | "dead";
    let detail: string | undefined;
    let runAt: Date | null = null;
    try {
      const [lead] = await this.db.select().from(leads).where(eq(leads.id, job.leadId));
      if (!lead) throw new JobError("lead não encontrado", false);
      detail = await this.handlers[job.kind](job, lead);
      outcome = "ok";
    } catch (error) {
      const jobError = error instanceof JobError ? error : new JobError((error as Error).message, true);
      detail = jobError.message;
      const delay = jobRetryDelay(job.attempts, job.maxAttempts, jobError);
      if (delay === undefined) {
        outcome = "dead";
      } else {
        outcome = "retry";
        runAt = new Date(this.now().getTime() + delay);
      }
      this.logger.warn(
        { job: job.id, kind: job.kind, lead: job.leadId, attempt: job.attempts, outcome, err: detail },
        "delivery attempt failed",
      );
    } finally {
      clearInterval(renewal);
    }
    const finishedAt = this.now();
    await this.db.transaction(async (tx) => {
      // Only the holder moves the job on; a worker that lost it (a stalled process whose lease ran
      // out) still records what it did, and leaves the job to its new holder.
      const moved = await tx
        .update(deliveryJobs)
        .set(
          outcome === "ok"
            ? {
                // The lead changed while the job ran: it runs again, fresh, instead of a second job.
                status: sql`case when ${deliveryJobs.rerun} then 'pending' else 'done' end`,
                runAt: finishedAt,
                attempts: sql`case when ${deliveryJobs.rerun} then 0 else ${deliveryJobs.attempts} end`,
                rerun: false,
                finishedAt: sql`case when ${deliveryJobs.rerun} then null else ${finishedAt.toISOString()}::timestamptz end`,
                lockedBy: null,
                lockedUntil: null,
                lastError: null,
              }
            : outcome === "retry"
              ? { status: "pending", runAt: runAt!, lockedBy: null, lockedUntil: null, lastError: detail }
              : { status: "dead", finishedAt, lockedBy: null, lockedUntil: null, lastError: detail },
        )
        .where(this.held(job.id))
        .returning({ id: deliveryJobs.id });
      await tx.insert(deliveryAttempts).values({
        jobId: job.id,
        attempt: job.attempts,
        worker: this.id,
        startedAt,
        finishedAt,
        outcome,
        detail: (moved.length ? detail : `${detail ?? ""} (lease lost: the job was taken over)`)?.slice(
          0,
          2000,
        ),
      });
      if (moved.length === 0) {
        this.logger.warn({ job: job.id, kind: job.kind, lead: job.leadId }, "job lease lost before it ended");
        return;
      }
      if (outcome === "dead" && job.kind === "tracker") {
        await tx
          .update(leads)
          .set({ deliveryStatus: "failed", updatedAt: finishedAt })
          .where(eq(leads.id, job.leadId));
      }
    });
  }
}
