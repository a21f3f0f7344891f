import type { WebhookJobPayload } from "../db/json-types.ts";
import type { LeadRow } from "../leads/repository.ts";

/**
 * What a lead event says about the lead (the same fields the LEAD_WEBHOOK_URL body has always
 * carried under `lead`): the lead as it is when the message is delivered.
 */
export function leadData(lead: LeadRow): Record<string, unknown> {
  return {
    id: lead.id,
    protocol: lead.protocol,
    form: lead.formId,
    type: lead.formType,
    stage: lead.stage,
    temperature: { score: lead.score, level: lead.level },
    priority: lead.priority,
    responseHours: lead.responseHours,
    answers: lead.answers,
    context: lead.context,
    tracking: lead.tracking,
    consent: { purpose: lead.consentPurpose, textVersion: lead.consentTextVersion, at: lead.consentAt },
    tracker: lead.trackerKey ? { key: lead.trackerKey, url: lead.trackerUrl } : null,
    createdAt: lead.createdAt,
  };
}

/**
 * A message in the Standard Webhooks shape: `type` (the event), `timestamp` (when it happened, ISO
 * 8601) and `data`. The event's own facts (`extra`, e.g. `{ outcome: {…} }`) sit beside the lead's
 * fields in `data`.
 */
export function standardPayload(
  type: string,
  occurredAt: Date,
  data: Record<string, unknown>,
  extra?: Record<string, unknown> | null,
): { type: string; timestamp: string; data: Record<string, unknown> } {
  return { type, timestamp: occurredAt.toISOString(), data: { ...data, ...(extra ?? {}) } };
}

/** Reads a job's payload; a job queued before decision 103 had none (its message id comes from the job). */
export function readJobPayload(
  payload: WebhookJobPayload | null,
  jobId: number,
  createdAt: Date,
): WebhookJobPayload {
  return {
    messageId: typeof payload?.messageId === "string" ? payload.messageId : `msg_job${jobId}`,
    occurredAt: typeof payload?.occurredAt === "string" ? payload.occurredAt : createdAt.toISOString(),
    extra: payload?.extra && typeof payload.extra === "object" ? payload.extra : null,
  };
}
