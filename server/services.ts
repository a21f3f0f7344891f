import { OFFERED_LANGUAGES } from "@domain/locale.ts";
import { AuditLog } from "./admin/audit.ts";
import { seedDemoUsers } from "./auth/seed.ts";
import { Cache } from "./cache/cache.ts";
import { RedisStore } from "./cache/remote-store.ts";
import { keysOfChange } from "./cache/surrogate-keys.ts";
import { type Config, isLocalAddress } from "./config.ts";
import { readContentFiles, readDomainConfig } from "./content/files.ts";
import { migrateLevelsToPatches, seedDocuments } from "./content/repository.ts";
import type { AppServices } from "./context.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { deliveryJobs } from "./db/schema.ts";
import { buildDomains, joinDomains } from "./domains.ts";
import { type OpenedFiles, openFiles } from "./files/areas.ts";
import { PageCache } from "./http/page-cache.ts";
import type { Logger } from "./logger.ts";
import { NO_TELEMETRY, type Telemetry } from "./metrics/telemetry.ts";
import { contentDir } from "./paths.ts";
import { createMailer } from "./platform/mail/mailer.ts";
import { DeliveryWorker } from "./platform/outbox/worker.ts";
import { JIRA_SERVICE, SMTP_SERVICE } from "./platform/outside/circuit-rules.ts";
import { OutsideCircuits } from "./platform/outside/circuits.ts";
import { requeueSimulatedPlanRequests } from "./portal/plan-request-delivery.ts";
import { requeueSimulatedTickets } from "./portal/ticket-delivery.ts";
import { MemoryWindowCounter, RedisWindowCounter } from "./rate/window-counter.ts";
import { loadSigningSecret, Signer } from "./secrets.ts";
import { trackerMessages } from "./tracker/errors.ts";
import { JiraClient } from "./tracker/jira-client.ts";
import type { BackgroundJob, DeliveryHandlers, Platform, ServiceSeams } from "./wiring.ts";

export type { ServiceSeams } from "./wiring.ts";

