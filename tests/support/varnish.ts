/**
 * Debian's Varnish 7.1 running deploy/varnish/default.vcl itself, in front of the backends a test
 * names: varnishd (package varnish) and the xkey vmod (package varnish-modules) are installed on
 * demand like the other outside programs (scripts/outside-tools.mjs). The VCL is copied beside a
 * backends.vcl written for the test (the shipped probe, faster: 200 ms), as a deployment replaces
 * that file only.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import {
  DEBIAN_TOOLS,
  ensureDebianProgram,
  mayInstallDebianPackages,
  ToolMissing,
} from "../../scripts/outside-tools.mjs";
import { freePort } from "./ports.ts";

/** Debian's multiarch directory of Varnish's vmods (varnish-modules installs libvmod_xkey.so there). */
const VMOD_DIR = `/usr/lib/${process.arch === "arm64" ? "aarch64" : "x86_64"}-linux-gnu/varnish/vmods`;
export const XKEY_VMOD = path.join(VMOD_DIR, "libvmod_xkey.so");
const XKEY_PACKAGE = "varnish-modules";

export type Varnish = {
  port: number;
  url: string;
  /** varnishd's own output (the manager's and the child's lines, VCL compile errors). */
  output(): string;
  /** `PURGE /` with `xkey: <keys>` from 127.0.0.1 (an address of the VCL's `purgers`). */
  purge(keys: string[]): Promise<Response>;
  /** A varnishadm command (`backend.list`, `ban.list`…), its output. */
  admin(...args: string[]): Promise<string>;
  stop(): Promise<void>;
};

export type VarnishOptions = {
  backends: Array<{ host: string; port: number }>;
  listenPort?: number;
  /** The readiness probe's period and time-out (default 200 ms each: fast, for a quiet origin). */
  probe?: { intervalMs: number; timeoutMs: number };
  /** Run on these cores only (taskset), as the benchmarks pin what they compare (bench/load.ts). */
  cpu?: string;
  /** Cache storage (default 64 MB). */
  storageMb?: number;
  /** More `-p name=value` run-time parameters (thread pools, for a benchmark on one core). */
  params?: string[];
};

/** varnishd, from VARNISHD_PATH or Debian's package (installed when missing and this run may). */
export function ensureVarnishd(log: (line: string) => void = console.log): string {
  const varnishd = ensureDebianProgram({ name: "varnishd", ...DEBIAN_TOOLS.varnishd }, { log });
  // A varnishd of one's own (VARNISHD_PATH) brings its own vmods; Debian's needs varnish-modules.
  if (varnishd === "/usr/sbin/varnishd") ensureXkeyVmod(log);
  return varnishd;
}

/**
 * varnish-modules, the same way as ensureDebianProgram (which checks for an executable, and a vmod
 * is a plain shared object): installed with apt-get when missing and this run may, otherwise one
 * line naming the command to run.
 */
