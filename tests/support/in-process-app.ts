import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createApp } from "@server/app.ts";
import { loadConfig } from "@server/config.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { projectRoot } from "@server/paths.ts";
import { type BuiltServices, buildServices, type ServiceSeams } from "@server/services.ts";
import type { ServerBuild } from "react-router";
import { silentLogger } from "./lead-stack.ts";
import { TEST_HASH_ENV } from "./passwords.ts";

/**
 * The app in this test process, as production runs it (npm run build first), without the page cache
 * in front: for tests that need to reach into the services while pages render.
 */

/**
 * The services of a production configuration over a database (more settings in `env`; a clock the
 * test moves in `seams`).
 */
export function productionServices(
  handle: DatabaseHandle,
  env: Record<string, string> = {},
  seams: ServiceSeams = {},
): Promise<BuiltServices> {
  const config = loadConfig({
    NODE_ENV: "production",
    SESSION_SECRET: "test-secret-test-secret-test-secret!",
    PUBLIC_BASE_URL: "http://localhost",
    ...TEST_HASH_ENV,
    ...env,
  });
  return buildServices(config, silentLogger, handle, seams);
}

/** The React Router build of `npm run build`. */
export async function productionBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
}

/** The Express app over the services, listening on a free local port. */
export async function listenInProcess(
  services: BuiltServices,
): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createApp(services, { build: await productionBuild() }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
