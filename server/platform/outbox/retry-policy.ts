import type { deliveryJobs } from "../../db/schema.ts";
import { TrackerError } from "../../tracker/errors.ts";
import { fullJitter } from "../outside/circuit-rules.ts";
import { CircuitOpenError } from "../outside/circuits.ts";

type JobKind = (typeof deliveryJobs.$inferInsert)["kind"];

/**
 * The one statement of how lead delivery retries (B §9.3, decision 023), at two levels:
 *
 * (a) A call to Jira is tried up to 3 times, 1000 ms after the first failure and 2000 ms after the
 *     second. A Retry-After in the answer is waited instead, up to 10 s; a longer one ends the call,
 *     and the job's schedule takes over. Which failures retry is decided by `callFailure`.
 * (b) A delivery job whose attempt failed runs again after a wait drawn with full jitter (decision
 *     124) up to 30 s, 2 min, 10 min, 30 min, then every hour (or after the target's Retry-After, if
 *     longer, up to an hour), until it has used MAX_JOB_ATTEMPTS for its kind; then it is dead until
 *     the target works again or an admin retries it. While the target's circuit is open, its jobs
 *     wait without spending attempts (server/platform/outside/circuits.ts).
 *
 * Attempts are counted from 1, and the delay functions take the number of the attempt that failed.
 */

// (a) One call ---------------------------------------------------------------------------------

export interface CallRetryPolicy {
  /** Tries in total, the first one included. */
  attempts: number;
  /** The wait after the first failed try; each further failed try doubles it. */
  baseDelayMs: number;
  /** The longest Retry-After waited in line; a longer one ends the call. */
  maxRetryAfterMs: number;
}

/** B §9.3: up to 2 extra attempts (3 in total), base delay 1000 ms, doubling; Retry-After up to 10 s. */
export const CALL_RETRY_POLICY: Readonly<CallRetryPolicy> = Object.freeze({
  attempts: 3,
  baseDelayMs: 1000,
  maxRetryAfterMs: 10_000,
});

/** A request that must not be repeated blindly (creating an issue): one try, same rules otherwise. */
export const SINGLE_TRY_POLICY: Readonly<CallRetryPolicy> = Object.freeze({
  ...CALL_RETRY_POLICY,
  attempts: 1,
});

/** A failed try, of a call or of a job, as the policy sees it (TrackerError and JobError read as one). */
export interface Failure {
  /** Worth another try (network, 5xx, 429, XSRF 403). */
  retryable: boolean;
  /** The target's Retry-After, when it gave one. */
  retryAfterMs?: number;
}

/**
 * Reads a thrown error as a call failure. A TrackerError carries its verdict, set from the Jira
 * answer by `errorForStatus` (tracker/errors.ts: 429, 5xx and the XSRF 403 retry; 401, 403, 404,
 * 405 and other 4xx do not) or by the client (no answer, or an unreadable one: retry). Any other
 * error is a call that got no answer, and is retried like a connection failure.
 */
export function callFailure(error: unknown): Failure {
  // The circuit opened: another try would be refused the same way, so the job's schedule takes over.
  if (error instanceof CircuitOpenError) return { retryable: false };
  if (error instanceof TrackerError) {
    return { retryable: error.retryable, retryAfterMs: error.options.retryAfterMs };
  }
  return { retryable: true };
}

/** Whether a failure is of a kind worth another try at all. */
export function shouldRetryCall(failure: Failure): boolean {
  return failure.retryable;
}

/** The backoff after failed try `attempt` (1, 2, …): base delay doubled for each earlier failure. */
export function callBackoffMs(attempt: number, policy: CallRetryPolicy = CALL_RETRY_POLICY): number {
  return policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
}

/**
 * The wait after failed try `attempt`: the Retry-After when the answer gave one (0 included), else
 * the backoff. Undefined when that Retry-After is longer than the policy waits in line.
 */
