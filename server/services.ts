import path from "node:path";
import { OUTCOME_LABELS } from "~/lib/leads/outcomes.ts";
import { OFFERED_LANGUAGES } from "~/lib/locale.ts";
import { AuditLog } from "./admin/audit.ts";
import { ApiKeyService } from "./auth/api-keys.ts";
import { createMailer, outboxMail } from "./auth/mailer.ts";
import { PasswordResetService } from "./auth/password-reset.ts";
import { PasswordHasher, scryptCostOf } from "./auth/passwords.ts";
import { Sealer } from "./auth/sealed.ts";
import { queueNewDeviceMail } from "./auth/security-mail.ts";
import { seedDemoUsers } from "./auth/seed.ts";
import { SessionService } from "./auth/sessions.ts";
import { TwoFactorService } from "./auth/two-factor.ts";
import { AccountService } from "./auth/users.ts";
import { CustomerInvoices } from "./billing/customer-invoices.ts";
import { InvoiceReminders } from "./billing/invoice-reminders.ts";
import { InvoiceService } from "./billing/invoices.ts";
import { Cache } from "./cache/cache.ts";
import { RedisStore } from "./cache/remote-store.ts";
import { type Config, isLocalAddress } from "./config.ts";
import { ContentAdmin } from "./content/admin.ts";
import { readContentFiles, readDomainConfig } from "./content/files.ts";
import { migrateLevelsToPatches, seedDocuments } from "./content/repository.ts";
import { ContentService } from "./content/service.ts";
import { EditorialWorkflow } from "./content/workflow.ts";
import type { AppServices } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { FunnelService } from "./funnel/service.ts";
import { PageCache } from "./http/page-cache.ts";
import { PeriodicJob } from "./jobs/periodic-job.ts";
import { LeadErasure } from "./leads/erasure.ts";
import { FormRegistry } from "./leads/forms.ts";
import { LeadInbox } from "./leads/inbox.ts";
import { LeadSettings } from "./leads/lead-settings.ts";
import { NewsletterConsent } from "./leads/newsletter-consent.ts";
import { notificationHandlers } from "./leads/notify.ts";
import type { JobKind } from "./leads/repository.ts";
import { LeadRouting } from "./leads/routing.ts";
import { LeadService } from "./leads/service.ts";
import { issueFormToken } from "./leads/spam.ts";
import { TrackerSync } from "./leads/tracker-sync.ts";
import { DeliveryWorker, forLead, type JobHandler } from "./leads/worker.ts";
import type { Logger } from "./logger.ts";
import { LeadMail } from "./mail/lead-mail.ts";
import { MediaService } from "./media/service.ts";
import { contentDir, projectRoot } from "./paths.ts";
import { CompanyService } from "./portal/companies.ts";
import { IntegrationService } from "./portal/integrations.ts";
import { MemberService } from "./portal/members.ts";
import { PlanChangeService } from "./portal/plan-changes.ts";
import {
  PlanRequestDelivery,
  requeueSimulatedPlanRequests,
  simulatedPlanRequestJob,
} from "./portal/plan-request-delivery.ts";
import { contentPlans } from "./portal/plans.ts";
import { requeueSimulatedTickets, simulatedTicketJob, TicketDelivery } from "./portal/ticket-delivery.ts";
import { TicketInbound } from "./portal/ticket-inbound.ts";
import { TicketService } from "./portal/tickets.ts";
import { CompanyExport } from "./privacy/company-export.ts";
import { LeadCopy } from "./privacy/lead-copy.ts";
import { withPrivacyMail } from "./privacy/mail.ts";
import { LeadRetention, RETENTION_CHECK_INTERVAL_MS, type RetentionReport } from "./privacy/retention.ts";
import { PrivacySettings } from "./privacy/settings.ts";
import { MemoryWindowCounter, RedisWindowCounter } from "./rate/window-counter.ts";
import { loadSigningSecret, Signer } from "./secrets.ts";
import { trackerMessages } from "./tracker/errors.ts";
import { JiraInbound } from "./tracker/inbound.ts";
import { JiraClient } from "./tracker/jira-client.ts";
import { JiraReconciliation } from "./tracker/reconcile.ts";
import { UploadService } from "./uploads/service.ts";
import { LocalUploadStorage } from "./uploads/storage.ts";
import { webhookDelivery } from "./webhooks/delivery.ts";
import { WebhookEndpoints } from "./webhooks/endpoints.ts";
import { enqueueLeadEvent } from "./webhooks/enqueue.ts";

