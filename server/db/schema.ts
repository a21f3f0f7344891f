import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { STORED_INVOICE_STATUSES } from "../../domain/billing/invoice-status.ts";
// The enumerations the screens, the validation and the rules use, declared once in domain/
// (relative paths: drizzle-kit reads this file without the project's aliases).
import { BILLING_CYCLES } from "../../domain/billing/proration.ts";
import type { Availability } from "../../domain/booking/availability.ts";
import { MEETING_STATUSES } from "../../domain/booking/meeting.ts";
import { CONTENT_SOURCES, SCHEDULE_ACTIONS, SCHEDULE_STATUSES } from "../../domain/content/stored.ts";
import { FUNNEL_EVENTS } from "../../domain/funnel/events.ts";
import { DELIVERY_STATUSES, LEAD_LEVELS, LEAD_STAGES } from "../../domain/lead-status.ts";
import { JIRA_STATUS_CATEGORIES, OUTCOMES, STATUS_CATEGORIES } from "../../domain/leads/outcomes.ts";
import { CONNECTION_STATUSES } from "../../domain/portal/integrations.ts";
import { COMPANY_ROLES } from "../../domain/portal/permissions.ts";
import { PLAN_REQUEST_STATUSES } from "../../domain/portal/plan-texts.ts";
import { TICKET_CATEGORIES, TICKET_PRIORITIES } from "../../domain/portal/tickets.ts";
import { USER_ROLES } from "../../domain/user-roles.ts";
import {
  API_KEY_SCOPES,
  ATTEMPT_OUTCOMES,
  CIRCUIT_REASONS,
  CIRCUIT_STATES,
  JOB_STATUSES,
  MEDIA_SOURCES,
  REMINDER_KINDS,
  TICKET_MESSAGE_AUTHORS,
  WEBHOOK_SOURCES,
  WITHDRAWAL_CHANNELS,
} from "./enums.ts";
import type {
  AuditDetail,
  ContentData,
  InvoiceLine,
  JobPayload,
  LeadAnswers,
  LeadContext,
  LeadSettingValue,
  LeadTracking,
  StoredPreferences,
  UserDashboardData,
  VariantInfo,
} from "./json-types.ts";

/**
 * One content document (spec A §3) at one level of the lookup order (A §4):
 * segment '' means "no segment folder", lang '' means "no language folder".
 * Empty strings rather than NULL so the unique index holds for every level.
 */
export const contentDocuments = pgTable(
  "content_documents",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    segment: text("segment").notNull().default(""),
    lang: text("lang").notNull().default(""),
    data: jsonb("data").$type<ContentData>().notNull(),
    /**
     * true: `data` is a JSON merge patch over the levels below (decision 101: levels inherit field by
     * field); false: a whole document (the default level, and levels stored before migration 0013).
     */
    inherits: boolean("inherits").notNull().default(false),
    version: integer("version").notNull().default(1),
    /** 'seed' while the document is as shipped in content/, 'admin' once someone edited it. */
    source: text("source", { enum: CONTENT_SOURCES }).notNull(),
    /** Hash of the shipped file last loaded; lets a new release update untouched documents. */
    seedHash: text("seed_hash"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedBy: text("updated_by"),
  },
  (t) => [uniqueIndex("content_documents_level_idx").on(t.name, t.segment, t.lang)],
);

/** Every version a document ever had, for audit and undo. */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => contentDocuments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    data: jsonb("data").$type<ContentData>().notNull(),
    /** As content_documents.inherits, for this version's data. */
    inherits: boolean("inherits").notNull().default(false),
    source: text("source", { enum: CONTENT_SOURCES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    createdBy: text("created_by"),
  },
  (t) => [index("content_revisions_document_idx").on(t.documentId, t.version)],
);

/**
 * The draft of one document at one level (decision 100): what 'Salvar rascunho' and the autosave keep,
 * never read by the public site. At most one per level; publishing turns it into a revision and
 * deletes it.
 */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    segment: text("segment").notNull().default(""),
    lang: text("lang").notNull().default(""),
    data: jsonb("data").$type<ContentData>().notNull(),
    /** The published version the draft was started from (null: the level was not published yet). */
    baseVersion: integer("base_version"),
    /** Bumped by every save of the draft: its version tag for If-Match. */
    revision: integer("revision").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedBy: text("updated_by"),
  },
  (t) => [uniqueIndex("content_drafts_level_idx").on(t.name, t.segment, t.lang)],
);