export function callRetryDelay(
  attempt: number,
  retryAfterMs?: number,
  policy: CallRetryPolicy = CALL_RETRY_POLICY,
): number | undefined {
  const wait = retryAfterMs ?? callBackoffMs(attempt, policy);
  return wait > policy.maxRetryAfterMs ? undefined : wait;
}

/** The whole decision after failed try `attempt`: the wait before the next try, or undefined to give up. */
export function nextCallDelay(
  attempt: number,
  failure: Failure,
  policy: CallRetryPolicy = CALL_RETRY_POLICY,
): number | undefined {
  if (!shouldRetryCall(failure) || attempt >= policy.attempts) return undefined;
  return callRetryDelay(attempt, failure.retryAfterMs, policy);
}

/** The waits between the tries of a call that keeps failing without Retry-After: [1000, 2000]. */
export const CALL_RETRY_DELAYS_MS: readonly number[] = Object.freeze(
  Array.from({ length: CALL_RETRY_POLICY.attempts - 1 }, (_, i) => callBackoffMs(i + 1)),
);

/**
 * Runs `call` (given the try number, from 1) under the policy: a failure is read by `callFailure`,
 * and the call is tried again after `nextCallDelay`, or the last failure is thrown as it came.
 */
export async function withRetries<T>(
  call: (attempt: number) => Promise<T>,
  options: {
    sleep: (ms: number) => Promise<void>;
    policy?: CallRetryPolicy;
    /** Asked after a failure, and after the wait: true ends the call with that failure. */
    stop?: () => boolean;
  },
): Promise<T> {
  const policy = options.policy ?? CALL_RETRY_POLICY;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      const wait = nextCallDelay(attempt, callFailure(error), policy);
      if (wait === undefined || options.stop?.()) throw error;
      await options.sleep(wait);
      if (options.stop?.()) throw error;
    }
  }
}

// (b) Delivery jobs ----------------------------------------------------------------------------

/** Waits between job attempts: 30 s, 2 min, 10 min, 30 min, then every hour. */
export const JOB_BACKOFF_MS = Object.freeze([30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const);

/** Attempts a job gets before it waits as dead for a manual retry (decision 023). */
export const MAX_JOB_ATTEMPTS: Readonly<Record<JobKind, number>> = Object.freeze({
  tracker: 8,
  slack: 5,
  teams: 5,
  webhook: 8,
  // A support ticket and what follows it (replies, status changes) wait out a Jira outage like a lead.
  ticket: 8,
  ticket_comment: 8,
  meeting_note: 8,
  meeting_reminder: 5,
  ticket_transition: 8,
  mail: 5,
  // A plan change request to sales (decision 095) waits out a Jira outage like a ticket.
  plan_request: 8,
  // A shared cache that does not answer keeps the old pages until it does: tried for about five hours.
  cache_purge: 8,
});

/** The longest Retry-After a job waits for (a longer one is read as this). */
export const MAX_JOB_RETRY_AFTER_MS = 3_600_000;

/** The ceiling of the backoff after failed job attempt `attempt` (1, 2, …); the last step repeats. */
export function jobBackoffMs(attempt: number): number {
  const step = Math.min(Math.max(attempt, 1), JOB_BACKOFF_MS.length) - 1;
  return JOB_BACKOFF_MS[step]!;
}

/**
 * After failed job attempt `attempt` of `maxAttempts`: the wait before the job runs again (its
 * backoff with full jitter, so instances that failed together do not retry together; or the
 * target's Retry-After if longer, up to MAX_JOB_RETRY_AFTER_MS), or undefined when the job is dead
 * (a failure not worth repeating, or its last attempt used).
 */
export function jobRetryDelay(
  attempt: number,
  maxAttempts: number,
  failure: Failure,
  random: () => number = Math.random,
): number | undefined {
  if (!failure.retryable || attempt >= maxAttempts) return undefined;
  const retryAfter = Math.min(failure.retryAfterMs ?? 0, MAX_JOB_RETRY_AFTER_MS);
  return Math.max(retryAfter, fullJitter(jobBackoffMs(attempt), random));
}