/** How often the funnel's rollup looks for finished days (one pass after midnight does the work). */
export const FUNNEL_ROLLUP_INTERVAL_MS = 3600_000;

/** Seams for tests: a hand-moved clock, no waiting between retries, a shorter tracker time-out. */
export interface ServiceSeams {
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  trackerTimeoutMs?: number;
  workerId?: string;
  /** How long a submission waits for the tracker key before answering with the local protocol. */
  protocolWaitMs?: number;
  /** Development server: mail without SMTP_URL goes to the log. */
  development?: boolean;
}

/** What delivers each kind of job. */
export type DeliveryHandlers = Record<JobKind, JobHandler>;

/** Everything built, plus what only the composition root and tests need. */
export interface BuiltServices extends AppServices {
  /** Closes Redis and the database (after stopServices has stopped the worker). */
  closeConnections(): Promise<void>;
  /** What delivers each kind of job: a second worker in a test gets the same. */
  deliveryHandlers: DeliveryHandlers;
}

/** The database of the configuration: PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL }
      : { kind: "pglite", dataDir: config.DATA_DIR },
  );
}

/**
 * The composition root: every long-lived part built once from the configuration and an open
 * database, and passed down. Used by the HTTP server (server/server.ts), the CLI and the tests;
 * nothing here listens or starts timers (startServices does).
 */
