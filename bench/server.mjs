// The production build served by a fresh server process on a free port, with an empty embedded
// database unless `env` names another: what the benchmarks measure. `stop()` sends SIGTERM and waits for the exit.
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfStale, root } from "../scripts/build-if-stale.mjs";

export async function startBuiltServer(env = {}, { cpu } = {}) {
  buildIfStale({ quiet: true });
  const main = [process.execPath, ...startFlags(), path.join(root, "build/server-main/main.js")];
  // Pinned to one core (taskset execs node: the pid stays the server's), or free.
  const [command, ...args] = cpu === undefined ? main : ["taskset", "-c", String(cpu), ...main];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // BENCH_SERVER_LOG=file keeps the server's own log there, to find what a failed request was.
  if (process.env.BENCH_SERVER_LOG) {
    const log = createWriteStream(process.env.BENCH_SERVER_LOG, { flags: "a" });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once("close", () => log.end());
  }
  let output = "";
  const port = await new Promise((resolve, reject) => {
    // Request logs keep coming during a run: read them (a full pipe would stall the server), keep none.
    const onData = (chunk) => {
      if (output === null) return;
      output += chunk;
      const match = /"port":(\d+).*"msg":"listening"/.exec(output);
      if (match) {
        output = null;
        resolve(Number(match[1]));
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", () => reject(new Error(output)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * Node's flags in `npm start` (package.json), so the benchmarks run the server as it is deployed:
 * the heap limit, without which V8 grows the heap toward a quarter of the machine's memory before it
 * collects old garbage, and RSS with it (decision 081).
 */
function startFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const flags = scripts.start.split(/\s+/).filter((word) => word.startsWith("--"));
  // BENCH_CPU_PROF=dir: the server writes a V8 CPU profile there when it stops, to find where a
  // scenario's time goes (Node refuses --cpu-prof in NODE_OPTIONS).
  const profileDir = process.env.BENCH_CPU_PROF;
  return profileDir ? [...flags, "--cpu-prof", `--cpu-prof-dir=${profileDir}`] : flags;
}
