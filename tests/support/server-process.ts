import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@server/db/client.ts";
import { projectRoot } from "@server/paths.ts";

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const serverEntry = path.join(projectRoot, "build/server-main/main.js");

/** Servers this test process started and that still run: ended with it, whatever way it ends. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** A fresh folder for a server's embedded database. */
export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "site-data-"));
}

let templateDir: Promise<string> | undefined;

/**
 * A fresh folder holding a migrated, empty embedded database, copied from one template per test
 * process: the server then opens it instead of creating and migrating one (about 1.5 s a start).
 */
export async function freshDataDir(): Promise<string> {
  templateDir ??= (async () => {
    const dir = tempDataDir();
    const handle = await openDatabase({ kind: "pglite", dataDir: dir });
    await handle.close();
    return dir;
  })();
  const dir = tempDataDir();
  cpSync(await templateDir, dir, { recursive: true });
  return dir;
}

/**
 * Starts the built server (npm run build first) as its own process on a free port, as
 * `npm start` would, and resolves once it logs that it listens.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? (await freshDataDir());
  const child = spawn(process.execPath, [serverEntry], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
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

/** Runs the server entry expecting it to fail at start; resolves with its exit code and output. */
export function runServerExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverEntry], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", ...env },
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
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** Signs in through the API and answers the session token. */
export async function loginToken(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
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
 * A content editor (issue 29) made by the admin in Settings, as staff do, signed in: its token.
 * The temporary password is read from the page's confirmation, where the admin sees it once.
 */
export async function editorToken(
  server: ServerProcess,
  adminToken: string,
  email = `editora-${Date.now()}@vertice.local`,
): Promise<string> {
  const made = await postForm(
    server.url,
    "/admin/settings",
    { intent: "create", email, name: "Editora de Conteúdo", role: "editor", access: "password" },
    adminToken,
  );
  const password = /Senha provisória \(mostrada só agora\): ([^\s<]+)/.exec(await made.text())?.[1];
  if (!password) throw new Error(`the editor was not created (${made.status})`);
  return loginToken(server.url, email, password);
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
