import { createServer, type Server } from "node:http";
import net, { type Socket } from "node:net";
import type { ServerBuild } from "react-router";
import { OFFERED_LANGUAGES } from "~/lib/locale.ts";
import { type AppOptions, createApp } from "./app.ts";
import { createMailer } from "./auth/mailer.ts";
import { seedDemoUsers } from "./auth/seed.ts";
import { AuthService } from "./auth/service.ts";
import { Cache } from "./cache/cache.ts";
import { RedisStore } from "./cache/remote-store.ts";
import type { Config } from "./config.ts";
import { readContentFiles, readDomainConfig } from "./content/files.ts";
import { seedDocuments } from "./content/repository.ts";
import { ContentService } from "./content/service.ts";
import type { AppServices } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import { PageCache } from "./http/page-cache.ts";
import { MemoryWindowCounter, RedisWindowCounter } from "./http/rate-limit.ts";
import { FormRegistry } from "./leads/forms.ts";
import { notificationHandlers } from "./leads/notify.ts";
import { LeadService } from "./leads/service.ts";
import { issueFormToken } from "./leads/spam.ts";
import { TrackerSync } from "./leads/tracker-sync.ts";
import { DeliveryWorker } from "./leads/worker.ts";
import type { Logger } from "./logger.ts";
import { contentDir, projectRoot, serverBuildFile } from "./paths.ts";
import { loadSigningSecret, Signer } from "./secrets.ts";
import { trackerMessages } from "./tracker/errors.ts";
import { JiraClient } from "./tracker/jira-client.ts";

export interface RunningServer {
  server: Server;
  services: AppServices;
  /** Stops accepting, lets in-flight requests finish, then closes the database and Redis. */
  shutdown(reason: string): Promise<void>;
}

