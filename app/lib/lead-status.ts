/** A lead's temperature levels and delivery states, as stored (server/db/schema.ts) and filtered in the inbox. */
export const LEAD_LEVELS = ["cold", "warm", "hot"] as const;
export const DELIVERY_STATUSES = ["pending", "delivered", "simulated", "failed", "spam"] as const;
