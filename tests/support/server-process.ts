import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isLocalAddress } from "@server/config.ts";
import { openDatabase } from "@server/db/client.ts";
import { projectRoot } from "@server/paths.ts";
import { dataTemplate, rememberRunServer } from "./data-templates.ts";
import { TEST_HASH_ENV } from "./passwords.ts";
import { nextSignInCode, rememberRecoveryCodes, setupCode } from "./two-factor.ts";

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  /**
   * Everything the process printed so far. A server started on the started template (see
   * startServerProcess) begins with the demo accounts that template's first start printed.
   */
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const serverEntry = path.join(projectRoot, "build/server-main/main.js");

/** Servers this test process started and that still run: ended with it, whatever way it ends. */
const running = new Set<ChildProcess>();
/** Data folders this test process made: removed when it ends (each is ~40 MB of database). */
const dataDirs = new Set<string>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder for a server's embedded database, removed when the test process ends. */
export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-data-"));
  dataDirs.add(dir);
  return dir;
}

/**
 * A template (data-templates.ts) holds its DATA_DIR in data/. This one: a migrated, empty embedded
 * database.
 */
const migratedTemplate = () =>
  dataTemplate("migrated", async (dir) => {
    const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "data") });
    await handle.close();
  });

/** What a first start prints about the demo accounts it created (server/services.ts). */
const DEMO_ACCOUNTS = /^Contas de demonstração criadas.*\n {2}admin: .*\n {2}cliente: .*\n/m;

/**
 * A DATA_DIR the built server has started on once and stopped (SIGTERM) cleanly, with the tests'
 * default settings: the content imported, the signing secret generated, the demo accounts and
 * their company created. A later start on a copy does none of that (about 2.5 s less). Beside
 * data/, first-start.txt holds the demo accounts that start printed.
 */
const startedTemplate = () =>
  dataTemplate("started", async (dir) => {
    const data = path.join(dir, "data");
    cpSync(path.join(await migratedTemplate(), "data"), data, { recursive: true });
    const server = await startServerProcess({ DATA_DIR: data });
    // The process sets its SIGTERM handler just after it logs "listening": a signal sent at once
    // can come first and end it without its shutdown. Once it has answered a request, it is set.
    await fetch(`${server.url}/healthz`).then((response) => response.arrayBuffer());
    const code = await server.stop("SIGTERM");
    const demo = DEMO_ACCOUNTS.exec(server.output())?.[0];
    if (code !== 0 || !demo)
      throw new Error(
        `the template's start exited with ${code ?? server.child.signalCode}, demo accounts printed: ${Boolean(demo)}\n${server.output()}`,
      );
    writeFileSync(path.join(dir, "first-start.txt"), demo);
  });

function copyOf(template: string): string {
  const dir = tempDataDir();
  cpSync(path.join(template, "data"), dir, { recursive: true });
  return dir;
}

/**
 * A fresh folder holding a migrated, empty embedded database, copied from one template per test
 * run: the server then opens it instead of creating and migrating one (about 1.5 s a start).
 */
export async function freshDataDir(): Promise<string> {
  return copyOf(await migratedTemplate());
}

/**
 * Whether a start with these settings may begin on the started template: what a first start
 * stores depends only on the kind of database (the template is the embedded one) and on whether
 * the public address is local (demo accounts or none). The other settings (Jira, SMTP, limits,
 * LEAD_WEBHOOK_URL, which every start writes again) act at each start alike, and a SESSION_SECRET
 * is used instead of the secret the template stored.
 */
function startsLikeTheTemplate(env: Record<string, string>): boolean {
  if (env.DATA_DIR !== undefined || env.DATABASE_URL !== undefined) return false;
  return hasLocalAddress(env);
}

/** Whether the server's public address (PUBLIC_BASE_URL, localhost when unset) is a local one. */
function hasLocalAddress(env: Record<string, string>): boolean {
  if (env.PUBLIC_BASE_URL === undefined) return true;
  try {
    return isLocalAddress(env.PUBLIC_BASE_URL);
  } catch {
    return false;
  }
}

export interface StartOptions {
  /**
   * Start on a database no server has opened (a migrated, empty one), so that this start is a real
   * first start: its own content import, log lines and demo accounts. Without it, a start that
   * names no DATA_DIR (nor DATABASE_URL, nor a public PUBLIC_BASE_URL) begins on a copy of the
   * started template, and its output() begins with the demo accounts that template printed.
   */
  firstStart?: boolean;
  /**
   * Run `npm run dev`'s server (server/main.ts --dev from the sources, Vite's middleware, the
   * islands' watch build) instead of the built one.
   */
  development?: boolean;
}

