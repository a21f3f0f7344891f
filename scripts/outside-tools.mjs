// The programs from outside npm that the project's own commands use, installed on demand from
// Debian's packages (end-to-end tests: chromium-headless-shell; benchmarks: wrk, nginx, chromium;
// alert rules: promtool; the three-instance proof: haproxy) or from the npm registry (benchmarks:
// lighthouse). Never a browser build downloaded from the web.
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Debian programs: where the project looks for each, and the package that provides it. */
export const DEBIAN_TOOLS = {
  chromium: { binary: "/usr/bin/chromium", envVar: "CHROMIUM_PATH", pkg: "chromium" },
  // The end-to-end tests' browser: the same Chromium (same release, same Blink) built as the old
  // headless shell, without the full browser's user interface, about a third of its CPU a page
  // (decision 141).
  "chromium-headless-shell": {
    binary: "/usr/bin/chromium-headless-shell",
    envVar: "CHROMIUM_HEADLESS_SHELL_PATH",
    pkg: "chromium-headless-shell",
  },
  wrk: { binary: "/usr/bin/wrk", envVar: "WRK_PATH", pkg: "wrk" },
  nginx: { binary: "/usr/sbin/nginx", envVar: "NGINX_PATH", pkg: "nginx-light" },
  "redis-server": { binary: "/usr/bin/redis-server", envVar: "REDIS_SERVER_PATH", pkg: "redis-server" },
  // The alert rules' test (deploy/prometheus) and the three-instance proof's load balancer.
  promtool: { binary: "/usr/bin/promtool", envVar: "PROMTOOL_PATH", pkg: "prometheus" },
  haproxy: { binary: "/usr/sbin/haproxy", envVar: "HAPROXY_PATH", pkg: "haproxy" },
  // The shared cache's test (deploy/varnish): Varnish itself. Its xkey vmod (varnish-modules) is a
  // plain shared object, not a program: tests/support/varnish.ts installs that package the same way.
  varnishd: { binary: "/usr/sbin/varnishd", envVar: "VARNISHD_PATH", pkg: "varnish" },
};

/**
 * Chromium's switches for a headless run on this machine (screenshots, Lighthouse): no sandbox
 * (root), no GPU, nothing fetched from outside on its own. The full browser's headless mode; the
 * headless shell (the end-to-end tests) is headless without it: CHROMIUM_SHELL_ARGS.
 */
export const CHROMIUM_HEADLESS_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The same switches for chromium-headless-shell, which is headless by itself. */
export const CHROMIUM_SHELL_ARGS = CHROMIUM_HEADLESS_ARGS.filter((arg) => arg !== "--headless=new");

export class ToolMissing extends Error {
  constructor(message) {
    super(message);
    this.name = "ToolMissing";
    // One clear line is what the person needs, not where in this file it was thrown.
    this.stack = message;
  }
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir && executable(path.join(dir, command)));
}

/** Whether this run may install Debian packages itself: root, with apt-get at hand. */
export function mayInstallDebianPackages() {
  return process.getuid?.() === 0 && onPath("apt-get");
}

/**
 * The path of a Debian program (its variable first: CHROMIUM_PATH, WRK_PATH…), installing its
 * package when it is missing and this run may; otherwise a ToolMissing naming the command to run.
 */
export function ensureDebianTool(name, options = {}) {
  const tool = DEBIAN_TOOLS[name];
  if (!tool) throw new Error(`unknown tool ${name}`);
  return ensureDebianProgram({ name, ...tool }, options);
}

/** ensureDebianTool for any program: { name, binary, envVar, pkg }. */
export function ensureDebianProgram(tool, { log = console.log } = {}) {
  const { name } = tool;
  const configured = process.env[tool.envVar];
  if (configured) {
    if (executable(configured)) return configured;
    throw new ToolMissing(`${tool.envVar}=${configured} is not an executable file.`);
  }
  if (executable(tool.binary)) return tool.binary;
  if (!mayInstallDebianPackages()) {
    throw new ToolMissing(
      `${name} is missing (${tool.binary}): run \`sudo apt-get install -y ${tool.pkg}\`, or set ${tool.envVar}.`,
    );
  }
  const started = Date.now();
  log(`${name} is missing: installing Debian's ${tool.pkg} (apt-get install -y ${tool.pkg})...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "-qq", tool.pkg], { env, stdio: ["ignore", "ignore", "pipe"] });
  let result = install();
  if (result.status !== 0) {
    // A fresh machine has no package lists yet: fetch them, then try again.
    spawnSync("apt-get", ["update", "-qq"], { env, stdio: "ignore" });
    result = install();
  }
  if (result.status !== 0 || !executable(tool.binary)) {
    const why = result.stderr?.toString().trim().split("\n").pop() ?? "";
    throw new ToolMissing(`Could not install ${tool.pkg} with apt-get${why ? ` (${why})` : ""}.`);
  }
  log(`${tool.pkg} installed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  return tool.binary;
}

/**
 * npm packages the project does not depend on (Lighthouse pins a tree that npm ci cannot keep in
 * sync with ours): the missing ones are installed together with `npm install --no-save` (one call,
 * so a later install cannot prune an earlier one), then imported. Presence is checked on disk: a
 * failed import would stay cached by Node's resolver for the rest of the process.
 */
export async function importOnDemand(packages, { log = console.log } = {}) {
  const missing = packages.filter(
    ({ name }) => !existsSync(path.join(root, "node_modules", name, "package.json")),
  );
  if (missing.length) {
    const specs = missing.map(({ spec }) => spec);
    const started = Date.now();
    log(`${specs.join(", ")} missing: installing (npm install --no-save)...`);
    // --include=dev: a caller running with NODE_ENV=production (bench/lighthouse.mjs) would otherwise
    // make npm drop every devDependency (the build tools) while it installs these.
    execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--include=dev", ...specs], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    log(`installed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  return Promise.all(packages.map(({ name }) => import(name)));
}
