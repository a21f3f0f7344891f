import { randomBytes } from "node:crypto";
import { and, eq, gt, min, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { AttemptOutcome } from "../../db/enums.ts";
import type { JobPayloads } from "../../db/json-types.ts";
import { isLostConnection, retryOnLostConnection } from "../../db/lost-connection.ts";
import { deliveryAttempts, deliveryJobs, leads, outsideCircuits } from "../../db/schema.ts";
import { fromRow } from "../../db/statement.ts";
import { type JobKind, type LeadRow, reviveDeadJobs } from "../../leads/repository.ts";
import type { Logger } from "../../logger.ts";
import { JIRA_KINDS, serviceOfJob, serviceOfJobSql, serviceOfKind } from "../outside/circuit-rules.ts";
import { CircuitOpenError, type OutsideCircuits } from "../outside/circuits.ts";
import { recordAttempt } from "./attempt-record.ts";
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

/** A job of one kind: what that kind's handler is given. */
export type JobOf<K extends JobKind> = JobRow & { kind: K };

/**
 * What a job of its kind carries (json-types.ts JobPayloads). The column holds every kind's payload
 * and its type cannot follow `kind` (a write is only checked against them all): this is the one
 * place a read is narrowed to its kind's.
 */
export function payloadOf<K extends JobKind>(job: JobOf<K>): JobPayloads[K] {
  return job.payload as JobPayloads[K];
}

/** Delivers one job: reads its subject (a lead, a ticket) as it is now; answers what it did. */
export type JobHandler<K extends JobKind = JobKind> = (job: JobOf<K>) => Promise<string | undefined>;

/** What delivers each kind of job of the outbox (decision 094): each handler gets jobs of its kind. */
export type DeliveryHandlers = { [K in JobKind]: JobHandler<K> };

/** Runs a job with its kind's handler. */
function deliver<K extends JobKind>(handlers: DeliveryHandlers, job: JobOf<K>): Promise<string | undefined> {
  const handler: JobHandler<K> = handlers[job.kind];
  return handler(job);
}

/** A handler of a lead's job, given the lead as it is when the job runs. */
export function forLead(
  db: Database,
  handler: (job: JobRow, lead: LeadRow) => Promise<string | undefined>,
): JobHandler {
  return async (job) => {
    if (!job.leadId) throw new JobError("job sem lead", false);
    const [lead] = await db.select().from(leads).where(eq(leads.id, job.leadId));
    if (!lead) throw new JobError("lead não encontrado", false);
    return handler(job, lead);
  };
}

/** What a job's attempt tells about: its kind's target, or for a webhook its endpoint ("webhook:id"). */
function targetOf(job: Pick<JobRow, "kind" | "webhookEndpointId">): string {
  return job.webhookEndpointId ? `${job.kind}:${job.webhookEndpointId}` : job.kind;
}

/** Whom a job is about, for those waiting on its attempts ("kind:subjectId"). */
function waiterKey(kind: JobKind, job: Pick<JobRow, "leadId" | "ticketId">): string {
  return `${kind}:${job.leadId ?? job.ticketId ?? ""}`;
}

/** A claimed job not finished within this lease is claimed again (its worker died). */
export const LEASE_MS = 5 * 60_000;
/** A worker renews the lease of a job it is still working on this often (well before it ends). */
export const LEASE_RENEW_MS = LEASE_MS / 5;
/**
 * After an outage longer than a job's schedule (decision 079): this often, the oldest job of each
 * kind that died of it is tried again, and once one succeeds every other comes back.
 */
export const OUTAGE_PROBE_MS = 60 * 60_000;
/** A job cut short by a lost database connection runs again after this (decision 079). */
export const LOST_CONNECTION_RETRY_MS = 2_000;
/**
 * A started worker wakes this long after the earliest job due before its next poll: jobs falling due
 * together (a burst's confirmation e-mails) go in one pass, and none is sent at the very edge of its
 * due time (which the app's clock, not the database's, set).
 */
export const WAKE_SLACK_MS = 250;
/** An attempt running longer than this counts its target as failing (DeliveryWorker.failing). */
export const SLOW_ATTEMPT_MS = 1_000;
/** Tries of a job's result write on lost connections: 50 ms doubling, about 6 s in all. */
const RESULT_WRITE_ATTEMPTS = 8;
/** How an attempt whose worker stopped before it ended is recorded when its job is claimed again. */
export const ABANDONED_DETAIL =
  "tentativa interrompida: o processo parou antes de terminar (reserva vencida)";

export interface WorkerOptions {
  db: Database;
  logger: Logger;
  handlers: DeliveryHandlers;
  now?: () => Date;
  /** How often the worker looks for due jobs when not kicked; a job due sooner wakes it then. */
  pollIntervalMs?: number;
  batchSize?: number;
  id?: string;
  /** How often a job in hand has its lease renewed (tests shorten it). */
  leaseRenewMs?: number;
  /** The outside services' circuits (decision 124): a service's jobs wait while its circuit is open. */
  circuits?: OutsideCircuits;
  /** Draws the jitter of retries (tests fix it). */
  random?: () => number;
  /**
   * Runs `run` once after `ms` without holding the process open, and answers how to cancel it: the
   * poll and the wake of a started worker (tests take them in hand, with `now`).
   */
  setTimer?: (run: () => void, ms: number) => () => void;
}

/** setTimeout, unref'd: a worker's timers never keep a process alive. */
function realTimer(run: () => void, ms: number): () => void {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * Delivers the outbox (leads, support tickets, e-mails): claims due jobs with FOR UPDATE SKIP LOCKED (several workers, in one process or
 * many, never take the same job), runs them, records every attempt, and reschedules failures.
 * Nothing is dropped: a job that used its attempts waits as 'dead' for a manual retry.
 */
export class DeliveryWorker {
  readonly id: string;
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly handlers: DeliveryHandlers;
  private readonly now: () => Date;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly leaseRenewMs: number;
  private readonly setTimer: (run: () => void, ms: number) => () => void;
  /** Cancels the next poll. */
  private cancelPoll: (() => void) | null = null;
  /** When the next poll is due (on `now`'s clock); null while the worker is not started, only kicked. */
  private nextPollAt: number | null = null;
  /** The wake armed for the earliest pending job due before the next poll: when it fires, its cancel. */
  private wake: { at: number; cancel: () => void } | null = null;
  /** When this worker last tried a job that died of an outage (never: the first cycle does). */
  private lastProbe = Number.NEGATIVE_INFINITY;
  private cycle: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  /** Who waits for the next attempt at a subject's job of a kind ("kind:subjectId"). */
  private readonly waiters = new Map<string, Set<() => void>>();
  /** Whether the last attempt of each kind on this worker failed for its target (down, slow, 429). */
  private readonly lastFailed = new Map<string, boolean>();
  /** The last claim took a whole batch: more due jobs wait behind it (a queue, not a trickle). */
  private backedUp = false;
  /** Attempts in hand: their kind and when they began (the monotonic clock, in ms). */
  private readonly inFlight = new Map<number, { kind: JobKind; since: number }>();
  private readonly circuits: OutsideCircuits | undefined;
  private readonly random: () => number;

  constructor(options: WorkerOptions) {
    this.db = options.db;
    this.logger = options.logger;
    this.handlers = options.handlers;
    this.now = options.now ?? (() => new Date());
    this.pollIntervalMs = options.pollIntervalMs ?? 5_000;
    this.batchSize = options.batchSize ?? 5;
    this.leaseRenewMs = options.leaseRenewMs ?? LEASE_RENEW_MS;
    this.id = options.id ?? `worker-${process.pid}-${randomBytes(3).toString("hex")}`;
    this.circuits = options.circuits;
    this.random = options.random ?? Math.random;
    this.setTimer = options.setTimer ?? realTimer;
    this.circuits?.onChange((service, state) => {
      // Nobody waits for an attempt at a service that will not be called (B §4.5: the local protocol now).
      if (state === "open") this.releaseWaiters(service);
      // The service works again: its jobs are due (they kept their place), and what died of the
      // outage before its circuit opened comes back (decision 079).
      if (state === "closed" && !this.stopped) {
        void this.revive(
          sql`${serviceOfJobSql('"delivery_jobs"')} = ${service} and "delivery_jobs"."exhausted"`,
          `${service} closed`,
        ).then(() => this.kick());
      }
    });
  }

  /** Answers everyone waiting for an attempt at a job of `service`. */
  private releaseWaiters(service: string): void {
    for (const [key, set] of this.waiters) {
      const kind = key.slice(0, key.indexOf(":"));
      if (serviceOfKind(kind) !== service) continue;
      for (const done of [...set]) done();
    }
  }

  start(): void {
    this.stopped = false;
    const tick = () => {
      this.nextPollAt = this.now().getTime() + this.pollIntervalMs;
      this.cancelPoll = this.setTimer(tick, this.pollIntervalMs);
      void this.kick();
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
          // Inside the cycle: a kick while the wake is read runs one more pass, not none.
          if (!this.again) await this.armWake();
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

  /**
   * Runs due jobs now and resolves once this worker has tried the lead's job of that kind (whatever
   * the outcome), or after `timeoutMs` (the job may be another instance's, or queued behind others).
   * Subscribes before it kicks, so an attempt that ends at once is not missed.
   */
  attempted(leadId: string, kind: JobKind, timeoutMs: number): Promise<void> {
    const key = waiterKey(kind, { leadId, ticketId: null });
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.get(key)?.delete(done);
        if (this.waiters.get(key)?.size === 0) this.waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      const set = this.waiters.get(key) ?? new Set();
      set.add(done);
      this.waiters.set(key, set);
      void this.kick();
    });
  }

  /**
   * Whether the last attempt of a job of this kind on this worker failed for its target (down,
   * rate-limiting; not a refusal of one job), or one has been in hand too long. While the tracker fails,
   * a visitor is answered at once with the local protocol instead of waiting for a key that cannot
   * come; every new lead's own attempt tells when it works again.
   */
  failing(kind: JobKind): boolean {
    if (this.lastFailed.get(kind)) return true;
    if ((JIRA_KINDS as readonly string[]).includes(kind) && !this.circuitClosed(kind)) return true;
    // A target that takes this long is as good as down for a visitor waiting on it (its calls are
    // being retried, or hang until their timeout).
    const now = performance.now();
    for (const attempt of this.inFlight.values())
      if (attempt.kind === kind && now - attempt.since > SLOW_ATTEMPT_MS) return true;
    return false;
  }

  /**
   * Whether a visitor would wait long for an attempt of this kind: its target fails or hangs, or
   * due jobs are queued behind full batches (after an outage, or in a burst), so a new lead's job
   * would not be reached within the wait. The visitor is then answered at once.
   */
  slow(kind: JobKind): boolean {
    return this.backedUp || this.failing(kind);
  }

  /**
   * Ends the leases of every job still marked running: for a database only this process can open
   * (the embedded one), those jobs were abandoned by this process's previous run (killed, crashed),
   * so they run again now, instead of when their leases would run out. Never call it on a shared
   * database, where they may be another instance's work in progress. Answers how many.
   */
  async releaseAbandoned(): Promise<number> {
    return this.endLeases(eq(deliveryJobs.status, "running"));
  }

  /** Ends the leases of the running jobs `which` selects (the next claim records their attempts). */
  private async endLeases(which: SQL): Promise<number> {
    const released = await this.db
      .update(deliveryJobs)
      .set({ lockedUntil: new Date(this.now().getTime() - 1) })
      .where(and(eq(deliveryJobs.status, "running"), which))
      .returning({ id: deliveryJobs.id });
    return released.length;
  }

  /**
   * A connection lost after the claim committed (its answer, or the read of the claimed rows, cut
   * off) leaves jobs leased to this worker that it never got: they would wait for their 5-minute
   * lease. A cycle runs its claim with no job in hand, so every job leased to this worker then is
   * such an orphan: its lease ends now and the next claim records the lost attempt.
   */
  private async releaseOwnLeases(): Promise<void> {
    try {
      await retryOnLostConnection(() => this.endLeases(eq(deliveryJobs.lockedBy, this.id)), {
        attempts: RESULT_WRITE_ATTEMPTS,
      });
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, "leases of a lost claim not released");
    }
  }

  /** Whether the circuit of a kind's service (not a webhook's: one per endpoint) is closed. */
  private circuitClosed(kind: JobKind): boolean {
    return !this.circuits || this.circuits.state(serviceOfKind(kind)) === "closed";
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelPoll?.();
    this.cancelPoll = null;
    this.nextPollAt = null;
    this.wake?.cancel();
    this.wake = null;
    await this.cycle;
  }

  /**
   * After a pass of a started worker, a wake for the earliest pending job that falls due before
   * the next poll (a confirmation e-mail due 3 s after its lead, a retry's short backoff, a job
   * another instance queued): it runs when due (WAKE_SLACK_MS after) rather than up to a poll
   * interval later (decision 139). Jobs of services whose circuit is open here wait for their
   * circuit, not their time.
   */
  private async armWake(): Promise<void> {
    if (this.nextPollAt === null || this.stopped) return;
    const now = this.now().getTime();
    const held = this.heldKinds();
    let at: number | undefined;
    try {
      const [next] = await this.db
        .select({ at: min(deliveryJobs.runAt) })
        .from(deliveryJobs)
        .where(
          and(
            eq(deliveryJobs.status, "pending"),
            gt(deliveryJobs.runAt, new Date(now)),
            held.length ? notInArray(deliveryJobs.kind, held) : undefined,
          ),
        );
      at = next?.at?.getTime();
    } catch (error) {
      // The next poll looks anyway.
      this.logger.warn({ err: (error as Error).message }, "delivery wake not armed");
      return;
    }
    if (at === undefined || this.nextPollAt === null || this.stopped) return;
    const wakeAt = at + WAKE_SLACK_MS;
    if (wakeAt >= this.nextPollAt) return;
    // One wake at a time, the earliest: a later one would only run a pass that finds nothing due.
    if (this.wake && this.wake.at <= wakeAt) return;
    this.wake?.cancel();
    const wake = {
      at: wakeAt,
      cancel: this.setTimer(
        () => {
          if (this.wake === wake) this.wake = null;
          void this.kick();
        },
        Math.max(0, wakeAt - this.now().getTime()),
      ),
    };
    this.wake = wake;
  }

  /** Claims and runs one batch of due jobs; returns how many ran. */
  async runDue(): Promise<number> {
    await this.probeOutages();
    let jobs: JobRow[];
    try {
      jobs = [...(await this.claimProbes()), ...(await this.claim())];
    } catch (error) {
      if (isLostConnection(error)) await this.releaseOwnLeases();
      throw error;
    }
    this.backedUp = jobs.length >= this.batchSize;
    await Promise.all(jobs.map((job) => this.run(job)));
    return jobs.length;
  }

  /**
   * Once an hour, the oldest job of each kind (each webhook endpoint) that died of an outage is tried once more: a probe of
   * the target. Its success revives the others (run); its failure leaves it dead again.
   */
  private async probeOutages(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.lastProbe < OUTAGE_PROBE_MS) return;
    this.lastProbe = now.getTime();
    await this.revive(
      sql`"delivery_jobs"."id" in (select min(p.id) from "delivery_jobs" p
        where p.status = 'dead' and p.exhausted group by p.kind, p.webhook_endpoint_id)`,
      "outage probe",
      true,
    );
  }

  /** Revives dead jobs (never failing the caller: a revival lost to a race is tried again later). */
  private async revive(which: SQL, reason: string, probe = false): Promise<void> {
    try {
      const revived = await reviveDeadJobs(this.db, which, this.now(), { probe });
      if (revived.length > 0)
        this.logger.info({ jobs: revived.length, reason }, "dead deliveries queued again");
    } catch (error) {
      this.logger.warn({ err: (error as Error).message, reason }, "dead deliveries not revived");
    }
  }

  /**
   * The probes of the open circuits whose probe is due and this instance won (decision 124): for
   * each, the service's oldest waiting job, whose attempt tells whether it works again. A service
   * with no job waiting is closed: nothing needs it, and its next call will tell.
   */
  private async claimProbes(): Promise<JobRow[]> {
    if (!this.circuits) return [];
    const won = await this.circuits.claimProbes();
    const probes: JobRow[] = [];
    for (const service of won) {
      const [job] = await this.claim(service);
      if (job) probes.push(job);
      else await this.circuits.close(service);
    }
    return probes;
  }

  /**
   * Claims due jobs, leaving those of services whose circuit is open; or, with `probeOf`, the one
   * job (due or not) that probes that service.
   */
  private async claim(probeOf?: string): Promise<JobRow[]> {
    const now = this.now();
    const leaseEnd = new Date(now.getTime() + LEASE_MS);
    // One tracker job per lead at a time: a second one waits while the first holds its lease (a
    // webhook: one per lead and endpoint, so a slow endpoint holds back no other).
    // A ticket's Jira jobs run one at a time and in order (the issue is created before its
    // replies, a reply before the next): only the oldest open one of a ticket is due.
    // A job still 'running' past its lease was abandoned by a worker that stopped (killed, crashed,
    // cut off): that attempt is recorded here, so every attempt shows in the job's history.
    const at = now.toISOString();
    // Kinds whose service's circuit is open here are left out before any other condition is read.
    const held = probeOf === undefined ? this.heldKinds() : [];
    const claimable = sql`${
      held.length
        ? sql`j.kind not in (${sql.join(
            held.map((kind) => sql`${kind}`),
            sql`, `,
          )}) and `
        : sql``
    }${
      probeOf !== undefined
        ? sql`${serviceOfJobSql("j")} = ${probeOf}`
        : this.circuits
          ? sql`not exists (select 1 from ${outsideCircuits} c
              where c.service = ${serviceOfJobSql("j")} and c.state <> 'closed')`
          : sql`true`
    }
      and not exists (
        select 1 from ${deliveryJobs} r
        where r.lead_id = j.lead_id and r.kind = j.kind and r.id <> j.id
          -- A lead's webhooks wait only for its other webhook to the same endpoint (decision 103).
          and r.webhook_endpoint_id is not distinct from j.webhook_endpoint_id
          and r.status = 'running' and r.locked_until >= ${at})
      and (j.ticket_id is null or j.kind not like 'ticket%' or not exists (
        select 1 from ${deliveryJobs} e
        where e.ticket_id = j.ticket_id and e.kind like 'ticket%' and e.id < j.id
          and e.status in ('pending', 'running')))`;
    const columns = sql`j.id, j.status, j.locked_by, j.locked_until, j.attempts, j.run_at`;
    // The due jobs and the abandoned ones are picked apart, each in the order of the due index, so
    // a claim reads the few rows it takes rather than sorting the whole backlog (an outage's
    // thousands of jobs, read on every claim, were most of the database's work while it lasted).
    const picked =
      probeOf !== undefined
        ? sql`picked as (
            select ${columns} from ${deliveryJobs} j
            where (j.status = 'pending' or (j.status = 'running' and j.locked_until < ${at})) and ${claimable}
            -- A probe takes a due job first: one waiting out its own backoff goes only when none is due.
            order by (j.run_at > ${at}), j.run_at, j.id
            limit 1
            for update skip locked)`
        : sql`due as (
            select ${columns} from ${deliveryJobs} j
            where j.status = 'pending' and j.run_at <= ${at} and ${claimable}
            order by j.run_at, j.id
            limit ${this.batchSize}
            for update skip locked),
          stale as (
            select ${columns} from ${deliveryJobs} j
            where j.status = 'running' and j.locked_until < ${at} and ${claimable}
            order by j.run_at, j.id
            limit ${this.batchSize}
            for update skip locked),
          picked as (
            select * from due union all select * from stale
            order by run_at, id
            limit ${this.batchSize})`;
    const result = await this.db.execute(sql`
      with ${picked},
      abandoned as (
        insert into ${deliveryAttempts} (job_id, attempt, worker, started_at, finished_at, outcome, detail)
        select p.id, p.attempts, coalesce(p.locked_by, 'unknown'), p.locked_until, p.locked_until, 'retry',
          ${ABANDONED_DETAIL}
        from picked p where p.status = 'running')
      update ${deliveryJobs} d set
        status = 'running',
        attempts = d.attempts + 1,
        locked_by = ${this.id},
        locked_until = ${leaseEnd.toISOString()}
      from picked where d.id = picked.id
      returning d.*`);
    // Both drivers (pg and PGlite) answer raw statements with a `rows` array; the claimed rows come
    // back with it, so a claim is one round trip.
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    return rows.map((row) => fromRow(deliveryJobs, row));
  }

  /** The kinds of job whose whole service (Jira, SMTP) has its circuit open in this instance's view. */
  private heldKinds(): JobKind[] {
    const circuits = this.circuits;
    if (!circuits) return [];
    return deliveryJobs.kind.enumValues.filter((kind) => circuits.state(serviceOfKind(kind)) !== "closed");
  }

  /** Whether this worker still holds the job: every update of a claimed job is conditional on it. */
  private held(jobId: number) {
    return sql`${deliveryJobs.id} = ${jobId} and ${deliveryJobs.status} = 'running' and ${deliveryJobs.lockedBy} = ${this.id}`;
  }

  private async run(job: JobRow): Promise<void> {
    const startedAt = this.now();
    this.inFlight.set(job.id, { kind: job.kind, since: performance.now() });
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
    let outcome: AttemptOutcome;
    let detail: string | undefined;
    let runAt: Date | null = null;
    let exhausted = false;
    /** The failure was the target's (down, slow, rate-limiting), not a refusal of this one job. */
    let targetFailed = false;
    const service = serviceOfJob(job);
    const openingsBefore = this.circuits?.openingsOf(service) ?? 0;
    try {
      detail = await deliver(this.handlers, job);
      outcome = "ok";
    } catch (error) {
      const jobError = error instanceof JobError ? error : new JobError((error as Error).message, true);
      targetFailed = jobError.retryable && !isLostConnection(error);
      detail = jobError.message;
      // Our own database's connection lost mid-job (a failover) says nothing of the target: the job
      // runs again in a moment, on a fresh connection, instead of after the target's backoff.
      const delay =
        isLostConnection(error) && job.attempts < job.maxAttempts
          ? LOST_CONNECTION_RETRY_MS
          : jobRetryDelay(job.attempts, job.maxAttempts, jobError, this.random);
      if (
        this.circuits &&
        !isLostConnection(error) &&
        (error instanceof CircuitOpenError ||
          (this.circuits.state(service) !== "closed" &&
            (jobError.retryable || this.circuits.openingsOf(service) !== openingsBefore)))
      ) {
        // The service's circuit is open: refused without a call, or this failure (a refusal of the
        // credentials included) opened it, or it failed as its probe. The job waits for it to
        // close, its attempt given back, its place in the queue kept (decision 124). A job failing
        // for a reason of its own (a bad payload) is not held: it follows its schedule.
        outcome = "deferred";
        targetFailed = true;
      } else if (delay === undefined) {
        outcome = "dead";
        exhausted = jobError.retryable;
      } else {
        outcome = "retry";
        runAt = new Date(this.now().getTime() + delay);
      }
      this.logger.warn(
        {
          job: job.id,
          kind: job.kind,
          lead: job.leadId ?? undefined,
          ticket: job.ticketId ?? undefined,
          attempt: job.attempts,
          outcome,
          err: detail,
        },
        "delivery attempt failed",
      );
    } finally {
      clearInterval(renewal);
    }
    // A probe whose job never reached the service says nothing of it: the next job probes.
    await this.circuits?.releaseProbe(service);
    this.inFlight.delete(job.id);
    // Unknown since this process started counts as failing: its first success may end an outage.
    // Each webhook endpoint is a target of its own: one working says nothing of another.
    const target = targetOf(job);
    const recovered = outcome === "ok" && this.lastFailed.get(target) !== false;
    this.lastFailed.set(target, targetFailed);
    try {
      await this.record(job, { outcome, detail, runAt, exhausted, startedAt, recovered });
    } finally {
      for (const done of [...(this.waiters.get(waiterKey(job.kind, job)) ?? [])]) done();
    }
  }

  /** Writes an attempt's outcome: the job moved on (only by its holder) and the attempt recorded. */
  private async record(
    job: JobRow,
    {
      outcome,
      detail,
      runAt,
      exhausted,
      startedAt,
      recovered,
    }: {
      outcome: AttemptOutcome;
      detail: string | undefined;
      runAt: Date | null;
      exhausted: boolean;
      startedAt: Date;
      /** A success after this kind's target had failed here (or since start). */
      recovered: boolean;
    },
  ): Promise<void> {
    const finishedAt = this.now();
    // A connection lost as the result is written (a failover) would leave the job running until its
    // lease ends and its attempt unrecorded: the write is tried again on a fresh connection, for
    // about 6 s (a failover's usual length), since the conditional update is safe to repeat.
    const held = await retryOnLostConnection(
      () =>
        recordAttempt(this.db, {
          jobId: job.id,
          attempt: job.attempts,
          worker: this.id,
          outcome,
          detail: detail ?? null,
          runAt,
          exhausted,
          startedAt,
          finishedAt,
          failedLeadId: job.kind === "tracker" ? job.leadId : null,
        }),
      { attempts: RESULT_WRITE_ATTEMPTS },
    );
    // Only the holder moves the job on; a worker that lost it (a stalled process whose lease ran
    // out) still recorded what it did, and leaves the job to its new holder.
    if (!held)
      this.logger.warn({ job: job.id, kind: job.kind, lead: job.leadId }, "job lease lost before it ended");
    // The target works again: what died of its outage comes back now rather than at the next probe.
    // Only on the success that ends a failure: an ordinary delivery costs no extra transaction.
    if (held && recovered) {
      await this.revive(
        job.kind === "webhook"
          ? sql`"delivery_jobs"."kind" = ${job.kind} and "delivery_jobs"."exhausted"
              and "delivery_jobs"."webhook_endpoint_id" is not distinct from ${job.webhookEndpointId}`
          : sql`"delivery_jobs"."kind" = ${job.kind} and "delivery_jobs"."exhausted"`,
        `${job.kind} delivered`,
      );
    }
  }
}
