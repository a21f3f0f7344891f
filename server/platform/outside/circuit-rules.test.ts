import { describe, expect, it } from "vitest";
import { TrackerError } from "../../tracker/errors.ts";
import { jiraVerdict } from "../../tracker/jira-client.ts";
import { smtpVerdict } from "../mail/mailer.ts";
import {
  FAILURES_TO_OPEN,
  fullJitter,
  MAX_RETRY_AFTER_MS,
  openingAfter,
  PROBE_BASE_MS,
  PROBE_MAX_MS,
  PROBE_MIN_MS,
  probeDelayMs,
  serviceOfJob,
  serviceOfKind,
} from "./circuit-rules.ts";

const now = new Date("2026-12-02T12:00:00Z");
const failed = { verdict: "failed", detail: "HTTP 503" } as const;
const closed = { failuresInRow: 1, state: "closed", probesFailed: 0, now } as const;
const at = (ms: number) => new Date(now.getTime() + ms);

describe("decision 124: when a circuit opens", () => {
  it(`opens after ${FAILURES_TO_OPEN} failures in a row, not before`, () => {
    expect(openingAfter(failed, { ...closed, failuresInRow: FAILURES_TO_OPEN - 1 })).toBeUndefined();
    expect(openingAfter(failed, { ...closed, failuresInRow: FAILURES_TO_OPEN }, () => 0.5)).toEqual({
      reason: "failures",
      detail: "HTTP 503",
      probeAt: at(PROBE_BASE_MS / 2),
    });
  });
  it("opens at once on credentials refused, whatever the count", () => {
    expect(
      openingAfter({ verdict: "credentials", detail: "Token inválido ou expirado" }, closed, () => 1),
    ).toEqual({
      reason: "credentials",
      detail: "Token inválido ou expirado",
      probeAt: at(PROBE_BASE_MS),
    });
  });
  it("opens at once until a Retry-After, capped at 10 minutes", () => {
    expect(openingAfter({ ...failed, retryAfterMs: 5_000 }, closed)).toMatchObject({
      reason: "retry_after",
      probeAt: at(5_000),
    });
    expect(openingAfter({ ...failed, retryAfterMs: 3_600_000 }, closed)?.probeAt).toEqual(
      at(MAX_RETRY_AFTER_MS),
    );
  });
  it("a failed probe (or a failure while open) opens it again at once", () => {
    expect(
      openingAfter(failed, { ...closed, state: "half_open", probesFailed: 3 }, () => 1)?.probeAt,
    ).toEqual(at(PROBE_BASE_MS * 2 ** 3));
    expect(openingAfter(failed, { ...closed, state: "open" })).toBeDefined();
  });
  it("a test's threshold replaces the default", () => {
    expect(openingAfter(failed, { ...closed, failuresInRow: 5, failuresToOpen: 1_000 })).toBeUndefined();
  });
});

describe("decision 124: probes and jitter", () => {
  it("full jitter draws evenly from 0 to the ceiling", () => {
    expect(fullJitter(30_000, () => 0)).toBe(0);
    expect(fullJitter(30_000, () => 0.5)).toBe(15_000);
    expect(fullJitter(30_000, () => 0.999_999)).toBe(29_999);
  });
  it("the probe's ceiling doubles per failed probe from 5 s up to 1 min, never under 2 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => probeDelayMs(n, () => 1))).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000,
    ]);
    expect(PROBE_MAX_MS).toBe(60_000);
    expect(probeDelayMs(0, () => 0)).toBe(PROBE_MIN_MS);
  });
});

describe("decision 124: the service a job calls", () => {
  const job = (kind: string, extra: Partial<Parameters<typeof serviceOfJob>[0]> = {}) =>
    serviceOfJob({ kind, leadId: "l1", webhookEndpointId: null, payload: null, ...extra });
  it("Jira for leads, tickets, comments, transitions and plan requests", () => {
    for (const kind of ["tracker", "ticket", "ticket_comment", "ticket_transition", "plan_request"])
      expect(job(kind)).toBe("jira");
  });
  it("SMTP for e-mail, each endpoint for webhooks (not staff's tests), each cache for purges", () => {
    expect(job("mail")).toBe("smtp");
    expect(job("webhook", { webhookEndpointId: "e1" })).toBe("webhook:e1");
    expect(job("webhook", { webhookEndpointId: "e1", leadId: null })).toBe("webhook");
    expect(job("cache_purge", { leadId: null, payload: { adapter: "varnish", keys: ["p"] } })).toBe(
      "cache:varnish",
    );
    expect(job("slack")).toBe("slack");
    // With no job in hand (what a visitor's wait asks): by its kind alone.
    expect(serviceOfKind("ticket_comment")).toBe("jira");
    expect(serviceOfKind("mail")).toBe("smtp");
  });
});

describe("decision 124: how a failure counts", () => {
  it("Jira: 401 and a non-XSRF 403 are credentials; 5xx, 429 and no answer failures; other 4xx answers", () => {
    expect(jiraVerdict(new TrackerError("x", { status: 401, retryable: false }))).toMatchObject({
      verdict: "credentials",
    });
    expect(jiraVerdict(new TrackerError("x", { status: 403, retryable: false }))).toMatchObject({
      verdict: "credentials",
    });
    expect(jiraVerdict(new TrackerError("xsrf", { status: 403, retryable: true }))).toMatchObject({
      verdict: "failed",
    });
    expect(jiraVerdict(new TrackerError("x", { status: 503, retryable: true, retryAfterMs: 5_000 }))).toEqual(
      {
        verdict: "failed",
        detail: "x",
        retryAfterMs: 5_000,
      },
    );
    expect(jiraVerdict(new TrackerError("x", { status: 400, retryable: false }))).toEqual({
      verdict: "answered",
    });
    expect(jiraVerdict(new Error("socket hang up"))).toMatchObject({ verdict: "failed" });
  });
  it("SMTP: a refused login is credentials, a 5xx refusal of one message an answer, the rest failures", () => {
    expect(
      smtpVerdict(Object.assign(new Error("Invalid login"), { code: "EAUTH", responseCode: 535 })),
    ).toMatchObject({
      verdict: "credentials",
    });
    expect(smtpVerdict(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }))).toEqual({
      verdict: "answered",
    });
    expect(
      smtpVerdict(Object.assign(new Error("Service not available"), { responseCode: 421 })),
    ).toMatchObject({
      verdict: "failed",
    });
    expect(smtpVerdict(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toMatchObject({
      verdict: "failed",
    });
  });
});
