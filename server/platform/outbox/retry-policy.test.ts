import { describe, expect, it } from "vitest";
import { errorForStatus, TrackerError, trackerMessages } from "../../tracker/errors.ts";
import {
  CALL_RETRY_DELAYS_MS,
  CALL_RETRY_POLICY,
  callBackoffMs,
  callFailure,
  callRetryDelay,
  JOB_BACKOFF_MS,
  jobBackoffMs,
  jobRetryDelay,
  MAX_JOB_ATTEMPTS,
  nextCallDelay,
  SINGLE_TRY_POLICY,
  shouldRetryCall,
  withRetries,
} from "./retry-policy.ts";

const retryable = { retryable: true };
const final = { retryable: false };

/** A call that fails with the given errors in turn, then answers "ok"; records tries and waits. */
function scripted(errors: unknown[]) {
  const tries: number[] = [];
  const sleeps: number[] = [];
  const call = async (attempt: number) => {
    tries.push(attempt);
    if (errors.length) throw errors.shift();
    return "ok";
  };
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };
  return { call, sleep, tries, sleeps };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
}

describe("B §9.3 call policy: 3 attempts, base delay 1000 ms, doubling", () => {
  it("3 attempts in total (2 extra), base 1000 ms, Retry-After waited up to 10 s", () => {
    expect(CALL_RETRY_POLICY).toEqual({ attempts: 3, baseDelayMs: 1000, maxRetryAfterMs: 10_000 });
  });
  it("waits 1000 ms after the first failed try", () => {
    expect(callBackoffMs(1)).toBe(1000);
    expect(callRetryDelay(1)).toBe(1000);
  });
  it("waits 2000 ms after the second failed try", () => {
    expect(callBackoffMs(2)).toBe(2000);
    expect(callRetryDelay(2)).toBe(2000);
  });
  it("doubles from the base for every further failure", () => {
    expect(callBackoffMs(3)).toBe(4000);
    expect(callBackoffMs(4)).toBe(8000);
    expect(callBackoffMs(3, { ...CALL_RETRY_POLICY, baseDelayMs: 250 })).toBe(1000);
  });
  it("so a call that keeps failing waits [1000, 2000]", () => {
    expect(CALL_RETRY_DELAYS_MS).toEqual([1000, 2000]);
  });
  it("one try for a request that must not be repeated blindly", () => {
    expect(SINGLE_TRY_POLICY).toEqual({ ...CALL_RETRY_POLICY, attempts: 1 });
    expect(nextCallDelay(1, retryable, SINGLE_TRY_POLICY)).toBeUndefined();
  });
});

describe("Retry-After", () => {
  it("takes precedence over the backoff, shorter or longer", () => {
    expect(callRetryDelay(1, 3000)).toBe(3000);
    expect(callRetryDelay(2, 500)).toBe(500);
  });
  it("of 0 retries at once", () => {
    expect(callRetryDelay(1, 0)).toBe(0);
  });
  it("of exactly 10 s is still waited in line", () => {
    expect(callRetryDelay(1, 10_000)).toBe(10_000);
  });
  it("longer than 10 s is not waited: the call gives up (the job's schedule takes over)", () => {
    expect(callRetryDelay(1, 10_001)).toBeUndefined();
    expect(nextCallDelay(1, { retryable: true, retryAfterMs: 30_000 })).toBeUndefined();
  });
});

