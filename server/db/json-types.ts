/**
 * What each jsonb column of schema.ts holds, as its writers write it (`.$type<…>()` there: no change to
 * the SQL). Relative type-only imports from modules drizzle-kit could load: it reads the schema
 * without the project's aliases. A type a server module declares where drizzle-kit could not load it
 * is declared here, and that module takes it from here.
 */
import type { CLICK_ID_KEYS, Touch } from "../../domain/attribution/touch.ts";
import type { preferencesSchema } from "../../domain/auth/schemas.ts";
import type { ProrationBasis } from "../../domain/billing/proration.ts";
import type { MarketingTags } from "../../domain/consent/providers.ts";
import type { Answers } from "../../domain/forms/definition.ts";
import type { UTM_KEYS } from "../../domain/forms/form-keys.ts";
import type { OfferedLanguage } from "../../domain/languages.ts";
import type { OutcomeMapping } from "../../domain/leads/outcomes.ts";
import type { RoutingConfig } from "../../domain/leads/routing.ts";
import type { LeadPartner } from "../../domain/partners.ts";
import type { TicketTransition } from "../../domain/portal/tickets.ts";
import type { z } from "../../domain/zod.ts";
import type { PurgeAdapterName } from "../cache/shared-purge.ts";

// Content ---------------------------------------------------------------------------------------

/**
 * A content document at one level, or (inherits) its merge patch over the levels below (decision
 * 101): any document of domain/content/schemas.ts, or part of one with nulls, so no one type fits.
 * Checked by its document's schema when saved; readers resolve and parse it.
 */
export type ContentData = unknown;

// Leads -----------------------------------------------------------------------------------------

/** A lead's answers (server/leads/answers.ts sanitizeAnswers); `{}` once its data is erased. */
export type LeadAnswers = Answers;

/**
 * Where the visitor was (server/leads/service.ts stores SubmissionInput.context and the page, with
 * empty values dropped, so every field may be missing; an erased lead loses `page`).
 */
export type LeadContext = {
  segment?: string;
  language?: string;
  planId?: string;
  annual?: boolean;
  /** The partner the visitor asked to talk to (decision 129). */
  partner?: LeadPartner;
  page?: string;
};

/**
 * The visit's attribution (server/leads/service.ts, empty values dropped); `{}` once erased. Older
 * leads lack what came later: click ids and the first touch (decision 105), the consent (123).
 */
export type LeadTracking = {
  clarityId?: string;
  utm?: Partial<Record<(typeof UTM_KEYS)[number], string>>;
  clickIds?: Partial<Record<(typeof CLICK_ID_KEYS)[number], string>>;
  page?: string;
  referrer?: string;
  userAgent?: string;
  firstTouch?: Touch;
  /** The visitor's cookie choice (decision 123): its anonymous id, and what it granted. */
  consent?: { id: string | null; measurement: boolean; marketing: boolean };
};

/** The privacy document of lead_settings (server/privacy/settings.ts privacySettingsSchema). */
export interface PrivacySetting {
  leadRetentionMonths: number;
}

/** Each lead_settings document by its key. */
export interface LeadSettingValues {
  routing: RoutingConfig;
  outcomes: OutcomeMapping;
  privacy: PrivacySetting;
  "marketing-tags": MarketingTags;
}

/**
 * A lead_settings value. Read back through its document's schema all the same: one saved in an
 * older shape no longer parses, and gives way to the default.
 */
export type LeadSettingValue = LeadSettingValues[keyof LeadSettingValues];

// The outbox ------------------------------------------------------------------------------------

/** A 'mail' job's message, sent as it is (server/auth/mailer.ts reads it with its schema). */
export interface MailPayload {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Only the headers the site sets itself (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** A demonstration's calendar invitation (decision 138). */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
}

/** A privacy e-mail's job (server/privacy/lead-copy.ts): what to compose, for whom, in which language. */
export interface LeadCopyJobPayload {
  privacy: "lead-copy-confirmation" | "lead-copy";
  to: string;
  language: OfferedLanguage;
}

/** What a plan request's delivery job carries besides the request: the quote's details as shown. */
export interface PlanRequestQuote {
  basis: ProrationBasis;
  creditCentavos: number;
  remainingDays: number | null;
  cycleDays: number | null;
  renewsOn: string;
}

/** The payload of the job that tells sales a request was withdrawn (on the request's Jira issue). */
export interface PlanRequestWithdrawal {
  withdrawn: true;
}

/** What a queued webhook job carries besides its lead and endpoint (server/webhooks/enqueue.ts writes it in SQL). */
export interface WebhookJobPayload {
  /** The Standard Webhooks message id: the same for every attempt and resend. */
  messageId: string;
  /** When the event happened. */
  occurredAt: string;
  /** The event's own facts, added to `data`. */
  extra?: Record<string, unknown> | null;
}

/** What a cache purge job carries (server/cache/shared-cache-purge.ts): the cache, and the keys it drops. */
export interface PurgePayload {
  adapter: PurgeAdapterName;
  keys: string[];
}

/**
 * What a delivery job carries besides its subject, by kind (delivery_jobs.payload). null where the
 * job reads everything from its subject when it runs.
 */
export interface JobPayloads {
  tracker: null;
  slack: null;
  teams: null;
  /** null: queued before decision 103 (its message id comes from the job). */
  webhook: WebhookJobPayload | null;
  ticket: null;
  ticket_comment: { messageId: string };
  /** A demonstration's change to tell on its lead's issue (decision 138). */
  /**
   * A demonstration's note on the lead's issue: when and with whom as of the change (a note retried
   * after a later move still tells its own); jobs written before these fields read the meeting.
   */
  meeting_note: {
    meetingId: string;
    event: "booked" | "rescheduled" | "cancelled";
    startsAt?: string;
    sellerName?: string;
  };
  /** A reminder of one revision of a demonstration: a moved or cancelled one sends none (decision 138). */
  meeting_reminder: { meetingId: string; sequence: number; hoursBefore: number };
  ticket_transition: { to: TicketTransition };
  /** null: a lead's e-mail, composed from the lead when it runs (decision 102). */
  mail: MailPayload | LeadCopyJobPayload | null;
  /** The creation's quote (null: asked before the quote was kept), or the word it was withdrawn. */
  plan_request: PlanRequestQuote | PlanRequestWithdrawal | null;
  cache_purge: PurgePayload;
}

/** Any job's payload; server/platform/outbox/worker.ts payloadOf gives the one of a job's kind. */
export type JobPayload = JobPayloads[keyof JobPayloads];

// Accounts, audit, billing, media ---------------------------------------------------------------

/** A user's preferences as saved: either may be missing (server/auth/users.ts fills in the defaults). */
export type StoredPreferences = z.output<typeof preferencesSchema>;

/**
 * A customer's dashboard as decision 029 kept it. Nothing reads or writes user_dashboards since
 * decision 093: its rows are never shown, so no shape is promised.
 */
export type UserDashboardData = unknown;

/** What an audit entry says besides its action and target: each action its own facts (server/admin/audit.ts). */
export type AuditDetail = Record<string, unknown>;

/** One line of an invoice (domain/billing/invoice-input.ts, checked by the billing API). */
export type { InvoiceLine } from "../../domain/billing/invoice-input.ts";

/** A WebP variant of a media library image (server/media/service.ts), in upload storage. */
export interface VariantInfo {
  width: number;
  height: number;
  /** Its name in upload storage, served at /uploads/{name}. */
  name: string;
  size: number;
}