export async function buildServices(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  seams: ServiceSeams = {},
): Promise<BuiltServices> {
  let remote: RedisStore | null = null;
  try {
    const domains = await readDomainConfig(contentDir);
    // Levels stored as whole copies (before decision 101) keep only what they change; then the shipped files.
    const migrated = await migrateLevelsToPatches(database.db);
    if (migrated > 0) logger.info({ levels: migrated }, "content levels now inherit from the levels below");
    const report = await seedDocuments(database.db, await readContentFiles(contentDir, domains));
    logger.info({ ...report, database: database.kind }, "content loaded");

    if (config.REDIS_URL) {
      remote = new RedisStore(config.REDIS_URL, logger, `${config.REDIS_KEY_PREFIX}cache:`);
      // The cache works without Redis, so a Redis that is down only costs a warning.
      await remote
        .ready()
        .catch((error: Error) =>
          logger.warn(
            { err: error.message },
            "redis not reachable at start; using the local cache until it is",
          ),
        );
    }
    const cache = new Cache({ remote });
    const content = new ContentService(database.db, cache);
    const contentAdmin = new ContentAdmin(database.db, cache, seams.now);
    const signingSecret = await loadSigningSecret(database.db, config.SESSION_SECRET);
    const signer = new Signer(signingSecret);
    const pageCache = new PageCache({
      domains,
      isProduction: config.isProduction,
      issueToken: (now) => issueFormToken(signer, now),
    });
    // Cached pages were rendered from the content: any content write or purge drops them all. A
    // document's publication (here or on another instance) also renders the pages again at once.
    cache.onChange((change) => pageCache.clear({ warm: "name" in change }));
    const forms = new FormRegistry(content);
    const workflow = new EditorialWorkflow({ db: database.db, admin: contentAdmin, logger, now: seams.now });
    // Scheduled publications: due ones run on one instance, at most CONTENT_SCHEDULE_INTERVAL_SECONDS late.
    const contentSchedules = new PeriodicJob({
      db: database.db,
      name: "content-schedules",
      leaseMs: 5 * 60_000,
      intervalMs: config.CONTENT_SCHEDULE_INTERVAL_SECONDS * 1000,
      logger,
      failureMessage: "scheduled content changes failed; tried again next time",
      now: seams.now,
      work: async (startedAt) => {
        const report = await workflow.runDue(startedAt);
        if (report.ran + report.failed > 0) logger.info(report, "scheduled content changes ran");
        return report;
      },
    });

    // The form funnel (decision 104): the beacon's events, rolled up into daily counts every hour
    // (the first run after midnight in São Paulo moves the day that ended), on one instance.
    const funnel = new FunnelService(database.db, config.publicBaseUrl, seams.now);
    const funnelRollup = new PeriodicJob({
      db: database.db,
      name: "funnel-rollup",
      leaseMs: 10 * 60_000,
      intervalMs: FUNNEL_ROLLUP_INTERVAL_MS,
      logger,
      failureMessage: "funnel rollup failed; tried again next time",
      now: seams.now,
      work: async (startedAt) => {
        const report = await funnel.rollup(startedAt);
        if (report.events + report.expired > 0)
          logger.info(report, "funnel events rolled up into daily counts");
        return report;
      },
    });

    const jira =
      config.JIRA_BASE_URL && config.JIRA_EMAIL && config.JIRA_API_TOKEN
        ? new JiraClient(
            { baseUrl: config.JIRA_BASE_URL, email: config.JIRA_EMAIL, token: config.JIRA_API_TOKEN },
            {
              ...(seams.sleep ? { sleep: seams.sleep } : {}),
              ...(seams.trackerTimeoutMs ? { timeoutMs: seams.trackerTimeoutMs } : {}),
            },
          )
        : null;
    const leadSettings = new LeadSettings(database.db, seams.now);
    const routing = new LeadRouting(database.db, leadSettings);
    const notify = notificationHandlers({
      ownerOf: (lead) => routing.ownerOf(lead),
      slackUrl: config.SLACK_WEBHOOK_URL,
      teamsUrl: config.TEAMS_WEBHOOK_URL,
      publicBaseUrl: config.publicBaseUrl,
    });
    // Outgoing webhooks (decision 103): a public production site posts only over https
    // to public addresses; development and a local trial may post anywhere.
    const webhookPolicy = { allowInternal: !config.isProduction || isLocalAddress(config.publicBaseUrl) };
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: "Vértice <nao-responda@vertice.com.br>",
      logger,
      development: seams.development ?? false,
    });
    const companies = new CompanyService({ db: database.db, plans: contentPlans(content), now: seams.now });
    // Every password hashed and checked at the configured cost (production's unless a test or a
    // local trial asks for less: decision 113).
    const hasher = new PasswordHasher(scryptCostOf(config.PASSWORD_HASH_COST));
    const accounts = new AccountService({ db: database.db, hasher, now: seams.now });
    // The portal's private files (ticket attachments, NFS-e): beside the embedded database, never
    // under /uploads; several instances share DATA_DIR or swap the storage.
    const privateFiles = {
      tickets: new LocalUploadStorage(path.join(config.DATA_DIR, "private", "tickets")),
      nfse: new LocalUploadStorage(path.join(config.DATA_DIR, "private", "nfse")),
    };
    const ticketFiles = privateFiles.tickets;
    const ticketDelivery = jira
      ? new TicketDelivery({
          db: database.db,
          jira,
          storage: ticketFiles,
          companies,
          logger,
          now: seams.now,
          sleep: seams.sleep,
        })
      : null;
    const db = database.db;
    // LGPD (decision 111): the retention period staff set, and the visitor's copy of their leads.
    const privacySettings = new PrivacySettings(db, cache, seams.now);
    let kickWorker = () => {};
    const leadCopy = new LeadCopy({
      db,
      signer,
      publicBaseUrl: config.publicBaseUrl,
      kick: () => kickWorker(),
      now: seams.now,
    });
    const deliveryHandlers: DeliveryHandlers = {
      tracker: jira
        ? forLead(db, new TrackerSync(db, jira, forms, logger, routing, seams.now, seams.sleep).handle)
        : async () => "simulado: Jira não configurado",
      slack: forLead(db, notify.slack),
      teams: forLead(db, notify.teams),
      webhook: webhookDelivery({
        db,
        legacySecret: config.LEAD_WEBHOOK_SECRET,
        policy: webhookPolicy,
      }),
      ticket: ticketDelivery?.create ?? simulatedTicketJob,
      ticket_comment: ticketDelivery?.comment ?? simulatedTicketJob,
      ticket_transition: ticketDelivery?.transition ?? simulatedTicketJob,
      // A lead's e-mail is composed when its job runs, from the lead as it is then (decision 102).
      // The visitor's confirmation and copy of their leads are composed when their jobs run too
      // (decision 111).
      mail: withPrivacyMail(
        mailer,
        leadCopy,
        outboxMail(
          mailer,
          new LeadMail({ db, forms, signer, publicBaseUrl: config.publicBaseUrl, now: seams.now }).compose,
        ),
      ),
      plan_request: jira
        ? new PlanRequestDelivery({
            db,
            jira,
            companies,
            logger,
            publicBaseUrl: config.publicBaseUrl,
            now: seams.now,
            sleep: seams.sleep,
          }).deliver
        : simulatedPlanRequestJob,
    };
    const worker = new DeliveryWorker({
      db: database.db,
      logger,
      handlers: deliveryHandlers,
      ...(seams.now ? { now: seams.now } : {}),
      ...(seams.workerId ? { id: seams.workerId } : {}),
    });
    kickWorker = () => void worker.kick();
    const leads = new LeadService({
      db: database.db,
      forms,
      signer,
      trackerConfigured: jira !== null,
      notifications: {
        slack: Boolean(config.SLACK_WEBHOOK_URL),
        teams: Boolean(config.TEAMS_WEBHOOK_URL),
      },
      kick: () => worker.kick(),
      trackerAttempted: (leadId, timeoutMs) => worker.attempted(leadId, "tracker", timeoutMs),
      trackerSlow: () => worker.slow("tracker"),
      minFillMs: config.FORM_MIN_FILL_MS,
      ...(seams.now ? { now: seams.now } : {}),
      ...(seams.protocolWaitMs ? { protocolWaitMs: seams.protocolWaitMs } : {}),
    });

    const webhooks = new WebhookEndpoints({
      db,
      policy: webhookPolicy,
      kick: () => worker.kick(),
      now: seams.now,
    });
    // LEAD_WEBHOOK_URL is one of the endpoints (or, unset, none of them).
    await webhooks.syncEnvironment(config.LEAD_WEBHOOK_URL);

    // Counts shared by every instance through Redis when there is one, in this process otherwise.
    const windowCounter = (name: string, windowMs = 60_000) =>
      remote
        ? new RedisWindowCounter(
            remote.client,
            `${config.REDIS_KEY_PREFIX}rl:${name}:`,
            new MemoryWindowCounter(windowMs),
            windowMs,
          )
        : new MemoryWindowCounter(windowMs);
    const loginCounter = windowCounter("login");
    const twoFactor = new TwoFactorService({
      db: database.db,
      sealer: new Sealer(signingSecret, "totp"),
      codeLimit: { counter: loginCounter, perMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE },
      now: seams.now,
    });
    const tickets = new TicketService({
      db: database.db,
      storage: ticketFiles,
      ticketCounter: windowCounter("tickets", 3600_000),
      kick: () => void worker.kick(),
      now: seams.now,
    });
    const audit = new AuditLog(database.db, seams.now);
    // Leads past the retention period are anonymised once a São Paulo night (decision 111);
    // the job looks hourly, so a pass Jira failed is tried again the next hour.
    const leadRetention = new PeriodicJob<RetentionReport>({
      db,
      name: "lead-retention",
      leaseMs: 30 * 60_000,
      intervalMs: RETENTION_CHECK_INTERVAL_MS,
      logger,
      failureMessage: "lead retention: not finished (Jira issues not redacted?); tried again next hour",
      now: seams.now,
      work: (startedAt, lastSuccessAt) =>
        new LeadRetention({
          db,
          jira,
          logger,
          audit,
          retentionMonths: () => privacySettings.retentionMonths(),
        })
          .tick(startedAt, lastSuccessAt)
          .then((report) => {
            if (report.leads > 0) logger.info(report, "lead retention: leads anonymised");
            return report;
          }),
    });
    // Uploaded images beside the embedded database; several instances share DATA_DIR or swap the storage.
    const uploads = new UploadService(new LocalUploadStorage(path.join(config.DATA_DIR, "uploads")));
    const ticketInbound = new TicketInbound({ publicBaseUrl: config.publicBaseUrl, now: seams.now });
    const jiraInbound = new JiraInbound({
      db: database.db,
      tickets: ticketInbound,
      settings: leadSettings,
      // Receivers of outgoing webhooks hear what sales did with a lead (decision 103, 105).
      onOutcomeChanged: (db, leadId, outcome, previous) =>
        enqueueLeadEvent(
          db,
          leadId,
          "lead.outcome_changed",
          {
            outcome: {
              value: outcome,
              label: outcome ? OUTCOME_LABELS[outcome] : null,
              previous,
            },
          },
          seams.now?.() ?? new Date(),
        ).then(() => undefined),
      now: seams.now,
    });
    return {
      config,
      logger,
      database,
      cache,
      content,
      contentAdmin,
      workflow,
      contentSchedules,
      funnel,
      funnelRollup,
      domains,
      signer,
      forms,
      leads,
      inbox: new LeadInbox(database.db, seams.now),
      leadSettings,
      webhooks,
      newsletterConsent: new NewsletterConsent(database.db, signer, seams.now),
      erasure: new LeadErasure(database.db, jira, logger, seams.now),
      audit,
      privacySettings,
      leadCopy,
      leadRetention,
      companyExport: new CompanyExport({
        db,
        ticketFiles: privateFiles.tickets,
        nfseFiles: privateFiles.nfse,
        audit,
        now: seams.now,
      }),
      uploads,
      media: new MediaService({
        db: database.db,
        uploads,
        cache,
        publicDir: path.join(projectRoot, "public"),
        now: seams.now,
      }),
      worker,
      deliveryHandlers,
      jira,
      accounts,
      apiKeys: new ApiKeyService({ db: database.db, now: seams.now }),
      privateFiles,
      invoices: new InvoiceService({ db: database.db, files: privateFiles.nfse, now: seams.now }),
      customerInvoices: new CustomerInvoices({
        db: database.db,
        nfseFiles: privateFiles.nfse,
        pix:
          config.PIX_KEY && config.PIX_MERCHANT_NAME && config.PIX_MERCHANT_CITY
            ? {
                key: config.PIX_KEY,
                merchantName: config.PIX_MERCHANT_NAME,
                merchantCity: config.PIX_MERCHANT_CITY,
              }
            : null,
        now: seams.now,
      }),
      invoiceReminders: new InvoiceReminders({
        db: database.db,
        logger,
        publicBaseUrl: config.publicBaseUrl,
        kick: () => void worker.kick(),
        now: seams.now,
      }),
      companies,
      planChanges: new PlanChangeService({
        db: database.db,
        companies,
        plansIn: async (language) =>
          (await content.get("plans-data", { segment: null, lang: language }))?.data ?? null,
        publicBaseUrl: config.publicBaseUrl,
        kick: () => void worker.kick(),
        now: seams.now,
      }),
      jiraInbound,
      reconciliation: jira
        ? new JiraReconciliation({
            db: database.db,
            jira,
            inbound: jiraInbound,
            tickets: ticketInbound,
            logger,
            intervalMs: config.JIRA_SYNC_INTERVAL_SECONDS * 1000,
            now: seams.now,
          })
        : null,
      tickets,
      integrations: new IntegrationService({ db: database.db, content, companies, tickets, now: seams.now }),
      sessions: new SessionService({
        db: database.db,
        hasher,
        loginLimit: config.LOGIN_RATE_LIMIT_PER_MINUTE,
        loginCounter,
        twoFactor,
        onNewStaffDevice: queueNewDeviceMail(database.db, config.publicBaseUrl, () => void worker.kick()),
        now: seams.now,
      }),
      twoFactor,
      passwordReset: new PasswordResetService({
        db: database.db,
        hasher,
        logger,
        mailer,
        publicBaseUrl: config.publicBaseUrl,
        now: seams.now,
      }),
      members: new MemberService({
        db: database.db,
        accounts,
        companies,
        mailer,
        publicBaseUrl: config.publicBaseUrl,
        invitationCounter: windowCounter("invites", 3600_000),
        now: seams.now,
      }),
      redis: remote?.client ?? null,
      pageCache,
      closeConnections: async () => {
        await remote?.close();
        await database.close();
      },
    };
  } catch (error) {
    await remote?.close();
    throw error;
  }
}