describe("which failures retry", () => {
  const verdict = (status: number, body = "", retryAfter: string | null = null) =>
    shouldRetryCall(callFailure(errorForStatus(status, body, retryAfter)));

  it("5xx retry", () => {
    for (const status of [500, 502, 503, 504]) expect(verdict(status), String(status)).toBe(true);
  });
  it("429 retries, with or without Retry-After, and carries it", () => {
    expect(verdict(429)).toBe(true);
    expect(verdict(429, "", "3")).toBe(true);
    expect(callFailure(errorForStatus(429, "", "3"))).toEqual({ retryable: true, retryAfterMs: 3000 });
  });
  it("a 403 of the XSRF kind retries", () => {
    expect(verdict(403, "XSRF check failed")).toBe(true);
  });
  it("401, a plain 403, 404, 405 and other 4xx do not", () => {
    for (const status of [400, 401, 403, 404, 405, 409, 422]) {
      expect(verdict(status, "no"), String(status)).toBe(false);
    }
  });
  it("a connection failure retries", () => {
    const error = new TrackerError(trackerMessages.connectionFailed, {
      retryable: true,
      outcomeUnknown: true,
    });
    expect(shouldRetryCall(callFailure(error))).toBe(true);
  });
  it("any other thrown error counts as a call without answer, and retries", () => {
    expect(callFailure(new TypeError("fetch failed"))).toEqual({ retryable: true });
    expect(callFailure("boom")).toEqual({ retryable: true });
  });
  it("a failure not worth repeating gets no second try", () => {
    expect(nextCallDelay(1, final)).toBeUndefined();
  });
});

describe("giving up after the last attempt", () => {
  it("after try 1 and 2 the call waits; after try 3 it gives up", () => {
    expect(nextCallDelay(1, retryable)).toBe(1000);
    expect(nextCallDelay(2, retryable)).toBe(2000);
    expect(nextCallDelay(3, retryable)).toBeUndefined();
  });
});

describe("withRetries", () => {
  it("a call that keeps failing: tries 1, 2, 3, waits [1000, 2000], then throws the last failure as it came", async () => {
    const last = new TrackerError("HTTP 500: c", { status: 500, retryable: true });
    const { call, sleep, tries, sleeps } = scripted([
      new TrackerError("HTTP 500: a", { status: 500, retryable: true }),
      new TrackerError("HTTP 500: b", { status: 500, retryable: true }),
      last,
    ]);
    expect(await rejection(withRetries(call, { sleep }))).toBe(last);
    expect(tries).toEqual([1, 2, 3]);
    expect(sleeps).toEqual([1000, 2000]);
  });
  it("a call that fails once then answers: 2 tries, one wait of 1000 ms", async () => {
    const { call, sleep, tries, sleeps } = scripted([new Error("socket hang up")]);
    await expect(withRetries(call, { sleep })).resolves.toBe("ok");
    expect(tries).toEqual([1, 2]);
    expect(sleeps).toEqual([1000]);
  });
  it("a failure not worth repeating: one try, no wait", async () => {
    const unauthorized = errorForStatus(401, "", null);
    const { call, sleep, tries, sleeps } = scripted([unauthorized]);
    expect(await rejection(withRetries(call, { sleep }))).toBe(unauthorized);
    expect(tries).toEqual([1]);
    expect(sleeps).toEqual([]);
  });
  it("waits the Retry-After instead of the backoff", async () => {
    const { call, sleep, sleeps } = scripted([errorForStatus(429, "", "3"), errorForStatus(429, "", "0")]);
    await expect(withRetries(call, { sleep })).resolves.toBe("ok");
    expect(sleeps).toEqual([3000, 0]);
  });
  it("a Retry-After above 10 s: one try, the 429 thrown with its retryAfterMs", async () => {
    const limited = errorForStatus(429, "", "30");
    const { call, sleep, tries, sleeps } = scripted([limited]);
    expect(await rejection(withRetries(call, { sleep }))).toBe(limited);
    expect(limited.options.retryAfterMs).toBe(30_000);
    expect(tries).toEqual([1]);
    expect(sleeps).toEqual([]);
  });
  it("under the single-try policy: one try, no wait", async () => {
    const { call, sleep, tries, sleeps } = scripted([errorForStatus(503, "", null)]);
    await rejection(withRetries(call, { sleep, policy: SINGLE_TRY_POLICY }));
    expect(tries).toEqual([1]);
    expect(sleeps).toEqual([]);
  });
});

