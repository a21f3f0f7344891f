/** A lead's temperature levels and delivery states, as stored (server/db/schema.ts) and filtered in the inbox. */
export const LEAD_LEVELS = ["cold", "warm", "hot"] as const;
export type LeadLevel = (typeof LEAD_LEVELS)[number];
/**
 * The levels in words, written once (B §4.7): the admin's screens, the CSV, Jira's ticket, the
 * team's notices and the success screen (in the visitor's language) all say these.
 */
export const TEMPERATURE_LABELS: Record<"pt" | "en", Record<LeadLevel, string>> = {
  pt: { cold: "Frio", warm: "Morno", hot: "Quente" },
  en: { cold: "Cold", warm: "Warm", hot: "Hot" },
};
export const DELIVERY_STATUSES = ["pending", "delivered", "simulated", "failed", "spam"] as const;

/** A lead's stage: stored at its first step (captured), or sent whole (completed). */
export const LEAD_STAGES = ["captured", "completed"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** The priority a form's level gives its Jira issue (B §9.2). */
export const LEAD_PRIORITIES = ["low", "medium", "high", "critical"] as const;
export type Priority = (typeof LEAD_PRIORITIES)[number];