/**
 * What a serving process does once its services exist: the delivery worker runs, the tracker
 * connection is tested (B §7.2), the documents every page needs are preloaded (B §9.7), a fresh
 * embedded database gets its demo accounts, and deliveries an embedded database's last run left
 * running (it was killed) run again at once.
 */
export async function startServices(services: BuiltServices): Promise<void> {
  const { logger, jira, database, accounts } = services;
  if (jira) logger.info({ tracker: "jira", baseUrl: jira.baseUrl }, "lead delivery ready");
  else logger.warn({ tracker: "simulated" }, trackerMessages.notConfigured);
  // A local trial (a fresh embedded database and a localhost address, as `npm ci && npm start`
  // gives) gets two demo accounts so the site can be tried at once. A site with a public address,
  // or on PostgreSQL, gets none: its first admin comes from `npm run user:create`.
  const noUsers = (await accounts.userCount()) === 0;
  if (noUsers && !(database.kind === "pglite" && isLocalAddress(services.config.publicBaseUrl))) {
    logger.warn(
      "no user yet: create the first admin with npm run user:create -- --email E --password P --role admin",
    );
  }
  if (noUsers && database.kind === "pglite" && isLocalAddress(services.config.publicBaseUrl)) {
    const demo = await seedDemoUsers(accounts, services.companies);
    console.log(
      [
        "Contas de demonstração criadas (mostradas só desta vez):",
        `  admin:   ${demo.admin.email} / ${demo.admin.password}`,
        `  cliente: ${demo.customer.email} / ${demo.customer.password}`,
      ].join("\n"),
    );
  }
  if (database.kind === "pglite") {
    const abandoned = await services.worker.releaseAbandoned();
    if (abandoned > 0)
      logger.warn({ jobs: abandoned }, "deliveries left running by the last run: taken up again");
  }
  if (jira) {
    const requeued = await requeueSimulatedTickets(database.db, new Date());
    if (requeued > 0)
      logger.info({ jobs: requeued }, "support tickets kept while Jira was not configured: delivering now");
    const plans = await requeueSimulatedPlanRequests(database.db, new Date());
    if (plans > 0)
      logger.info({ jobs: plans }, "plan change requests kept while Jira was not configured: delivering now");
  }
  services.worker.start();
  services.reconciliation?.start();
  services.invoiceReminders.start();
  services.contentSchedules.start();
  services.funnelRollup.start();
  services.leadRetention.start();
  if (jira) {
    jira.myself().then(
      (me) => logger.info({ tracker: "jira", account: me.displayName ?? me.accountId }, "Jira conectado"),
      (error: Error) => logger.error({ tracker: "jira", err: error }, `Jira: ${error.message}`),
    );
  }
  services.content.preload(OFFERED_LANGUAGES).then(
    (result) => logger.info(result, "content preloaded"),
    (error: unknown) => logger.warn({ err: error }, "content preload failed"),
  );
}

/** Jobs in hand finish (the rest stay pending in the database for the next start); then connections close. */
export async function stopServices(services: BuiltServices): Promise<void> {
  await services.reconciliation?.stop();
  await services.invoiceReminders.stop();
  await services.contentSchedules.stop();
  await services.funnelRollup.stop();
  await services.leadRetention.stop();
  await services.worker.stop();
  await services.closeConnections();
}
