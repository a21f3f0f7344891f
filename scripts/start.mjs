// `npm start`: build when the build is missing or older than the sources, then serve in production mode.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const outputs = ["build/server/index.js", "build/server-main/main.js"].map((f) => path.join(root, f));
const sources = ["app", "server", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

function newest(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

const built = outputs.every((f) => existsSync(f)) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (process.env.SKIP_BUILD !== "1" && changed > built) {
  console.log("Building the site (first start or changed sources)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
await import(path.join(root, "build/server-main/main.js"));