/**
 * A content change due at a time (decision 100): publish a snapshot of a draft, or unpublish one blog
 * post or content page. The job loop runs each once, on one instance (the row is locked and its
 * status changed in the publishing transaction); pending ones survive restarts.
 */
export const contentSchedules = pgTable(
  "content_schedules",
  {
    id: uuid("id").primaryKey(),
    action: text("action", { enum: SCHEDULE_ACTIONS }).notNull(),
    name: text("name").notNull(),
    segment: text("segment").notNull().default(""),
    lang: text("lang").notNull().default(""),
    /** publish: the content to publish, as the draft was when it was scheduled. */
    data: jsonb("data").$type<ContentData>(),
    /** publish: the published version the snapshot was based on (a later publish is not overwritten). */
    baseVersion: integer("base_version"),
    /** unpublish: the blog post's slug or the content page's path. */
    item: text("item"),
    /** unpublish: the post's title or the page's path, for the list. */
    itemLabel: text("item_label"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: SCHEDULE_STATUSES }).notNull().default("pending"),
    /** done: the version published; failed: why. */
    result: text("result"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("content_schedules_due_idx").on(t.status, t.runAt),
    check(
      "content_schedules_action_check",
      sql`(${t.action} = 'publish' and ${t.data} is not null) or (${t.action} = 'unpublish' and ${t.item} is not null)`,
    ),
  ],
);

/**
 * A visitor's submission (B §3.5, DESIGN "Data flow of a lead"). Written in the same transaction
 * as its delivery job, before any tracker call: once the visitor has a protocol, the lead exists.
 */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey(),
    /** Local protocol shown when no tracker key is known yet (VRT-YYYYMMDD-XXXXXX). */
    protocol: text("protocol").notNull(),
    formId: text("form_id").notNull(),
    formType: text("form_type").notNull(),
    /** captured after the first step, completed after the last (single-step forms: completed). */
    stage: text("stage", { enum: LEAD_STAGES }).notNull(),
    /** Increments with every change the tracker must mirror. */
    version: integer("version").notNull().default(1),
    answers: jsonb("answers").$type<LeadAnswers>().notNull(),
    score: integer("score").notNull(),
    level: text("level", { enum: LEAD_LEVELS }).notNull(),
    priority: text("priority").notNull(),
    responseHours: integer("response_hours").notNull(),
    /** Where the visitor was: segment, language, plan chosen, page. */
    context: jsonb("context").$type<LeadContext>().notNull(),
    /** clarityId, UTM parameters, referrer, user agent. */
    tracking: jsonb("tracking").$type<LeadTracking>().notNull(),
    /** sha256 of the client address with the server secret: abuse analysis without keeping the address. */
    clientHash: text("client_hash"),
    consentPurpose: text("consent_purpose").notNull(),
    consentTextVersion: text("consent_text_version").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    /**
     * When the visitor withdrew that consent (LGPD art. 8 §5), and how: the one-click unsubscribe of
     * a mail client (RFC 8058) or the confirmation page (decision 102). Null while it stands.
     */
    consentWithdrawnAt: timestamp("consent_withdrawn_at", { withTimezone: true }),
    consentWithdrawnVia: text("consent_withdrawn_via", { enum: WITHDRAWAL_CHANNELS }),
    /** Why the lead is considered spam (honeypot, too-fast); spam is stored but never delivered. */
    spamReason: text("spam_reason"),
    trackerKey: text("tracker_key"),
    trackerUrl: text("tracker_url"),
    /** The lead version the tracker last reflected. */
    trackerSyncedVersion: integer("tracker_synced_version").notNull().default(0),
    trackerQualified: boolean("tracker_qualified").notNull().default(false),
    /** The issue's status in Jira as last heard (webhook or reconciliation), its category, and when. */
    trackerStatus: text("tracker_status"),
    trackerStatusCategory: text("tracker_status_category", {
      enum: STATUS_CATEGORIES,
    }),
    trackerStatusAt: timestamp("tracker_status_at", { withTimezone: true }),
    deliveryStatus: text("delivery_status", {
      enum: DELIVERY_STATUSES,
    }).notNull(),
    /** The contact the lead belongs to: its e-mail, normalised (decision 105; domain/leads/identity.ts). */
    contactKey: text("contact_key"),
    /** The company it belongs to: the CNPJ's first 8 characters. */
    companyRoot: text("company_root"),
    /** When sales must have answered: its response hours counted in business hours from its arrival. */
    respondBy: timestamp("respond_by", { withTimezone: true }),
    /** The Jira account the routing rules chose (kept once chosen: a retried delivery keeps it). */
    ownerAccountId: text("owner_account_id"),
    ownerName: text("owner_name"),
    /** The rule that chose the owner; null when the fallback owner did. */
    routingRule: text("routing_rule"),
    /** What the issue's status means for sales (domain/leads/outcomes.ts), and since when. */
    outcome: text("outcome", { enum: OUTCOMES }),
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
    /** The earlier lead of the same contact or company its issue was linked to ('Relates'). */
    relatedLeadId: uuid("related_lead_id"),
    /** Whether that link exists in Jira. */
    trackerLinked: boolean("tracker_linked").notNull().default(false),
    /**
     * When the nightly retention job removed its personal data (decision 111, LGPD art. 16): the lead
     * outlived the retention period staff set. Null while the lead keeps its data.
     */
    anonymizedAt: timestamp("anonymized_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("leads_protocol_idx").on(t.protocol),
    index("leads_created_idx").on(t.createdAt),
    index("leads_delivery_idx").on(t.deliveryStatus),
    // Jira's webhooks and the reconciliation find a lead by its issue key.
    index("leads_tracker_key_idx").on(t.trackerKey),
    // A contact's or company's leads: the timeline, and the earlier lead a new one is linked to.
    index("leads_contact_idx").on(t.contactKey, t.createdAt),
    // A fast submission is weighed by what its client sent in the last minutes (decision 125).
    index("leads_client_idx").on(t.clientHash, t.createdAt),
    index("leads_company_idx").on(t.companyRoot, t.createdAt),
  ],
);

