/**
 * The fixed sets of values server-side text columns hold (server/db/schema.ts), declared once: the
 * schema, the services and their types read them from here. The sets the screens and the browser use
 * too live in domain/ (lead levels, outcomes, roles, content sources…). No imports: drizzle-kit reads
 * this file with the schema.
 */

/** A job of the delivery outbox (decision 094). */
export const JOB_STATUSES = ["pending", "running", "done", "dead"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * How one attempt at a job ended: delivered, to be tried again, dead, or put back unspent because
 * its outside service's circuit opened (decision 124).
 */
export const ATTEMPT_OUTCOMES = ["ok", "retry", "dead", "deferred"] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

/** Where a webhook endpoint comes from: staff's admin, or LEAD_WEBHOOK_URL (decision 103). */
export const WEBHOOK_SOURCES = ["admin", "env"] as const;
export type WebhookSource = (typeof WEBHOOK_SOURCES)[number];

/** What an API key may call (decision 096): the billing system's invoices, or the platform's integration statuses. */
export const API_KEY_SCOPES = ["billing", "platform"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** An invoice reminder (decision 097): before the due date, or after it. */
export const REMINDER_KINDS = ["before-due", "overdue"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Who wrote a message of a support ticket. */
export const TICKET_MESSAGE_AUTHORS = ["customer", "support"] as const;
export type TicketMessageAuthor = (typeof TICKET_MESSAGE_AUTHORS)[number];

/** Where an image of the media library came from: an upload, or the site's own files (decision 099). */
export const MEDIA_SOURCES = ["upload", "site"] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

/** How a visitor withdrew the newsletter consent: the e-mail's one-click link, or the page. */
export const WITHDRAWAL_CHANNELS = ["one-click", "page"] as const;
export type WithdrawalVia = (typeof WITHDRAWAL_CHANNELS)[number];

/** A circuit of an outside service (decision 124): calls go, none go, or one probe goes. */
export const CIRCUIT_STATES = ["closed", "open", "half_open"] as const;
export type CircuitState = (typeof CIRCUIT_STATES)[number];

/** Why a circuit opened: failures in a row, credentials refused (401/403), or the service's Retry-After. */
export const CIRCUIT_REASONS = ["failures", "credentials", "retry_after"] as const;
export type CircuitReason = (typeof CIRCUIT_REASONS)[number];