describe("decision 023 job schedule", () => {
  it("backoff 30 s, 2 min, 10 min, 30 min, then every hour", () => {
    expect(JOB_BACKOFF_MS).toEqual([30_000, 120_000, 600_000, 1_800_000, 3_600_000]);
    expect([1, 2, 3, 4, 5].map(jobBackoffMs)).toEqual([30_000, 120_000, 600_000, 1_800_000, 3_600_000]);
  });
  it("stays hourly after the fifth attempt", () => {
    expect([6, 7, 8, 20].map(jobBackoffMs)).toEqual([3_600_000, 3_600_000, 3_600_000, 3_600_000]);
  });
  it("attempts: 8 for Jira (leads, tickets, plan requests, meeting notes) and the webhook, 5 for Slack, Teams and e-mail", () => {
    expect(MAX_JOB_ATTEMPTS).toEqual({
      tracker: 8,
      slack: 5,
      teams: 5,
      webhook: 8,
      ticket: 8,
      ticket_comment: 8,
      ticket_transition: 8,
      mail: 5,
      plan_request: 8,
      cache_purge: 8,
      meeting_note: 8,
      meeting_reminder: 5,
    });
  });
  it("a failed attempt that is not the last runs again after its backoff, drawn with full jitter from 0 to it", () => {
    const top = () => 0.999_999_9;
    expect(jobRetryDelay(1, 8, retryable, top)).toBe(29_999);
    expect(jobRetryDelay(2, 8, retryable, top)).toBe(119_999);
    expect(jobRetryDelay(7, 8, retryable, top)).toBe(3_599_999);
    expect(jobRetryDelay(1, 8, retryable, () => 0.5)).toBe(15_000);
    expect(jobRetryDelay(3, 8, retryable, () => 0)).toBe(0);
  });
  it("full jitter spreads the retries of failures that happened together", () => {
    const waits = Array.from({ length: 200 }, () => jobRetryDelay(1, 8, retryable)!);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...waits)).toBeLessThan(30_000);
    // Evenly spread: about a quarter in each quarter of the range (a fixed schedule puts all in one).
    const quarters = [0, 1, 2, 3].map((q) => waits.filter((w) => Math.floor(w / 7_500) === q).length);
    for (const count of quarters) expect(count).toBeGreaterThan(20);
  });
  it("or after the target's Retry-After, if that is longer, up to an hour", () => {
    const top = () => 0.999_999_9;
    expect(jobRetryDelay(1, 8, { retryable: true, retryAfterMs: 45_000 }, top)).toBe(45_000);
    expect(jobRetryDelay(2, 8, { retryable: true, retryAfterMs: 45_000 }, top)).toBe(119_999);
    expect(jobRetryDelay(2, 8, { retryable: true, retryAfterMs: 45_000 }, () => 0)).toBe(45_000);
    expect(jobRetryDelay(1, 8, { retryable: true, retryAfterMs: 86_400_000 }, () => 0)).toBe(3_600_000);
  });
  it("gives up (dead) after its last attempt", () => {
    expect(jobRetryDelay(MAX_JOB_ATTEMPTS.tracker, MAX_JOB_ATTEMPTS.tracker, retryable)).toBeUndefined();
    expect(jobRetryDelay(MAX_JOB_ATTEMPTS.slack, MAX_JOB_ATTEMPTS.slack, retryable)).toBeUndefined();
    expect(jobRetryDelay(4, MAX_JOB_ATTEMPTS.slack, retryable, () => 0.5)).toBe(900_000);
  });
  it("a failure not worth repeating ends the job at once", () => {
    expect(jobRetryDelay(1, 8, final)).toBeUndefined();
  });
  it("a tracker job that keeps failing runs 8 times, waiting at most 3 h 42 min 30 s in all", () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => jobRetryDelay(attempt, 8, retryable, () => 1));
    expect(waits.at(-1)).toBeUndefined();
    expect(waits.slice(0, -1).reduce((sum, ms) => sum! + ms!, 0)).toBe(
      30_000 + 120_000 + 600_000 + 1_800_000 + 3 * 3_600_000,
    );
  });
});
