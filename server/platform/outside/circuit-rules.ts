import { type SQL, sql } from "drizzle-orm";
import type { CircuitReason, CircuitState } from "../../db/enums.ts";

/**
 * The rules of the outside services' circuits (decision 124), as plain functions: when a circuit
 * opens, when its next probe may go, which service a job of the outbox calls.
 *
 * A circuit is closed (calls go), open (no call goes; the outbox leaves the service's jobs waiting
 * without spending their attempts) or half-open (one instance holds the probe: one job, or the
 * service's own probe call, goes; its success closes the circuit, its failure opens it again).
 */

/** Failures in a row (calls of this instance) that open a closed circuit. */
export const FAILURES_TO_OPEN = 5;
/**
 * The ceiling of the first probe's wait; each failed probe doubles it, up to PROBE_MAX_MS: the
 * deliveries resume within about a minute of the service's return (decision 124).
 */
export const PROBE_BASE_MS = 5_000;
export const PROBE_MAX_MS = 60_000;
/** The shortest wait before a probe (full jitter may draw less). */
export const PROBE_MIN_MS = 2_000;
/** A service's Retry-After is honoured up to this (a longer one is read as this). */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;
/** A probe not answered within this is given up by its holder (it died): another instance may probe. */
export const PROBE_LEASE_MS = 60_000;

/** How a call's end counts for its service's circuit. */
export type CallVerdict =
  /** The service answered (a refusal of this one request included). */
  | { verdict: "answered" }
  /** Down, too slow, overloaded: counts toward opening; a Retry-After opens at once until it passes. */
  | { verdict: "failed"; detail: string; retryAfterMs?: number }
  /** The service refused our credentials (401/403): every call would be refused, so it opens at once. */
  | { verdict: "credentials"; detail: string };

/** What an open circuit records: why, and when its next probe may go. */
export interface Opening {
  reason: CircuitReason;
  detail: string;
  probeAt: Date;
}

/** Full jitter (AWS, "Exponential backoff and jitter"): a wait drawn evenly from 0 to `ceilingMs`. */
export function fullJitter(ceilingMs: number, random: () => number = Math.random): number {
  return Math.floor(random() * ceilingMs);
}

/** The wait before the next probe, after `probesFailed` failed probes: jittered, growing, bounded. */
export function probeDelayMs(probesFailed: number, random: () => number = Math.random): number {
  const ceiling = Math.min(PROBE_MAX_MS, PROBE_BASE_MS * 2 ** Math.max(0, probesFailed));
  return Math.max(PROBE_MIN_MS, fullJitter(ceiling, random));
}

/** A Retry-After as a wait this product honours: at most MAX_RETRY_AFTER_MS. */
export function cappedRetryAfterMs(retryAfterMs: number): number {
  return Math.min(Math.max(0, retryAfterMs), MAX_RETRY_AFTER_MS);
}

/**
 * Whether a failure opens the circuit, and how: credentials and a Retry-After open it at once (the
 * service said so), other failures once FAILURES_TO_OPEN come in a row, or at once when it is the
 * probe that failed (or the circuit is already open). Undefined: the circuit stays as it is.
 */
export function openingAfter(
  failure: Exclude<CallVerdict, { verdict: "answered" }>,
  context: {
    failuresInRow: number;
    state: CircuitState;
    probesFailed: number;
    now: Date;
    /** FAILURES_TO_OPEN unless set otherwise. */
    failuresToOpen?: number;
  },
  random: () => number = Math.random,
): Opening | undefined {
  const at = (ms: number) => new Date(context.now.getTime() + ms);
  if (failure.verdict === "credentials")
    return {
      reason: "credentials",
      detail: failure.detail,
      probeAt: at(probeDelayMs(context.probesFailed, random)),
    };
  if (failure.retryAfterMs !== undefined)
    return {
      reason: "retry_after",
      detail: failure.detail,
      probeAt: at(cappedRetryAfterMs(failure.retryAfterMs)),
    };
  if (context.state !== "closed" || context.failuresInRow >= (context.failuresToOpen ?? FAILURES_TO_OPEN))
    return {
      reason: "failures",
      detail: failure.detail,
      probeAt: at(probeDelayMs(context.probesFailed, random)),
    };
  return undefined;
}

// Services ---------------------------------------------------------------------------------------

export const JIRA_SERVICE = "jira";
export const SMTP_SERVICE = "smtp";
export const webhookService = (endpointId: string) => `webhook:${endpointId}`;
export const cacheService = (adapter: string) => `cache:${adapter}`;

/** The outbox kinds that call Jira. */
export const JIRA_KINDS = [
  "tracker",
  "ticket",
  "ticket_comment",
  "ticket_transition",
  "plan_request",
  "meeting_note",
] as const;

/** A job as far as its service goes. */
export interface JobTarget {
  kind: string;
  /** A webhook without a lead is staff's test: one look now, never held by the circuit. */
  leadId: string | null;
  webhookEndpointId: string | null;
  payload: unknown;
}

/** The outside service a job of the outbox calls (Slack and Teams go under their kind's name). */
export function serviceOfJob(job: JobTarget): string {
  if ((JIRA_KINDS as readonly string[]).includes(job.kind)) return JIRA_SERVICE;
  if (job.kind === "mail" || job.kind === "meeting_reminder") return SMTP_SERVICE;
  if (job.kind === "webhook" && job.webhookEndpointId && job.leadId)
    return webhookService(job.webhookEndpointId);
  if (job.kind === "cache_purge") {
    const adapter = (job.payload as { adapter?: unknown } | null)?.adapter;
    if (typeof adapter === "string") return cacheService(adapter);
  }
  return job.kind;
}

/** The service a kind of job calls, with no job in hand (a webhook's is per endpoint: not this). */
export function serviceOfKind(kind: string): string {
  return serviceOfJob({ kind, leadId: null, webhookEndpointId: null, payload: null });
}

/** serviceOfJob in SQL, for the outbox's claim: `alias` names the delivery_jobs row. */
export function serviceOfJobSql(alias: string): SQL {
  const j = sql.raw(alias);
  const jiraKinds = sql.raw(JIRA_KINDS.map((kind) => `'${kind}'`).join(", "));
  return sql`(case
    when ${j}.kind in (${jiraKinds}) then ${JIRA_SERVICE}
    when ${j}.kind in ('mail', 'meeting_reminder') then ${SMTP_SERVICE}
    when ${j}.kind = 'webhook' and ${j}.webhook_endpoint_id is not null and ${j}.lead_id is not null then 'webhook:' || ${j}.webhook_endpoint_id::text
    when ${j}.kind = 'cache_purge' and jsonb_typeof(${j}.payload -> 'adapter') = 'string' then 'cache:' || (${j}.payload ->> 'adapter')
    else ${j}.kind end)`;
}
