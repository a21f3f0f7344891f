// The reference page served as a small production site would serve it: Express, gzip, immutable
// assets. `startBaseline()` builds it when needed and answers { url, stop }.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export async function startBaseline() {
  if (!existsSync(path.join(here, "build/server/index.js"))) {
    const built = spawnSync(
      process.execPath,
      [path.join(here, "../../node_modules/@react-router/dev/bin.js"), "build"],
      {
        cwd: here,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    if (built.status !== 0) throw new Error("the baseline page did not build");
  }
  const { default: express } = await import("express");
  const { default: compression } = await import("compression");
  const { createRequestHandler } = await import("@react-router/express");
  const build = await import(path.join(here, "build/server/index.js"));
  const app = express();
  app.use(compression());
  app.use(
    "/assets",
    express.static(path.join(here, "build/client/assets"), { immutable: true, maxAge: "1y" }),
  );
  app.use(express.static(path.join(here, "build/client"), { index: false }));
  app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
  const server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
