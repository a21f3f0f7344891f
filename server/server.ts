import { createServer, type Server } from "node:http";
import net, { type Socket } from "node:net";
import type { ServerBuild } from "react-router";
import { type AppOptions, createApp } from "./app.ts";
import { Cache } from "./cache/cache.ts";
import { RedisStore } from "./cache/remote-store.ts";
import type { Config } from "./config.ts";
import { readContentFiles, readDomainConfig } from "./content/files.ts";
import { seedDocuments } from "./content/repository.ts";
import { ContentService } from "./content/service.ts";
import type { AppServices } from "./context.ts";
import { openDatabase } from "./db/client.ts";
import type { Logger } from "./logger.ts";
import { contentDir, projectRoot, serverBuildFile } from "./paths.ts";

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
    const services: AppServices = {
      config,
      logger,
      database,
      cache,
      content: new ContentService(database.db, cache),
      domains,
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
