import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
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
      remote = new RedisStore(config.REDIS_URL, logger);
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
    const server = createServer(app);
    server.keepAliveTimeout = 65_000;

    const sockets = new Set<Socket>();
    server.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });

    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });

    let stopping: Promise<void> | null = null;
    const shutdown = (reason: string) => {
      stopping ??= (async () => {
        logger.info({ reason }, "shutting down: no new connections, finishing requests");
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Idle keep-alive sockets would hold close() open; busy ones close after their response.
        server.closeIdleConnections();
        const force = setTimeout(() => {
          logger.warn({ open: sockets.size }, "requests still open after 10 s, closing them");
          for (const socket of sockets) socket.destroy();
        }, 10_000);
        force.unref();
        await closed;
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