function ensureXkeyVmod(log: (line: string) => void): void {
  if (existsSync(XKEY_VMOD)) return;
  if (!mayInstallDebianPackages()) {
    throw new ToolMissing(
      `The xkey vmod is missing (${XKEY_VMOD}): run \`sudo apt-get install -y ${XKEY_PACKAGE}\`.`,
    );
  }
  const started = Date.now();
  log(
    `The xkey vmod is missing: installing Debian's ${XKEY_PACKAGE} (apt-get install -y ${XKEY_PACKAGE})...`,
  );
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "-qq", XKEY_PACKAGE], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
  let result = install();
  if (result.status !== 0) {
    spawnSync("apt-get", ["update", "-qq"], { env, stdio: "ignore" });
    result = install();
  }
  if (result.status !== 0 || !existsSync(XKEY_VMOD)) {
    const why = result.stderr?.toString().trim().split("\n").pop() ?? "";
    throw new ToolMissing(`Could not install ${XKEY_PACKAGE} with apt-get${why ? ` (${why})` : ""}.`);
  }
  log(`${XKEY_PACKAGE} installed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

/** varnishadm beside varnishd (Debian: /usr/bin/varnishadm with /usr/sbin/varnishd). */
function varnishadmBeside(varnishd: string): string {
  const dir = path.dirname(varnishd);
  for (const candidate of [path.join(dir, "varnishadm"), path.join(dir, "..", "bin", "varnishadm")]) {
    if (existsSync(candidate)) return candidate;
  }
  return "varnishadm";
}

/** deploy/varnish/backends.vcl for these backends: the same probe and director `origin`, faster. */
export function backendsVcl(
  backends: VarnishOptions["backends"],
  probe: NonNullable<VarnishOptions["probe"]> = { intervalMs: 200, timeoutMs: 200 },
): string {
  const names = backends.map((_, index) => `app${index + 1}`);
  return [
    "vcl 4.1;",
    "",
    "import directors;",
    "",
    "probe readyz {",
    '  .request = "GET /readyz HTTP/1.1" "Host: localhost" "User-Agent: varnish-probe" "Connection: close";',
    `  .interval = ${probe.intervalMs}ms;`,
    `  .timeout = ${probe.timeoutMs}ms;`,
    "  .window = 3;",
    "  .threshold = 2;",
    "  .initial = 2;",
    "}",
    "",
    ...backends.flatMap(({ host, port }, index) => [
      `backend ${names[index]} {`,
      `  .host = "${host}";`,
      `  .port = "${port}";`,
      "  .probe = readyz;",
      "  .connect_timeout = 500ms;",
      "  .first_byte_timeout = 5s;",
      "}",
      "",
    ]),
    "sub vcl_init {",
    "  new origin = directors.round_robin();",
    ...names.map((name) => `  origin.add_backend(${name});`),
    "}",
    "",
  ].join("\n");
}

function run(file: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 5_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/** Starts varnishd in the foreground on deploy/varnish/default.vcl; resolves once it answers. */
export async function startVarnish(options: VarnishOptions): Promise<Varnish> {
  const varnishd = ensureVarnishd();
  const varnishadm = varnishadmBeside(varnishd);
  const dir = mkdtempSync(path.join(tmpdir(), "vertice-varnish-"));
  const vclDir = path.join(dir, "vcl");
  const workDir = path.join(dir, "work");
  // Varnish's unix jail compiles the VCL and runs the child as its own users (varnish, vcache): the
  // folders must be theirs to read (mkdtemp makes them 0700).
  chmodSync(dir, 0o755);
  mkdirSync(vclDir, { mode: 0o755 });
  copyFileSync(path.join(projectRoot, "deploy/varnish/default.vcl"), path.join(vclDir, "default.vcl"));
  writeFileSync(path.join(vclDir, "backends.vcl"), backendsVcl(options.backends, options.probe));

  const port = options.listenPort ?? (await freePort());
  const args = [
    "-F",
    "-f",
    path.join(vclDir, "default.vcl"),
    "-a",
    `127.0.0.1:${port}`,
    "-T",
    "127.0.0.1:0",
    "-n",
    workDir,
    "-s",
    `malloc,${options.storageMb ?? 64}m`,
    ...(options.params ?? []).flatMap((param) => ["-p", param]),
    "-p",
    `vcl_path=${vclDir}`,
    "-p",
    "vcc_allow_inline_c=off",
    // Few threads: a test sends a handful of requests (the default starts 200).
    "-p",
    "thread_pools=1",
    "-p",
    "thread_pool_min=10",
  ];
  let output = "";
  const child: ChildProcess = options.cpu
    ? spawn("taskset", ["-c", options.cpu, varnishd, ...args], { stdio: ["ignore", "pipe", "pipe"] })
    : spawn(varnishd, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  // A test process that ends without stop() leaves no varnishd behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  void exited.then(() => {
    running = false;
    process.off("exit", killOnExit);
  });

  const url = `http://127.0.0.1:${port}`;
  const admin = async (...command: string[]) => {
    const { code, output: answer } = await run(varnishadm, ["-n", workDir, "-t", "2", ...command]);
    if (code !== 0) throw new Error(`varnishadm ${command.join(" ")}: ${answer.trim()}`);
    return answer;
  };
  const stop = async () => {
    if (running) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  // Ready once the child runs the VCL: the manager says so, and a PURGE without keys gets the VCL's 400.
  const started = Date.now();
  for (;;) {
    if (!running) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`varnishd exited before answering:\n${output}`);
    }
    const answered = await fetch(url, { method: "PURGE", signal: AbortSignal.timeout(1_000) })
      .then((response) => response.status === 400)
      .catch(() => false);
    if (answered) break;
    if (Date.now() - started > 20_000) {
      await stop();
      throw new Error(`varnishd did not answer within 20 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    port,
    url,
    output: () => output,
    purge: (keys) => fetch(url, { method: "PURGE", headers: { xkey: keys.join(" ") } }),
    admin,
    stop,
  };
}