/**
 * Starts the built server (npm run build first) as its own process on a free port, as
 * `npm start` would, and resolves once it logs that it listens.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  let dataDir = env.DATA_DIR;
  let output = "";
  if (dataDir === undefined && !options.firstStart && startsLikeTheTemplate(env)) {
    const template = await startedTemplate();
    dataDir = copyOf(template);
    output = readFileSync(path.join(template, "first-start.txt"), "utf8");
  }
  dataDir ??= await freshDataDir();
  const entry = options.development ? ["--import", "tsx", "server/main.ts", "--dev"] : [serverEntry];
  const child = spawn(process.execPath, [...cpuProfileFlags(), ...entry], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: options.development ? "development" : "production",
      PORT: "0",
      HOST: "127.0.0.1",
      // A developer's .env must not reach the suite's servers.
      VERTICE_NO_DOTENV: "1",
      // Each answer names the layer that gave it (docs/request-path.md).
      ANSWER_LAYER_HEADER: "1",
      LOG_LEVEL: "info",
      // A staff sign-in is two requests (the password, then the code: decision 112) and a test file
      // signs people in many times a minute; the limit itself is tested with values of its own
      // (auth-api, live-holes, auth).
      LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
      // Cheap password hashes (decision 113), which only a local address may have: a server with a
      // public one hashes at production's cost, as production-defaults.test.ts checks.
      ...(hasLocalAddress(env) ? TEST_HASH_ENV : {}),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let exitSignal: NodeJS.Signals | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code, signal) => {
      exitSignal = signal;
      resolve(code);
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+).*"msg":"listening"/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    exited.then((code) =>
      reject(new Error(`server exited with ${code} (signal ${exitSignal}) before listening:\n${output}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    dataDir,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The worker's shared server (sharedServer), started by the first file that asks for it. */
let shared: Promise<SharedServer> | undefined;

/** A server a file borrows: it has no stop(), as later files of the worker use it too. */
export type SharedServer = Omit<ServerProcess, "stop">;

/**
 * The worker's one server with the tests' default settings, for files that only read what every
 * start has (the public pages, the content as imported, the demo accounts) and write nothing
 * another file reads: started by the first such file and kept for the worker's later ones (the
 * integration and end-to-end projects run a worker's files in one module graph: vitest.config.ts),
 * ended by the run's global teardown. A file that edits content, changes a company, sends forms against
 * the rate limit, restarts the server or needs settings of its own starts its own
 * (startServerProcess). Decision 113.
 */
export function sharedServer(): Promise<SharedServer> {
  shared ??= startServerProcess().then(({ stop: _stop, ...server }) => {
    if (server.child.pid) rememberRunServer(server.child.pid);
    return server;
  });
  return shared;
}

/**
 * With TEST_SERVER_CPU_PROFILE_DIR set, every server a test starts writes its V8 CPU profile there
 * when it exits (open it in Chrome's DevTools): where a slow test's server spends its time.
 */
function cpuProfileFlags(): string[] {
  const dir = process.env.TEST_SERVER_CPU_PROFILE_DIR;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];
}

/** Runs the server entry expecting it to fail at start; resolves with its exit code and output. */
export function runServerExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: "0",
        HOST: "127.0.0.1",
        // A developer's .env must not reach the suite's servers.
        VERTICE_NO_DOTENV: "1",
        ANSWER_LAYER_HEADER: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** Runs a command of the server's CLI (build/server-main/cli.js) with the given environment. */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(projectRoot, "build/server-main/cli.js"), ...args], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", ...(hasLocalAddress(env) ? TEST_HASH_ENV : {}), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/**
 * Signs in through the API and answers the session token. A staff account goes through its
 * second factor (decision 112) as its person would: the first time, the set-up page (the secret read
 * from it, a code confirmed); afterwards, a code with the password (tests/support/two-factor.ts).
 */
export async function loginToken(url: string, email: string, password: string): Promise<string> {
  const login = (code?: string) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password, ...(code ? { code } : {}) }),
    });
  let response = await login();
  if (response.status === 403) {
    const body = (await response.clone().json()) as { setupRequired?: boolean };
    if (body.setupRequired) {
      await setUpTwoFactor(url, email, sessionCookieToken(response));
      response = await login(await nextSignInCode(url, email));
    }
  } else if (response.status === 401) {
    const body = (await response.clone().json()) as { twoFactorRequired?: boolean };
    if (body.twoFactorRequired) response = await login(await nextSignInCode(url, email));
  }
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The session token a sign-in's answer set as its cookie. */
export function sessionCookieToken(response: Response): string {
  const token = /(?:^|,\s*)session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error("the sign-in answer set no session cookie");
  return token;
}

