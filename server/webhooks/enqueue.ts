import type { LeadEvent } from "@domain/webhooks.ts";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deliveryJobs, webhookEndpoints } from "../db/schema.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";

/** The id of the endpoint LEAD_WEBHOOK_URL names (one row, synced at start: environment.ts). */
export const ENV_ENDPOINT_ID = "00000000-0000-4000-8000-00000000e0e0";

/** A database or an open transaction: events are queued in the transaction of the change they announce. */
type Executor = Pick<Database, "execute">;

/**
 * The insert of a lead event's webhook jobs: one per enabled endpoint subscribed to each event
 * (decision 103), each with its own retries and log. `lead` is a from-item aliased `l` (the leads
 * table, or the CTE of a lead being stored); `events` a jsonb array of event names; `at` when it
 * happened; `extra` a jsonb object of the event's own facts (or null).
 *
 * The LEAD_WEBHOOK_URL endpoint keeps the names its receivers know (decision 103): lead.created and
 * lead.qualified become lead.captured or lead.completed by the lead's stage, and a lead stored
 * complete gets one lead.completed, as before decision 103.
 */
export function webhookJobsInsert(parts: { lead: SQL; events: SQL; at: SQL; extra: SQL; where?: SQL }): SQL {
  const event = sql`case when e.source = 'env' and ev.name in ('lead.created', 'lead.qualified')
      then case when l.stage = 'captured' then 'lead.captured' else 'lead.completed' end
      else ev.name end`;
  return sql`insert into ${deliveryJobs} (lead_id, kind, event, webhook_endpoint_id, payload, max_attempts, run_at)
    select t.lead_id, 'webhook', t.event, t.endpoint_id,
      jsonb_build_object(
        'messageId', 'msg_' || replace(gen_random_uuid()::text, '-', ''),
        'occurredAt', ${parts.at},
        'extra', ${parts.extra}),
      ${sql.raw(String(MAX_JOB_ATTEMPTS.webhook))}, ${parts.at}
    from (
      select distinct l.id as lead_id, e.id as endpoint_id, ${event} as event
      from ${parts.lead}
      cross join jsonb_array_elements_text(${parts.events}) as ev(name)
      join ${webhookEndpoints} e on e.enabled and ev.name = any(e.events)
      where l.spam_reason is null ${parts.where ? sql`and ${parts.where}` : sql``}
    ) t`;
}

/**
 * Queues a lead event for every enabled endpoint subscribed to it, in the caller's transaction
 * (pass `tx`) so the event exists exactly when the change does. A lead held as spam announces
 * nothing. The worker delivers it on its next cycle (kick it to send at once). Answers how many
 * jobs were queued.
 *
 *     await enqueueLeadEvent(tx, lead.id, "lead.outcome_changed", {
 *       outcome: { previous: "Em atendimento", current: "Ganho", status: "Done" },
 *     });
 *
 * `extra` is added to the message's `data` beside the lead's fields.
 */
export async function enqueueLeadEvent(
  db: Executor,
  leadId: string,
  event: LeadEvent,
  extra: Record<string, unknown> | null = null,
  at: Date = new Date(),
): Promise<number> {
  return enqueueLeadEvents(db, leadId, [event], extra, at);
}

/** Several events of one lead at once (a released lead: created, and qualified when complete). */
export async function enqueueLeadEvents(
  db: Executor,
  leadId: string,
  events: readonly LeadEvent[],
  extra: Record<string, unknown> | null,
  at: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const result = await db.execute(
    sql`${webhookJobsInsert({
      lead: sql`leads l`,
      events: sql`${JSON.stringify(events)}::jsonb`,
      at: sql`${at.toISOString()}::timestamptz`,
      extra: extra ? sql`${JSON.stringify(extra)}::jsonb` : sql`null::jsonb`,
      where: sql`l.id = ${leadId}`,
    })} returning id`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}
