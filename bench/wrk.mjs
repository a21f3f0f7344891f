// wrk and nginx for bench/load.ts: wrk pinned to its own core, nginx serving fixed bytes as the
// ceiling. Both are Debian programs installed on demand (scripts/outside-tools.mjs).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDebianTool } from "../scripts/outside-tools.mjs";

/** Runs a program to its end; resolves with its standard output. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${err || out}`)),
    );
  });
}

/** wrk's latency with its unit, in milliseconds. */
function millis(text) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2]];
}

/** The figures of one wrk run, read from its --latency report. */
export function parseWrk(output) {
  const number = (re) => Number(re.exec(output)?.[1] ?? Number.NaN);
  const percentile = (p) => millis(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(output)?.[1] ?? "");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = ["connect", "read", "write", "timeout"].map((kind, i) => [
    kind,
    Number(socket?.[i + 1] ?? 0),
  ]);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    requests: number(/(\d+) requests in/),
    p50: percentile(50),
    p99: percentile(99),
    // What failed, by kind, to name in the table: "non-2xx", "connect", "read", "write", "timeout".
    failures: Object.fromEntries(
      [["non-2xx", number(/Non-2xx or 3xx responses: (\d+)/) || 0], ...socketErrors].filter(
        ([, count]) => count > 0,
      ),
    ),
  };
}

/**
 * One wrk run: one thread on `cpu`, `connections` connections for `seconds`. `script` is a Lua
 * file (requests with bodies); `env` reaches it through os.getenv.
 */
export async function wrk({
  url,
  seconds,
  connections = 50,
  headers = {},
  script,
  cpu = "1",
  env = {},
  timeoutSeconds = 10,
}) {
  const wrkPath = ensureDebianTool("wrk");
  const args = [
    "-c",
    cpu,
    wrkPath,
    "-t1",
    `-c${connections}`,
    `-d${seconds}s`,
    "--latency",
    "--timeout",
    `${timeoutSeconds}s`,
  ];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  if (script) args.push("-s", script);
  args.push(url);
  const output = await run("taskset", args, { env: { ...process.env, ...env } });
  return parseWrk(output);
}

/** A free TCP port on the loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * nginx with one worker on `cpu`, serving `files` ({ "name": Buffer }) from a fresh folder:
 * /name as is, /name with Accept-Encoding: gzip from name.gz (gzip_static), and /br/name with
 * Content-Encoding: br. What a static server does with the same bytes: the ceiling. Under /page/
 * (/page/name, /page/br/name) the same files come with `headers` ([name, value] pairs) too: the
 * same bytes as a cache that keeps a page's own headers sends.
 */
export async function startNginx(files, { cpu = "0", headers = [] } = {}) {
  const nginxPath = ensureDebianTool("nginx");
  const dir = mkdtempSync(path.join(tmpdir(), "bench-nginx-"));
  const www = path.join(dir, "www");
  mkdirSync(path.join(www, "br"), { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(www, name), bytes);
  const port = await freePort();
  // nginx names the type itself; a value with `$` would be read as a variable (none of the page's).
  const pageHeaders = headers
    .filter(([name, value]) => name.toLowerCase() !== "content-type" && !value.includes("$"))
    .map(
      ([name, value]) =>
        `add_header ${name} "${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}" always;`,
    )
    .join(" ");
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${dir}/${kind};`)
    .join(" ");
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off; master_process off; worker_processes 1; pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off; ${temp}
  types { text/html html; } default_type text/html;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_requests 10000000; keepalive_timeout 65s;
  server {
    listen 127.0.0.1:${port};
    root ${www};
    gzip_static on;
    location /br/ { add_header Content-Encoding br; }
    location /page/ { alias ${www}/; ${pageHeaders} }
    location /page/br/ { alias ${www}/br/; add_header Content-Encoding br; ${pageHeaders} }
  }
}
`,
  );
  const child = spawn("taskset", ["-c", cpu, nginxPath, "-p", dir, "-c", path.join(dir, "nginx.conf")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${url}/`, { method: "HEAD" });
      break;
    } catch {
      if (tries > 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
