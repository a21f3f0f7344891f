import type { Redis } from "ioredis";
import type { IslandManifest } from "~/islands/manifest.ts";
import type { DomainConfig } from "~/lib/locale.ts";
import type { AuditLog } from "./admin/audit.ts";
import type { ApiKeyService } from "./auth/api-keys.ts";
import type { PasswordResetService } from "./auth/password-reset.ts";
import type { SessionService } from "./auth/sessions.ts";
import type { TwoFactorService } from "./auth/two-factor.ts";
import type { AccountService } from "./auth/users.ts";
import type { CustomerInvoices } from "./billing/customer-invoices.ts";
import type { InvoiceReminders } from "./billing/invoice-reminders.ts";
import type { InvoiceService } from "./billing/invoices.ts";
import type { Cache } from "./cache/cache.ts";
import type { Config } from "./config.ts";
import type { ContentAdmin } from "./content/admin.ts";
import type { PreviewContext } from "./content/preview.ts";
import type { ContentService } from "./content/service.ts";
import type { EditorialWorkflow } from "./content/workflow.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { FunnelService, RollupReport } from "./funnel/service.ts";
import type { PageCache, PageSlot } from "./http/page-cache.ts";
import type { RequestInfo } from "./http/request-info.ts";
import type { PeriodicJob } from "./jobs/periodic-job.ts";
import type { LeadErasure } from "./leads/erasure.ts";
import type { FormRegistry } from "./leads/forms.ts";
import type { LeadInbox } from "./leads/inbox.ts";
import type { LeadSettings } from "./leads/lead-settings.ts";
import type { NewsletterConsent } from "./leads/newsletter-consent.ts";
import type { LeadService } from "./leads/service.ts";
import type { DeliveryWorker } from "./leads/worker.ts";
import type { Logger } from "./logger.ts";
import type { MediaService } from "./media/service.ts";
import type { CompanyService } from "./portal/companies.ts";
import type { IntegrationService } from "./portal/integrations.ts";
import type { MemberService } from "./portal/members.ts";
import type { PlanChangeService } from "./portal/plan-changes.ts";
import type { TicketService } from "./portal/tickets.ts";
import type { CompanyExport } from "./privacy/company-export.ts";
import type { LeadCopy } from "./privacy/lead-copy.ts";
import type { RetentionReport } from "./privacy/retention.ts";
import type { PrivacySettings } from "./privacy/settings.ts";
import type { Signer } from "./secrets.ts";
import type { JiraInbound } from "./tracker/inbound.ts";
import type { JiraClient } from "./tracker/jira-client.ts";
import type { JiraReconciliation } from "./tracker/reconcile.ts";
import type { UploadService } from "./uploads/service.ts";
import type { UploadStorage } from "./uploads/storage.ts";
import type { WebhookEndpoints } from "./webhooks/endpoints.ts";

/** Long-lived parts, built once by the composition root (server/services.ts) and handed to every request. */
export interface AppServices {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  cache: Cache;
  content: ContentService;
  /** The admin's reads, saves and revisions of content documents. */
  contentAdmin: ContentAdmin;
  /** Drafts, publishing and scheduled changes of content (decision 100). */
  workflow: EditorialWorkflow;
  /** Runs the scheduled content changes that are due, on one instance at a time. */
  contentSchedules: PeriodicJob<{ ran: number; failed: number; changed: string[] }>;
  /** The form funnel's events and reports (decision 104). */
  funnel: FunnelService;
  /** Moves the funnel's finished days into daily counts, hourly on one instance. */
  funnelRollup: PeriodicJob<RollupReport>;
  domains: DomainConfig;
  signer: Signer;
  forms: FormRegistry;
  leads: LeadService;
  /** Every admin write, for the dashboard. */
  audit: AuditLog;
  /** The tracker, when JIRA_* are set (the settings' connection test). */
  jira: JiraClient | null;
  /** A data subject's erasure (LGPD art. 18). */
  erasure: LeadErasure;
  /** The lead retention period staff set (decision 111): the nightly job and the privacy policy read it. */
  privacySettings: PrivacySettings;
  /** A visitor's copy of their leads, by a confirmation link sent to the address (decision 111). */
  leadCopy: LeadCopy;
  /** Anonymises leads past the retention period, once a São Paulo night on one instance (decision 111). */
  leadRetention: PeriodicJob<RetentionReport>;
  /** A company's data as a ZIP for its owner (decision 111). */
  companyExport: CompanyExport;
  /** Images uploaded in the admin editor, served at /uploads/{hash}.{ext}. */
  uploads: UploadService;
  /** The media library (decision 099): uploads with WebP variants, alt text, focal point, usages. */
  media: MediaService;
  /** The admin's lead inbox. */
  inbox: LeadInbox;
  /** Lead routing and outcome mapping staff edit (decision 105). */
  leadSettings: LeadSettings;
  /** Outgoing webhook endpoints, their secrets and delivery logs (decision 103). */
  webhooks: WebhookEndpoints;
  /** The newsletter's unsubscribe: the withdrawal of a subscriber's consent (decision 102). */
  newsletterConsent: NewsletterConsent;
  worker: DeliveryWorker;
  accounts: AccountService;
  /** Keys of the vendor's billing system and platform (decision 096). */
  apiKeys: ApiKeyService;
  /** Private files of the portal (ticket attachments, NFS-e): never under a public address. */
  privateFiles: { tickets: UploadStorage; nfse: UploadStorage };
  /** Invoices from the vendor's billing system (its API) and staff (decision 096). */
  invoices: InvoiceService;
  /** A company's invoices as the portal shows them: list, PDF, Pix, NFS-e, a year's ZIP (decision 097). */
  customerInvoices: CustomerInvoices;
  /**
   * E-mails to the finance contacts before and after an invoice's due date, hourly under a lease
   * (decision 097).
   */
  invoiceReminders: InvoiceReminders;
  /** Customer companies and their members (the portal, the admin's companies). */
  companies: CompanyService;
  /** The company's plan, its limits and requests to change it (decision 095). */
  planChanges: PlanChangeService;
  /** What Jira tells the product: its webhooks and the reconciliation (decisions 092, 094). */
  jiraInbound: JiraInbound;
  /** Heals lost Jira webhooks every JIRA_SYNC_INTERVAL_SECONDS (null without Jira). */
  reconciliation: JiraReconciliation | null;
  /** Support tickets of the portal. */
  tickets: TicketService;
  /** The integrations catalogue with each company's connections. */
  integrations: IntegrationService;
  /** A company's people: invitations, roles, removals. */
  members: MemberService;
  sessions: SessionService;
  twoFactor: TwoFactorService;
  passwordReset: PasswordResetService;
  /** The shared Redis connection when REDIS_URL is set (cache, rate limits). */
  redis: Redis | null;
  /** Rendered public pages answered before Express (server/http/page-cache.ts). */
  pageCache: PageCache;
}

export type { RequestInfo } from "./http/request-info.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    request: RequestInfo;
    /** Set when the page cache may keep this request's page. */
    page: PageSlot | null;
    /** Set when the request carries a preview link (decision 100): the page shows a draft, never cached. */
    preview: PreviewContext | null;
    /**
     * The islands' build (decision 108): public pages are rendered without React Router in the
     * browser, their interactive parts hydrated as islands. Null in development.
     */
    islands: IslandManifest | null;
  }
}