/**
 * Two-factor set-up through its page with the session a password sign-in gave (a staff member's
 * first sign-in): the secret is read where the page shows it, a code confirms it, and the recovery
 * codes shown are kept for later sign-ins.
 */
export async function setUpTwoFactor(url: string, email: string, sessionToken: string): Promise<string[]> {
  const page = await callApi(url, "/conta/dois-fatores", { token: sessionToken });
  // The key is shown in groups of four, each in its own element: its letters, without tags or spaces.
  const shown = /data-testid="totp-secret">(.*?)<\/code>/s.exec(await page.text())?.[1];
  const secret = shown?.replace(/<[^>]*>|\s/g, "");
  if (!secret) throw new Error(`the two-factor set-up page showed no secret (${page.status})`);
  const confirmed = await postForm(
    url,
    "/conta/dois-fatores",
    { code: await setupCode(url, email, secret) },
    sessionToken,
  );
  const codes = [...(await confirmed.text()).matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map(
    (m) => m[1]!,
  );
  if (codes.length !== 10) throw new Error(`the two-factor set-up was not confirmed (${confirmed.status})`);
  rememberRecoveryCodes(url, email, codes);
  return codes;
}

/** The demo accounts a local trial prints at its first start (decision 076). */
export function demoAccounts(
  server: ServerProcess,
): Record<"admin" | "customer", { email: string; password: string }> {
  const admin = /admin: +(\S+) \/ (\S+)/.exec(server.output());
  const customer = /cliente: +(\S+) \/ (\S+)/.exec(server.output());
  if (!admin || !customer) throw new Error("the server printed no demo accounts");
  return {
    admin: { email: admin[1]!, password: admin[2]! },
    customer: { email: customer[1]!, password: customer[2]! },
  };
}

/** Session tokens of the demo admin and customer. */
export async function demoTokens(server: ServerProcess): Promise<{ admin: string; customer: string }> {
  const { admin, customer } = demoAccounts(server);
  const [adminToken, customerToken] = await Promise.all([
    loginToken(server.url, admin.email, admin.password),
    loginToken(server.url, customer.email, customer.password),
  ]);
  return { admin: adminToken, customer: customerToken };
}

/**
 * A call of a server's API as another system makes it: a bearer token when given (`token`), and
 * redirects answered, not followed.
 */
export function callApi(baseUrl: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  return fetch(baseUrl + path, { ...init, headers, redirect: "manual" });
}

/**
 * A content editor (decision 100) made by the admin in Settings, as staff do, signed in: its token.
 * The temporary password is read from the page's confirmation, where the admin sees it once.
 */
export async function editorToken(
  server: ServerProcess,
  adminToken: string,
  email = `editora-${Date.now()}@vertice.local`,
): Promise<string> {
  const password = await createStaffAccount(server, adminToken, { email, name: "Editora de Conteúdo" });
  return loginToken(server.url, email, password);
}

/**
 * A staff account made by the admin on the users screen with a temporary password, as staff do: answers
 * that password, read from the page's confirmation, where the admin sees it once.
 */
export async function createStaffAccount(
  server: ServerProcess,
  adminToken: string,
  account: { email: string; name: string; role?: "editor" | "admin" },
): Promise<string> {
  const made = await postForm(
    server.url,
    "/admin/usuarios",
    { intent: "create", role: "editor", ...account, access: "password" },
    adminToken,
  );
  const password = /Senha provisória \(mostrada só agora\): ([^\s<]+)/.exec(await made.text())?.[1];
  if (!password) throw new Error(`the staff account was not created (${made.status})`);
  return password;
}

/**
 * A page form posted as a browser without JavaScript posts it (URL-encoded, from the site's own
 * origin), with a bearer token when given; redirects are not followed.
 */
export function postForm(url: string, path: string, body: Record<string, string>, token?: string) {
  return fetch(url + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: url,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
}

/**
 * A form sent as a visitor without JavaScript sends it (decision 122): the first post carries no
 * challenge, so the server draws the form again to confirm; this posts it once more with the
 * challenge and request key of that step, as pressing the button again does. Answers the last post,
 * and the confirmation step's HTML.
 */
export async function sendWithoutScript(
  url: string,
  path: string,
  body: Record<string, string>,
): Promise<{ response: Response; confirmation: string }> {
  const first = await postForm(url, path, body);
  const confirmation = await first.text();
  const formToken = /name="formToken" value="([^"]+)"/.exec(confirmation)?.[1];
  const requestKey = /name="_requestKey" value="([^"]+)"/.exec(confirmation)?.[1];
  if (!formToken || !requestKey)
    throw new Error(`${path}: no confirmation step after a post without a challenge (${first.status})`);
  return {
    response: await postForm(url, path, { ...body, formToken, _requestKey: requestKey }),
    confirmation,
  };
}
