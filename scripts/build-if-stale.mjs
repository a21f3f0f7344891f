// Builds the site when the build is missing or older than its sources. Used by `npm start` and
// by the test setup, so a bare clone needs nothing but `npm ci` before either.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const outputs = [
  "build/server/index.js",
  "build/islands.json",
  "build/server-main/main.js",
  "build/server-main/cli.js",
].map((f) => path.join(root, f));
/** What the build is made of: a change to any of them makes the build stale. */
export const BUILD_SOURCES = [
  "app",
  "domain",
  "server",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "vite.islands.config.ts",
  "react-router.config.ts",
];

function newest(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

export function buildIfStale({ quiet = false } = {}) {
  const built = outputs.every((f) => existsSync(f))
    ? Math.min(...outputs.map((f) => statSync(f).mtimeMs))
    : 0;
  const changed = Math.max(...BUILD_SOURCES.map((s) => newest(path.join(root, s))));
  if (changed <= built) return;
  console.log("Building the site (first run or changed sources)...");
  // Always a production build: test runners set NODE_ENV=test, which would ship React's development build.
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`npm run build failed with exit code ${result.status}`);
}
