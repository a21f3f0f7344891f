import type { LeadStage } from "./lead-status.ts";
/**
 * The lead events an outgoing webhook endpoint can subscribe to (decision 103), shared by
 * the admin's form and the server. Names follow the Standard Webhooks convention `noun.verb`.
 */
export const LEAD_EVENTS = ["lead.created", "lead.qualified", "lead.outcome_changed"] as const;
export type LeadEvent = (typeof LEAD_EVENTS)[number];

/** What staff read for each event, and for the events only the admin sends or the legacy endpoint gets. */
export const WEBHOOK_EVENT_LABELS: Record<string, string> = {
  "lead.created": "Lead criado",
  "lead.qualified": "Lead qualificado",
  "lead.outcome_changed": "Resultado de vendas alterado",
  "webhook.test": "Teste",
  // The names the LEAD_WEBHOOK_URL endpoint keeps (its receivers were written for them).
  "lead.captured": "Lead criado (lead.captured)",
  "lead.completed": "Lead concluído (lead.completed)",
};

export function isLeadEvent(value: string): value is LeadEvent {
  return (LEAD_EVENTS as readonly string[]).includes(value);
}

/**
 * The events a lead raises when it is stored: always `lead.created`; also `lead.qualified` when a
 * lead of a multi-step form arrives already complete (its qualification steps answered). A
 * single-step form (contact, newsletter) has no qualification: it is only created.
 */
export function eventsOnStore(stage: LeadStage, stepCount: number): LeadEvent[] {
  return stage === "completed" && stepCount > 1 ? ["lead.created", "lead.qualified"] : ["lead.created"];
}

/** Whether an endpoint subscribed to `events` gets `event` (a test goes to every endpoint asked). */
export function subscribes(events: readonly string[], event: string): boolean {
  return event === "webhook.test" || events.includes(event);
}