/** The composition root: every long-lived part is built here once and passed down. */
export async function startServer(config: Config, logger: Logger, dev: boolean): Promise<RunningServer> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL }
      : { kind: "pglite", dataDir: config.DATA_DIR },
  );
  let remote: RedisStore | null = null;
  try {
    const domains = await readDomainConfig(contentDir);
    const files = await readContentFiles(contentDir, domains);
    const report = await seedDocuments(database.db, files);
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
    const signer = new Signer(await loadSigningSecret(database.db, config.SESSION_SECRET));
    const pageCache = new PageCache({
      domains,
      isProduction: config.isProduction,
      issueToken: (now) => issueFormToken(signer, now),
    });
    // Cached pages were rendered from the content: any content write or purge drops them all.
    cache.onChange(() => pageCache.clear());
    const forms = new FormRegistry(content);
    const jira =
      config.JIRA_BASE_URL && config.JIRA_EMAIL && config.JIRA_API_TOKEN
        ? new JiraClient({
            baseUrl: config.JIRA_BASE_URL,
            email: config.JIRA_EMAIL,
            token: config.JIRA_API_TOKEN,
          })
        : null;
    const notify = notificationHandlers({
      slackUrl: config.SLACK_WEBHOOK_URL,
      teamsUrl: config.TEAMS_WEBHOOK_URL,
      webhookUrl: config.LEAD_WEBHOOK_URL,
      webhookSecret: config.LEAD_WEBHOOK_SECRET,
      publicBaseUrl: config.publicBaseUrl,
    });
    const worker = new DeliveryWorker({
      db: database.db,
      logger,
      handlers: {
        tracker: jira
          ? new TrackerSync(database.db, jira, forms, logger).handle
          : async () => "simulado: Jira não configurado",
        slack: notify.slack,
        teams: notify.teams,
        webhook: notify.webhook,
      },
    });
    const leads = new LeadService({
      db: database.db,
      forms,
      signer,
      trackerConfigured: jira !== null,
      notifications: {
        slack: Boolean(config.SLACK_WEBHOOK_URL),
        teams: Boolean(config.TEAMS_WEBHOOK_URL),
        webhook: Boolean(config.LEAD_WEBHOOK_URL),
      },
      kick: () => worker.kick(),
      minFillMs: config.FORM_MIN_FILL_MS,
    });
    if (jira) logger.info({ tracker: "jira", baseUrl: jira.baseUrl }, "lead delivery ready");
    else logger.warn({ tracker: "simulated" }, trackerMessages.notConfigured);
    const auth = new AuthService({
      db: database.db,
      logger,
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: "Vértice <nao-responda@vertice.com.br>",
        logger,
        development: dev,
      }),
      publicBaseUrl: config.publicBaseUrl,
      loginLimit: config.LOGIN_RATE_LIMIT_PER_MINUTE,
      loginCounter: remote
        ? new RedisWindowCounter(
            remote.client,
            `${config.REDIS_KEY_PREFIX}rl:login:`,
            new MemoryWindowCounter(),
          )
        : new MemoryWindowCounter(),
    });
    // A fresh embedded database gets two demo accounts so the site can be tried at once; a
    // PostgreSQL server gets none unless asked (npm run user:create).
    if (database.kind === "pglite" && (await auth.userCount()) === 0) {
      const demo = await seedDemoUsers(auth);
      console.log(
        [
          "Contas de demonstração criadas (mostradas só desta vez):",
          `  admin:   ${demo.admin.email} / ${demo.admin.password}`,
          `  cliente: ${demo.customer.email} / ${demo.customer.password}`,
        ].join("\n"),
      );
    }
    const services: AppServices = {
      config,
      logger,
      database,
      cache,
      content,
      domains,
      signer,
      forms,
      leads,
      worker,
      auth,
      redis: remote?.client ?? null,
      pageCache,
    };

    const appOptions = dev ? await devOptions() : { build: (await import(serverBuildFile)) as ServerBuild };
    const app = createApp(services, appOptions);
    let stopping: Promise<void> | null = null;
    const server = createServer((req, res) => {
      if (stopping && req.url === "/healthz") {
        // Tell the load balancer to stop sending traffic here while requests drain.
        res.writeHead(503, { "Content-Type": "application/json", Connection: "close" });
        res.end(JSON.stringify({ status: "stopping" }));
        return;
      }
      // Once stopping, every response asks its client to close the connection after it.
      if (stopping) res.setHeader("Connection", "close");
      // Anonymous visits of cached public pages are answered here, without Express's cost.
      if (!dev && pageCache.handle(req, res)) return;
      app(req, res);
    });
    server.keepAliveTimeout = 65_000;

    const sockets = new Set<Socket>();
    let accepted = 0;
    server.on("connection", (socket) => {
      accepted++;
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });

    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    worker.start();
    // B §7.2 connection test: wrong Jira credentials show up at start, not at the first lead.
    if (jira) {
      jira.myself().then(
        (me) => logger.info({ tracker: "jira", account: me.displayName ?? me.accountId }, "Jira conectado"),
        (error: Error) => logger.error({ tracker: "jira", err: error }, `Jira: ${error.message}`),
      );
    }
    // B §9.7: the documents every page needs are in the cache before the first visitor asks.
    content.preload(OFFERED_LANGUAGES).then(
      (result) => logger.info(result, "content preloaded"),
      (error: unknown) => logger.warn({ err: error }, "content preload failed"),
    );

    /**
     * Connections the kernel completed before the signal wait in the listen backlog, and closing
     * the listener would reset them. A busy event loop accepts them a few per turn, so the
     * listener stays open until a whole loop turn accepts nothing (at least 50 ms, at most 2 s).
     */
    const acceptBacklog = async () => {
      const started = Date.now();
      for (;;) {
        const before = accepted;
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        const elapsed = Date.now() - started;
        if ((accepted === before && elapsed >= 50) || elapsed > 2_000) return;
      }
    };

    const shutdown = (reason: string) => {
      stopping ??= (async () => {
        logger.info({ reason, open: sockets.size }, "shutting down: no new connections, finishing requests");
        await acceptBacklog();
        // net.Server's close stops listening without http.Server's immediate closeIdleConnections(),
        // which would reset connections whose request bytes arrived but are not parsed yet.
        logger.info({ open: sockets.size }, "closing listener");
        const closed = new Promise<void>((resolve) =>
          net.Server.prototype.close.call(server, () => resolve()),
        );
        // After a grace for bytes in transit, idle keep-alive sockets are closed (repeatedly, as
        // busy ones finish); responses in flight carry Connection: close and end their socket.
        const idle = setInterval(() => server.closeIdleConnections(), 500);
        const force = setTimeout(() => {
          logger.warn({ open: sockets.size }, "requests still open after 10 s, closing them");
          for (const socket of sockets) socket.destroy();
        }, 10_000);
        idle.unref();
        force.unref();
        await closed;
        clearInterval(idle);
        clearTimeout(force);
        // Jobs in hand finish; the rest stay pending in the database for the next start.
        await worker.stop();
        await remote?.close();
        await database.close();
        logger.info("stopped");
      })();
      return stopping;
    };
    return { server, services, shutdown };
  } catch (error) {
    await remote?.close();
    await database.close().catch(() => {});
    throw error;
  }
}

async function devOptions(): Promise<AppOptions> {
  const vite = await import("vite");
  const viteServer = await vite.createServer({
    root: projectRoot,
    server: { middlewareMode: true },
    appType: "custom",
  });
  return {
    build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    devMiddleware: viteServer.middlewares,
  };
}