/**
 * Lead operations settings staff edit in the admin (decision 105): 'routing' (owners, rules, fallback;
 * domain/leads/routing.ts) and 'outcomes' (Jira status names → outcomes). Versioned: two people
 * saving at once get a conflict rather than one losing the other's change.
 */
export const leadSettings = pgTable("lead_settings", {
  /** 'privacy' holds the lead retention period (decision 111); 'marketing-tags' the tags staff turn on (decision 123). */
  key: text("key", { enum: ["routing", "outcomes", "privacy", "marketing-tags"] }).primaryKey(),
  value: jsonb("value").$type<LeadSettingValue>().notNull(),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  updatedBy: text("updated_by"),
});

/** How many leads each routing rule gave out: its owners take turns by it, across instances. */
export const leadRoutingTurns = pgTable("lead_routing_turns", {
  ruleId: text("rule_id").primaryKey(),
  turns: integer("turns").notNull().default(0),
});

/** Answers already given to a request key: a repeated submission (double click, retry) gets the same answer. */
export const leadRequests = pgTable("lead_requests", {
  key: text("key").primaryKey(),
  leadId: uuid("lead_id")
    .notNull()
    .references(() => leads.id, { onDelete: "cascade" }),
  operation: text("operation", { enum: ["capture", "finalize"] }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * The outbox: work to deliver to the outside (a lead's tracker sync and notifications; a support
 * ticket, its replies and status changes; e-mails), claimed with FOR UPDATE SKIP LOCKED. A job is
 * about one subject at most (a lead or a ticket), which it reads as it is when it runs.
 */
/**
 * Where lead events are posted (decision 103): endpoints staff manage in the admin, each
 * with its own Standard Webhooks secret (`whsec_…`), and the one LEAD_WEBHOOK_URL names (source
 * 'env': synced at start, secret derived from LEAD_WEBHOOK_SECRET, never stored).
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  /** The events it receives: lead.created, lead.qualified, lead.outcome_changed. */
  events: text("events").array().notNull(),
  enabled: boolean("enabled").notNull().default(true),
  /** `whsec_` and the base64 key; null for the environment's endpoint. */
  secret: text("secret"),
  source: text("source", { enum: WEBHOOK_SOURCES }).notNull().default("admin"),
  createdBy: text("created_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export const deliveryJobs = pgTable(
  "delivery_jobs",
  {
    id: serial("id").primaryKey(),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id").references(() => supportTickets.id, { onDelete: "cascade" }),
    planRequestId: uuid("plan_request_id").references(() => planChangeRequests.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: [
        "tracker",
        "slack",
        "teams",
        "webhook",
        "ticket",
        "ticket_comment",
        "ticket_transition",
        "mail",
        "plan_request",
        // A purge of the shared caches by surrogate keys (decision 122), one job per cache.
        "cache_purge",
        // A demonstration booked, moved or cancelled, told on its lead's Jira issue (decision 138).
        "meeting_note",
        // A demonstration's reminder to its visitor, 24 h and 1 h before (decision 138).
        "meeting_reminder",
      ],
    }).notNull(),
    /**
     * For webhooks: the event being announced (lead.created, lead.qualified, lead.outcome_changed,
     * webhook.test; the environment's endpoint keeps its names lead.captured, lead.completed).
     */
    event: text("event"),
    /** For webhooks: the endpoint it goes to (one job per endpoint and event, decision 103). */
    webhookEndpointId: uuid("webhook_endpoint_id").references(() => webhookEndpoints.id, {
      onDelete: "cascade",
    }),
    /** What the job needs besides its subject (the reply to send, the transition, the e-mail). */
    payload: jsonb("payload").$type<NonNullable<JobPayload>>(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().default(sql`now()`),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The lead changed while this tracker job ran: once done, it runs again (instead of a second job). */
    rerun: boolean("rerun").notNull().default(false),
    /**
     * Dead because its attempts ran out while the target kept failing in a way worth retrying (an
     * outage), not because the target refused it: revived when the target works again (decision 079).
     */
    exhausted: boolean("exhausted").notNull().default(false),
  },
  (t) => [
    index("delivery_jobs_due_idx").on(t.status, t.runAt),
    index("delivery_jobs_lead_idx").on(t.leadId),
    // The claim asks, of each due job, whether its lead has another of its kind running: a look at
    // that lead's running jobs only, not at every row that has ever been running (their index
    // entries outlive them until a vacuum).
    index("delivery_jobs_running_idx").on(t.leadId, t.kind).where(sql`${t.status} = 'running'`),
    index("delivery_jobs_ticket_idx").on(t.ticketId),
    index("delivery_jobs_webhook_endpoint_idx").on(t.webhookEndpointId, t.id),
    check(
      "delivery_jobs_one_subject_check",
      sql`num_nonnulls(${t.leadId}, ${t.ticketId}, ${t.planRequestId}) <= 1`,
    ),
    // At most one tracker job per lead waits or runs: two could each create the Jira issue (decision 016).
    uniqueIndex("delivery_jobs_one_open_tracker_idx")
      .on(t.leadId)
      .where(sql`${t.kind} = 'tracker' and ${t.status} in ('pending', 'running')`),
    // A lead's visitor gets one e-mail, ever (its confirmation or newsletter welcome; decision 102).
    uniqueIndex("delivery_jobs_one_lead_mail_idx").on(t.leadId).where(sql`${t.kind} = 'mail'`),
  ],
);

/**
 * Form tokens spent by an accepted submission (decision 077): a token delivers one lead; a replay is
 * held for review. Keys are hashes; rows older than a token's life are pruned.
 */
export const spentFormTokens = pgTable(
  "spent_form_tokens",
  {
    key: text("key").primaryKey(),
    spentAt: timestamp("spent_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("spent_form_tokens_at_idx").on(t.spentAt)],
);

/** Every attempt at a job, kept for the admin inbox and for audits. */
export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => deliveryJobs.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    worker: text("worker").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
    outcome: text("outcome", { enum: ATTEMPT_OUTCOMES }).notNull(),
    detail: text("detail"),
  },
  (t) => [index("delivery_attempts_job_idx").on(t.jobId)],
);

/** Secrets the application makes itself and shares between instances (e.g. when SESSION_SECRET is unset). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * A customer company (decision 091): the CNPJ normalised (domain/cnpj.ts), its names, the plan of
 * plans-data it is on, and whether it is active. Every customer user belongs to exactly one.
 */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey(),
    cnpj: text("cnpj").notNull(),
    legalName: text("legal_name").notNull(),
    tradeName: text("trade_name").notNull().default(""),
    planId: text("plan_id"),
    /** How the plan is billed, and the day the current cycle began (the renewal is a cycle later). */
    billingCycle: text("billing_cycle", { enum: BILLING_CYCLES }).notNull().default("monthly"),
    cycleStartedOn: date("cycle_started_on"),
    status: text("status", { enum: ["active", "suspended"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("companies_cnpj_idx").on(t.cnpj)],
);

/**
 * People who sign in: customers (of one company, with a role in it) and staff (admin, editor; no
 * company). Emails are stored lower-cased.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: USER_ROLES }).notNull(),
    /** The customer's company; null for staff. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "restrict" }),
    /** The customer's role in the company (domain/portal/permissions.ts); null for staff. */
    companyRole: text("company_role", { enum: COMPANY_ROLES }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** scrypt$N$r$p$salt$hash */
    passwordHash: text("password_hash").notNull(),
    preferences: jsonb("preferences").$type<StoredPreferences>().notNull(),
    /** Set when an admin deactivates the account: it can no longer sign in. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /**
     * Two-factor sign-in (decision 112): the TOTP secret, sealed with the server's key (server/auth/
     * sealed.ts), set once confirmed with a code; a secret being set up until then; the last time
     * step a code was accepted for, so a code is never accepted twice.
     */
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    totpLastStep: integer("totp_last_step"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(t.email),
    uniqueIndex("users_username_idx").on(t.username),
    index("users_company_idx").on(t.companyId),
    // A company and a role in it go together, and only customers have them.
    check("users_company_role_check", sql`(${t.companyId} is null) = (${t.companyRole} is null)`),
    check("users_staff_no_company_check", sql`${t.role} = 'customer' or ${t.companyId} is null`),
  ],
);

/**
 * An invitation to join a company (decision 091): a single-use link (only its hash is kept) valid for
 * 7 days, for one e-mail and role. Accepting it creates the account; resending replaces the link;
 * revoking ends it.
 */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    companyRole: text("company_role", { enum: COMPANY_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("company_invitations_token_idx").on(t.tokenHash),
    index("company_invitations_company_idx").on(t.companyId),
    // One open invitation per company and address: a second one is a resend.
    uniqueIndex("company_invitations_open_idx")
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/** Sign-in sessions: only a hash of the token is stored; revoking sets revoked_at. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
    /** The network the sign-in came from (IPv4 /24, IPv6 /48): an approximate place, not the address. */
    network: text("network"),
    /** Last request made with it, refreshed at most every few minutes (decision 112: the sessions list). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_idx").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Two-factor recovery codes (decision 112): ten per person, each used once; only their hash is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Single-use, expiring password-reset links (hash of the token only). */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/** What a customer's dashboard shows (B §3.8), per user. */
export const userDashboards = pgTable("user_dashboards", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").$type<UserDashboardData>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

/** Every admin write (content save or restore, lead retry, release or erasure, user change): who, when, what. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`now()`),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    detail: jsonb("detail").$type<AuditDetail>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at)],
);

/**
 * Jira webhook deliveries already applied, by X-Atlassian-Webhook-Identifier (decision 092): a repeated
 * delivery finds its identifier here and changes nothing.
 */
export const jiraWebhookDeliveries = pgTable(
  "jira_webhook_deliveries",
  {
    identifier: text("identifier").primaryKey(),
    event: text("event").notNull(),
    issueKey: text("issue_key"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("jira_webhook_deliveries_received_idx").on(t.receivedAt)],
);

/**
 * A customer's support ticket (decision 094): opened in the portal, delivered to Jira's SUPP project
 * through the outbox, its status and public replies brought back by webhooks and the
 * reconciliation. The reporter's name and e-mail are kept, so a ticket outlives a removed member.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey(),
    /** Local protocol shown until (and beside) the Jira key: SUP-YYYYMMDD-XXXXXX. */
    protocol: text("protocol").notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reporterName: text("reporter_name").notNull(),
    reporterEmail: text("reporter_email").notNull(),
    category: text("category", { enum: TICKET_CATEGORIES }).notNull(),
    priority: text("priority", { enum: TICKET_PRIORITIES }).notNull(),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    trackerKey: text("tracker_key"),
    trackerUrl: text("tracker_url"),
    /** The Jira status name and category as last heard, and when (the issue's update time). */
    statusName: text("status_name"),
    statusCategory: text("status_category", { enum: JIRA_STATUS_CATEGORIES }).notNull().default("new"),
    statusAt: timestamp("status_at", { withTimezone: true }),
    /** When it was last resolved (it may be reopened for 7 days); null while open. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** Support's last public reply: newer than a reader's last visit, the ticket shows as unread. */
    supportRepliedAt: timestamp("support_replied_at", { withTimezone: true }),
    /** Moves with every message and status change: the list's order. */
    activityAt: timestamp("activity_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("support_tickets_protocol_idx").on(t.protocol),
    index("support_tickets_company_idx").on(t.companyId, t.activityAt),
    index("support_tickets_tracker_key_idx").on(t.trackerKey),
  ],
);

/**
 * A message of a ticket's conversation after its opening: a customer's reply (delivered as a Jira
 * comment) or support's public comment (from Jira). Restricted Jira comments are never stored.
 */
export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: uuid("id").primaryKey(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    author: text("author", { enum: TICKET_MESSAGE_AUTHORS }).notNull(),
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    /** The Jira comment: support's, or the customer's once delivered. */
    jiraCommentId: text("jira_comment_id"),
    /** The Jira comment's last update time as applied (out-of-order deliveries change nothing). */
    jiraUpdatedAt: timestamp("jira_updated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("ticket_messages_ticket_idx").on(t.ticketId, t.createdAt),
    uniqueIndex("ticket_messages_jira_comment_idx").on(t.ticketId, t.jiraCommentId),
  ],
);

/**
 * A file a customer attached to a ticket (its opening, or a reply when messageId is set), kept in
 * private storage under a random name and never served at a public address.
 */
export const ticketAttachments = pgTable(
  "ticket_attachments",
  {
    id: uuid("id").primaryKey(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => ticketMessages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    storageName: text("storage_name").notNull(),
    /** Set once attached to the Jira issue (attachments are sent once). */
    jiraAttachmentId: text("jira_attachment_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ticket_attachments_ticket_idx").on(t.ticketId)],
);

/** When a person last looked at a ticket: support replies after it make it unread for them. */
export const ticketReads = pgTable(
  "ticket_reads",
  {
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);

/**
 * Periodic tasks that must run on one instance at a time (the Jira reconciliation; later content
 * schedules): a lease taken with a conditional update, and when the task last succeeded.
 */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  lockedBy: text("locked_by"),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
});

/**
 * A company's request for another plan or cycle (decision 095): the price it was shown and the pro-rata
 * difference for the rest of the current cycle, delivered to sales as a Jira issue (project FDVW,
 * label mudanca-plano) through the outbox; staff apply or refuse it in the admin company page.
 */
export const planChangeRequests = pgTable(
  "plan_change_requests",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requesterName: text("requester_name").notNull(),
    requesterEmail: text("requester_email").notNull(),
    fromPlanId: text("from_plan_id"),
    fromCycle: text("from_cycle", { enum: BILLING_CYCLES }).notNull(),
    toPlanId: text("to_plan_id").notNull(),
    toCycle: text("to_cycle", { enum: BILLING_CYCLES }).notNull(),
    /** The new plan's price per cycle, in centavos, as shown when asked. */
    priceCentavos: integer("price_centavos").notNull(),
    /** What the rest of the current cycle costs more (positive) or less (a credit), in centavos. */
    prorataCentavos: integer("prorata_centavos").notNull(),
    status: text("status", { enum: PLAN_REQUEST_STATUSES }).notNull().default("requested"),
    /** The day the change takes effect when applied. */
    effectiveOn: date("effective_on"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
    trackerKey: text("tracker_key"),
    trackerUrl: text("tracker_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("plan_change_requests_company_idx").on(t.companyId, t.createdAt),
    // One open request per company at a time: a second one replaces nothing, it is refused.
    uniqueIndex("plan_change_requests_open_idx").on(t.companyId).where(sql`${t.status} = 'requested'`),
  ],
);

/**
 * Keys of the vendor's systems that call this product's API (decision 096): only a hash is kept, with
 * a short prefix to recognise it; a scope says what it may call; revoking ends it at once.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    scope: text("scope", { enum: API_KEY_SCOPES }).notNull(),
    keyHash: text("key_hash").notNull(),
    /** The key's first characters ("vk_billing_3F9a"), shown in lists. */
    prefix: text("prefix").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash)],
);

/**
 * An invoice the vendor's billing system issued to a company (decision 096): amounts in integer
 * centavos, dates as calendar days (America/Sao_Paulo), the number unique for the issuer. Its
 * NFS-e files are kept in private storage.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    /** The month the invoice is for: YYYY-MM. */
    competence: text("competence").notNull(),
    issuedOn: date("issued_on").notNull(),
    dueOn: date("due_on").notNull(),
    amountCentavos: integer("amount_centavos").notNull(),
    /** [{ description, amountCentavos }]: what the invoice charges for. */
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    /** The boleto's digitable line (47 digits), check digits verified when it came in. */
    boletoLine: text("boleto_line"),
    status: text("status", { enum: STORED_INVOICE_STATUSES }).notNull().default("open"),
    paidOn: date("paid_on"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    nfseNumber: text("nfse_number"),
    nfseVerificationCode: text("nfse_verification_code"),
    /** Private storage names of the NFS-e files. */
    nfsePdf: text("nfse_pdf"),
    nfseXml: text("nfse_xml"),
    /** Who wrote it: the billing API (the key's name) or a staff member. */
    source: text("source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    index("invoices_company_idx").on(t.companyId, t.dueOn),
    check("invoices_amount_check", sql`${t.amountCentavos} >= 0`),
  ],
);

/** Invoice reminders sent (3 days before the due date, the day after it): each one once, ever. */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REMINDER_KINDS }).notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);

/**
 * A company's connection to an integration of the catalogue (content document integrations-data),
 * as the vendor's platform reports it (docs/operations.md, "Integrations").
 */
export const integrationConnections = pgTable(
  "integration_connections",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    integrationId: text("integration_id").notNull(),
    status: text("status", { enum: CONNECTION_STATUSES }).notNull(),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    /** What the platform says of it (an error's reason), shown to the customer. */
    detail: text("detail"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.integrationId] })],
);