/** Everything built, plus what only the composition root and tests need. */
export interface BuiltServices extends AppServices {
  /** Closes Redis and the database (after stopServices has stopped the jobs). */
  closeConnections(): Promise<void>;
  /** What delivers each kind of job: a second worker in a test gets the same. */
  deliveryHandlers: DeliveryHandlers;
  /** What runs in the background, in start order (the outbox's worker first); stopped in reverse. */
  jobs: BackgroundJob[];
  /** Whether the file store answers: null, or why not (object storage; checked at start). */
  checkFileStorage(): Promise<string | null>;
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
 * The composition root (decision 060): the shared platform built once from the configuration and
 * an open database, then each domain's builder (its `build.ts`) with the services of the domains
 * it uses. Used by the HTTP server (server/server.ts), the CLI and the tests; nothing here listens
 * or starts timers (startServices does).
 */
export async function buildServices(
  config: Config,
  logger: Logger,
  database: DatabaseHandle,
  seams: ServiceSeams = {},
  telemetry: Telemetry = NO_TELEMETRY,
): Promise<BuiltServices> {
  let remote: RedisStore | null = null;
  let files: OpenedFiles | null = null;
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
    const redis = remote;
    const db = database.db;
    // Every file the product keeps: the bucket when S3_BUCKET is set, else DATA_DIR (decision 120).
    files = await openFiles(config, logger, seams.storageTimeoutMs);
    const signingSecret = await loadSigningSecret(db, config.SESSION_SECRET);
    // The outbox's handlers are filled in by the domains below; the worker reads them when a job runs.
    const deliveryHandlers = {} as DeliveryHandlers;
    // One circuit per outside service, shared by the instances through the database (decision 124).
    const circuits = new OutsideCircuits({
      db,
      logger,
      ...(seams.now ? { now: seams.now } : {}),
      ...(seams.circuitFailuresToOpen ? { failuresToOpen: seams.circuitFailuresToOpen } : {}),
      ...(seams.random ? { random: seams.random } : {}),
    });
    const platform: Platform = {
      config,
      logger,
      database,
      db,
      cache: new Cache({ remote }),
      signer: new Signer(signingSecret),
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: "Vértice <nao-responda@vertice.com.br>",
        logger,
        development: seams.development ?? false,
        telemetry,
        circuit: circuits.for(SMTP_SERVICE),
      }),
      jira:
        config.JIRA_BASE_URL && config.JIRA_EMAIL && config.JIRA_API_TOKEN
          ? new JiraClient(
              { baseUrl: config.JIRA_BASE_URL, email: config.JIRA_EMAIL, token: config.JIRA_API_TOKEN },
              {
                ...(seams.sleep ? { sleep: seams.sleep } : {}),
                ...(seams.trackerTimeoutMs ? { timeoutMs: seams.trackerTimeoutMs } : {}),
                telemetry,
                circuit: circuits.for(JIRA_SERVICE),
              },
            )
          : null,
      audit: new AuditLog(db, seams.now),
      worker: new DeliveryWorker({
        db,
        logger,
        handlers: deliveryHandlers,
        circuits,
        ...(seams.random ? { random: seams.random } : {}),
        ...(seams.now ? { now: seams.now } : {}),
        ...(seams.workerId ? { id: seams.workerId } : {}),
      }),
      files: files.areas,
      circuits,
      telemetry,
      windowCounter: (name, windowMs = 60_000) =>
        redis
          ? new RedisWindowCounter(
              redis.client,
              `${config.REDIS_KEY_PREFIX}rl:${name}:`,
              new MemoryWindowCounter(windowMs),
              windowMs,
            )
          : new MemoryWindowCounter(windowMs),
      seams,
    };
    const { cache, signer } = platform;
    const pageCache = new PageCache({ domains, isProduction: config.isProduction });
    // Cached pages were rendered from the content: a content write or purge drops the pages made of
    // that document (their surrogate keys, decision 122). A document's publication (here or on
    // another instance) also renders them again at once.
    // The instance that made the change also has the shared caches in front purged by those keys.
    const built = buildDomains(platform, domains, signingSecret);
    const sharedCachePurge = built.sharedCache.services.sharedCachePurge;
    cache.onChange((change, here) => {
      const keys = keysOfChange(change);
      pageCache.purge(keys, { warm: "name" in change });
      if (here)
        void sharedCachePurge
          .enqueue(keys)
          .catch((error: unknown) => logger.error({ err: error, keys }, "shared cache purge not queued"));
    });
    const { services: domainServices, handlers, jobs } = joinDomains(built);
    Object.assign(deliveryHandlers, handlers);
    const unhandled = deliveryJobs.kind.enumValues.filter((kind) => !deliveryHandlers[kind]);
    if (unhandled.length > 0) throw new Error(`no domain delivers the outbox's ${unhandled.join(", ")} jobs`);

    // LEAD_WEBHOOK_URL is one of the endpoints (or, unset, none of them).
    await domainServices.webhooks.syncEnvironment(config.LEAD_WEBHOOK_URL);
    return {
      config,
      logger,
      database,
      cache,
      signer,
      audit: platform.audit,
      jira: platform.jira,
      worker: platform.worker,
      circuits: platform.circuits,
      files: platform.files,
      checkFileStorage: files.check,
      redis: remote?.client ?? null,
      pageCache,
      ...domainServices,
      deliveryHandlers,
      jobs: [platform.worker, ...jobs],
      closeConnections: async () => {
        files?.close();
        await remote?.close();
        await database.close();
      },
    };
  } catch (error) {
    files?.close();
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
  // A restart is when a fixed configuration (a new JIRA_API_TOKEN) shows: every open circuit is
  // probed by the first delivery cycle, so what it held resumes without anyone's click (decision 124).
  await services.circuits.probeNow();
  for (const job of services.jobs) job.start();
  // A bucket that does not answer is said at once (the log names what to check), not at the first upload.
  services.checkFileStorage().then((failure) => {
    if (failure)
      logger.error({ failure }, "object storage not usable: uploads and attachments are refused until it is");
  });
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
  for (const job of [...services.jobs].reverse()) await job.stop();
  await services.closeConnections();
}
