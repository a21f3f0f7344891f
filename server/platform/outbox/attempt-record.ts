import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { AttemptOutcome } from "../../db/enums.ts";
import { deliveryAttempts, deliveryJobs, leads } from "../../db/schema.ts";
import { compileStatement } from "../../db/statement.ts";

/** What an attempt of a claimed job ended with, as the worker writes it. */
export interface AttemptResult {
  jobId: number;
  /** The attempt's number (the job's attempts once claimed). */
  attempt: number;
  /** The worker that claimed the job: only its holder moves the job on. */
  worker: string;
  outcome: AttemptOutcome;
  detail: string | null;
  /** When a retried job is due again. */
  runAt: Date | null;
  /** A dead job died of its target's outage (decision 079): revived when the target works again. */
  exhausted: boolean;
  startedAt: Date;
  finishedAt: Date;
  /** The lead whose delivery is marked failed when its tracker job dies. */
  failedLeadId: string | null;
}

/** Kept in the attempt's detail (the job's last error keeps the whole message). */
const MAX_DETAIL = 2000;
/** Said of an attempt whose worker had lost the job to another by the time it ended. */
const LEASE_LOST_DETAIL = " (lease lost: the job was taken over)";

type Values = Omit<AttemptResult, "detail" | "failedLeadId"> & {
  detail: string | null;
  attemptDetail: string | null;
  lostDetail: string;
  failedLeadId: string | null;
};

/**
 * The attempt's outcome in one statement (one round trip instead of a transaction of four): the
 * job moved on by its holder only, the attempt recorded either way (with the lease lost said when
 * the job had been taken over), and a lead whose tracker job died marked failed.
 *
 * ok: done, or pending again at once with its attempts reset when the lead changed while it ran
 * (rerun). retry: pending until `runAt`. deferred: pending with its attempt given back and its
 * place kept (decision 124). dead: finished, `exhausted` when its target's outage killed it.
 */
const recordStatement = compileStatement<Values>("record-attempt", (param) => {
  const outcome = param("outcome", deliveryAttempts.outcome);
  const finishedAt = param("finishedAt", deliveryAttempts.finishedAt);
  const detail = param("detail", deliveryJobs.lastError);
  return sql`
    with moved as (
      update ${deliveryJobs} d set
        status = case
          when ${outcome} = 'ok' then case when d.rerun then 'pending' else 'done' end
          when ${outcome} = 'dead' then 'dead'
          else 'pending' end,
        run_at = case
          when ${outcome} = 'ok' then ${finishedAt}
          when ${outcome} = 'retry' then ${param("runAt", deliveryJobs.runAt)}
          else d.run_at end,
        attempts = case
          when ${outcome} = 'ok' and d.rerun then 0
          when ${outcome} = 'deferred' then greatest(d.attempts - 1, 0)
          else d.attempts end,
        rerun = case when ${outcome} = 'ok' then false else d.rerun end,
        finished_at = case
          when ${outcome} = 'ok' then case when d.rerun then null else ${finishedAt} end
          when ${outcome} = 'dead' then ${finishedAt}
          else d.finished_at end,
        exhausted = case when ${outcome} = 'dead' then ${param("exhausted", deliveryJobs.exhausted)} else d.exhausted end,
        last_error = case when ${outcome} = 'ok' then null else ${detail} end,
        locked_by = null,
        locked_until = null
      where d.id = ${param("jobId", deliveryAttempts.jobId)} and d.status = 'running'
        and d.locked_by = ${param("worker", deliveryJobs.lockedBy)}
      returning d.id
    ),
    recorded as (
      insert into ${deliveryAttempts} (job_id, attempt, worker, started_at, finished_at, outcome, detail)
      values (${param("jobId", deliveryAttempts.jobId)}, ${param("attempt", deliveryAttempts.attempt)},
        ${param("worker", deliveryJobs.lockedBy)}, ${param("startedAt", deliveryAttempts.startedAt)},
        ${finishedAt}, ${outcome},
        case when exists (select 1 from moved) then ${param("attemptDetail", deliveryAttempts.detail)}
          else ${param("lostDetail", deliveryAttempts.detail)} end)
    ),
    failed as (
      update ${leads} set delivery_status = 'failed', updated_at = ${finishedAt}
      where id = ${param("failedLeadId", leads.id)} and ${outcome} = 'dead' and exists (select 1 from moved)
    )
    select count(*)::int as moved from moved`;
});

/** Writes an attempt's outcome; answers whether this worker still held the job (and moved it on). */
export async function recordAttempt(db: Database, result: AttemptResult): Promise<boolean> {
  const [row] = await recordStatement.run(db, {
    ...result,
    attemptDetail: result.detail?.slice(0, MAX_DETAIL) ?? null,
    lostDetail: `${result.detail ?? ""}${LEASE_LOST_DETAIL}`.slice(0, MAX_DETAIL),
  });
  return Number(row?.moved) > 0;
}