/**
 * The media library (decision 099): an image the site serves, uploaded (stored by its content hash) or
 * shipped with the site under /images and referenced by content. Content documents keep using the
 * address (`url`); the library adds what a page needs to draw it well: size, WebP variants, alt
 * text in Portuguese and English, and the focal point crops keep in view.
 */
export const media = pgTable(
  "media",
  {
    id: serial("id").primaryKey(),
    /** The address documents use: /uploads/{hash}.{ext} or /images/... */
    url: text("url").notNull(),
    /** The file's name on the uploader's computer (or the shipped file's name). */
    originalName: text("original_name").notNull(),
    /** The original's name in upload storage; null for a file shipped in public/. */
    storageName: text("storage_name"),
    mime: text("mime").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Bytes of the original. */
    size: integer("size").notNull(),
    /** '' while missing: listed as 'sem texto alternativo' (images from before the library). */
    altPt: text("alt_pt").notNull().default(""),
    altEn: text("alt_en").notNull().default(""),
    focalX: doublePrecision("focal_x").notNull().default(0.5),
    focalY: doublePrecision("focal_y").notNull().default(0.5),
    /** [{ width, height, name, size }]: the WebP variants in upload storage, narrowest first. */
    variants: jsonb("variants").$type<VariantInfo[]>().notNull().default([]),
    source: text("source", { enum: MEDIA_SOURCES }).notNull(),
    uploadedBy: text("uploaded_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("media_url_idx").on(t.url),
    check("media_focal_check", sql`${t.focalX} between 0 and 1 and ${t.focalY} between 0 and 1`),
  ],
);

/**
 * The form funnel's raw events (decision 104), as the beacon posts them: no
 * person in them (a random id per page view, the page's language, the visit's source). Stamped
 * with the server's time; the nightly rollup moves the rows of finished days (São Paulo) into
 * funnel_daily and deletes them. The key keeps one event per page view, form, type and step.
 */
export const funnelEvents = pgTable(
  "funnel_events",
  {
    viewId: uuid("view_id").notNull(),
    formId: text("form_id").notNull(),
    /** shown, touched, step, submitted */
    event: text("event", { enum: FUNNEL_EVENTS }).notNull(),
    /** The step number reached (2 and up) for `step`; 0 for the others. */
    step: integer("step").notNull().default(0),
    /** '' on the main site. */
    segment: text("segment").notNull().default(""),
    lang: text("lang").notNull(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: "funnel_events_pk", columns: [t.viewId, t.formId, t.event, t.step] }),
    index("funnel_events_at_idx").on(t.at),
  ],
);

