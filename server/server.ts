import { createServer, type Server } from "node:http";
import net, { type Socket } from "node:net";
import type { ServerBuild } from "react-router";
import { type AppOptions, createApp } from "./app.ts";
import { type OperatorEndpoint, startOperatorEndpoint } from "./backup/endpoint.ts";
import type { Config } from "./config.ts";
import type { AppServices } from "./context.ts";
import { watchIslands } from "./dev-islands.ts";
import { ANSWERED_BY } from "./http/answering-layer.ts";
import { pageWarmer } from "./http/page-warmer.ts";
import type { Logger } from "./logger.ts";
import { createMetrics } from "./metrics/metrics.ts";
import { startMetricsServer } from "./metrics/server.ts";
import { projectRoot, serverBuildFile } from "./paths.ts";
import {
  type BuiltServices,
  buildServices,
  openConfiguredDatabase,
  startServices,
  stopServices,
} from "./services.ts";

export interface RunningServer {
  server: Server;
  services: AppServices;
  /** Stops accepting, lets in-flight requests finish, then closes the database and Redis. */
  shutdown(reason: string): Promise<void>;
}

/**
 * The HTTP listener over the services of server/services.ts (the composition root): the page
 * cache answers first, then the Express app; shutdown drains connections before the services stop.
 */
export async function startServer(config: Config, logger: Logger, dev: boolean): Promise<RunningServer> {
  const database = await openConfiguredDatabase(config);
  let services: BuiltServices | null = null;
  try {
    // Prometheus' metrics on their own port, when METRICS_PORT is set (decision 119); the services
    // report Jira calls, e-mails and webhooks to them as they happen.
    const metrics = config.METRICS_PORT === undefined ? null : createMetrics({ db: database.db });
    const built = await buildServices(config, logger, database, { development: dev }, metrics?.telemetry);
    services = built;
    await startServices(built);
    const { pageCache } = built;
    metrics?.watch({
      renders: () => pageCache.renderCounts(),
      schedules: built.jobs.flatMap((job) => (job.schedule ? [job.schedule] : [])),
    });
    const devServer = dev ? await devOptions(logger) : null;
    const appOptions = devServer ?? { build: (await import(serverBuildFile)) as ServerBuild };
    const app = createApp(built, appOptions);
    let stopping: Promise<void> | null = null;
    const metricsServer = metrics
      ? await startMetricsServer(metrics, { port: config.METRICS_PORT!, host: config.HOST, logger })
      : null;
    const server = createServer((req, res) => {
      metrics?.observe(req, res);
      if (stopping && req.url === "/readyz") {
        // Tell the load balancer to stop sending traffic here while requests drain (decision 118);
        // /healthz still answers: the process is alive until it exits.
        res.writeHead(503, { "Content-Type": "application/json", Connection: "close" });
        res.end(JSON.stringify({ status: "stopping", checks: {} }));
        return;
      }
      // Once stopping, every response asks its client to close the connection after it.
      if (stopping) res.setHeader("Connection", "close");
      // Express names itself when the page cache passes a request on (docs/request-path.md).
      if (config.ANSWER_LAYER_HEADER) res.setHeader(ANSWERED_BY, "page-cache");
      // Anonymous visits of cached public pages are answered here, without Express's cost.
      if (dev) app(req, res);
      else if (!metrics) pageCache.serve(req, res, () => app(req, res));
      else {
        // What the cache answered without Express is a hit; a page rendered to be stored, a miss.
        let passed = false;
        let counted = false;
        const count = () => {
          if (counted) return;
          counted = true;
          if (!passed) metrics.pageCacheAnswer(pageCache.answeredStale(res) ? "stale" : "hit");
          else if (res.getHeader("x-page-cache") === "miss") metrics.pageCacheAnswer("miss");
        };
        res.once("finish", count);
        res.once("close", count);
        pageCache.serve(req, res, () => {
          passed = true;
          app(req, res);
        });
      }
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
    // After a publication the cached pages render again through this listener (decision 100).
    const listening = server.address();
    if (listening && typeof listening === "object" && !dev) {
      const host =
        listening.address === "::" || listening.address === "0.0.0.0" ? "127.0.0.1" : listening.address;
      pageCache.setWarmer(pageWarmer({ host, port: listening.port }));
    }
    // `npm run db:backup` asks this process for the embedded database it holds (decision 110).
    let operator: OperatorEndpoint | null = null;
    if (database.kind === "pglite") {
      operator = await startOperatorEndpoint({
        dataDir: config.DATA_DIR,
        database,
        files: built.files,
        logger,
      }).catch((error) => {
        logger.warn({ err: error }, "operator socket not opened: npm run db:backup needs the server stopped");
        return null;
      });
    }
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
        await operator?.close();
        await metricsServer?.close();
        await devServer?.close();
        await stopServices(built);
        logger.info("stopped");
      })();
      return stopping;
    };
    return { server, services: built, shutdown };
  } catch (error) {
    if (services) await stopServices(services).catch(() => {});
    else await database.close().catch(() => {});
    throw error;
  }
}

/**
 * `npm run dev`: Vite's middleware serves the app's modules (the admin, the portal, sign-in) with
 * hot reload, and the public pages are island pages over the islands' watch build, as in production
 * (decision 114).
 */
async function devOptions(logger: Logger): Promise<AppOptions & { close(): Promise<void> }> {
  const vite = await import("vite");
  const islands = await watchIslands(logger);
  const viteServer = await vite.createServer({
    root: projectRoot,
    server: { middlewareMode: true },
    appType: "custom",
  });
  return {
    build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    devMiddleware: viteServer.middlewares,
    close: async () => {
      await islands.close();
      await viteServer.close();
    },
  };
}