/** The funnel per São Paulo day: how many page views reached each event, per form, segment, language and source. */
export const funnelDaily = pgTable(
  "funnel_daily",
  {
    day: date("day").notNull(),
    formId: text("form_id").notNull(),
    event: text("event", { enum: FUNNEL_EVENTS }).notNull(),
    step: integer("step").notNull().default(0),
    segment: text("segment").notNull().default(""),
    lang: text("lang").notNull(),
    source: text("source").notNull(),
    medium: text("medium").notNull(),
    campaign: text("campaign").notNull().default(""),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({
      name: "funnel_daily_pk",
      columns: [t.day, t.formId, t.event, t.step, t.segment, t.lang, t.source, t.medium, t.campaign],
    }),
    index("funnel_daily_form_day_idx").on(t.formId, t.day),
  ],
);

/**
 * Each cookie choice a visitor made (decision 123), the proof LGPD art. 8 §2 asks of the controller:
 * the anonymous id the browser keeps in its necessary cookie, the version of the cookie list it was
 * made against, the optional categories granted, how (all, none, chosen, the browser's signal),
 * when and on which page. No personal data; kept as long as the lead retention period.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: uuid("id").primaryKey(),
    visitorId: uuid("visitor_id").notNull(),
    listVersion: text("list_version").notNull(),
    measurement: boolean("measurement").notNull(),
    marketing: boolean("marketing").notNull(),
    /** accept_all, reject_all, custom, browser_signal */
    method: text("method").notNull(),
    page: text("page").notNull(),
    /** '' on the main site. */
    segment: text("segment").notNull().default(""),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("consent_records_decided_idx").on(t.decidedAt),
    index("consent_records_visitor_idx").on(t.visitorId),
  ],
);

/**
 * The circuit of each outside service (decision 124), shared by every instance: "jira", "smtp",
 * "webhook:{endpoint id}", "cache:{adapter}". A row is written only when a circuit opens, is probed
 * or closes; a service without a row is closed.
 */
export const outsideCircuits = pgTable("outside_circuits", {
  service: text("service").primaryKey(),
  state: text("state", { enum: CIRCUIT_STATES }).notNull(),
  reason: text("reason", { enum: CIRCUIT_REASONS }),
  /** The failure that opened it, or the last probe's. */
  detail: text("detail"),
  /** When it last opened from closed (kept through probes). */
  openedAt: timestamp("opened_at", { withTimezone: true }),
  /** When the next probe may go (while open). */
  probeAt: timestamp("probe_at", { withTimezone: true }),
  /** Probes failed since it opened: the probe interval grows with them. */
  probes: integer("probes").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * A seller's availability for demonstrations (decision 138), by the Jira account the routing rules
 * know them by: where invitations go, the weekly hours and rules of domain/booking/availability.ts,
 * their meeting room (else the team's), and optionally the private iCalendar address of their
 * calendar, whose busy times block slots.
 */
export const sellerAvailability = pgTable("seller_availability", {
  accountId: text("account_id").primaryKey(),
  email: text("email").notNull(),
  availability: jsonb("availability").$type<Availability>().notNull(),
  meetingUrl: text("meeting_url"),
  calendarUrl: text("calendar_url"),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  updatedBy: text("updated_by"),
});

/**
 * What a seller's private calendar address last gave (decision 140): its busy times over the next
 * months, read every few minutes. `calendarUrl` is the address read: a snapshot of an address the
 * seller no longer has is ignored. A failed read keeps the last good busy times and says why.
 */
export const sellerCalendarBusy = pgTable("seller_calendar_busy", {
  accountId: text("account_id").primaryKey(),
  calendarUrl: text("calendar_url").notNull(),
  busy: jsonb("busy").$type<{ start: string; end: string }[]>().notNull().default([]),
  /** The last read that gave a calendar. */
  readAt: timestamp("read_at", { withTimezone: true }),
  /** The last read that failed, and why (a code of server/booking/seller-calendars.ts); cleared by a good one. */
  failedAt: timestamp("failed_at", { withTimezone: true }),
  failure: text("failure"),
});

/**
 * A demonstration booked by a lead (decision 138). Two booked meetings of one seller never overlap:
 * an exclusion constraint refuses the second (migration 0024, on PGlite and PostgreSQL alike); a lead
 * holds at most one booked meeting. `sequence` counts the invitation's revisions (RFC 5545).
 */
export const demoMeetings = pgTable(
  "demo_meetings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    sellerAccountId: text("seller_account_id").notNull(),
    sellerName: text("seller_name").notNull(),
    sellerEmail: text("seller_email").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: MEETING_STATUSES }).notNull(),
    sequence: integer("sequence").notNull().default(0),
    meetingUrl: text("meeting_url"),
    /** The visitor's time zone as their browser said it, for their e-mails ("America/Manaus"). */
    visitorTimeZone: text("visitor_time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("demo_meetings_seller_idx").on(t.sellerAccountId, t.startsAt),
    uniqueIndex("demo_meetings_lead_booked_idx").on(t.leadId).where(sql`${t.status} = 'booked'`),
    check("demo_meetings_period_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
