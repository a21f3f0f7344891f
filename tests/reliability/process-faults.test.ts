/**
 * Fault scenarios of whole server processes (the production build, as `npm start` runs it), with
 * the fake Jira at its real REST paths: a process killed with SIGKILL in the middle of a delivery and
 * started again; the PostgreSQL connections dropped under load (pg_terminate_backend); two instances
 * on one PostgreSQL and one Redis delivering the same backlog; Redis stopped while the site serves.
 * Each ends with the audit of tests/support/delivery-audit.ts: no lead lost, no issue duplicated,
 * every attempt recorded.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { type DatabaseHandle, openDatabase } from "@server/db/client.ts";
import { deliveryAttempts, deliveryJobs } from "@server/db/schema.ts";
import { issueFormToken } from "@server/leads/spam.ts";
import { Signer } from "@server/secrets.ts";
import { eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ensureDebianTool } from "../../scripts/outside-tools.mjs";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { createPostgresDatabase, dropCreatedDatabases } from "../support/databases.ts";
import { auditDelivery, cleanAudit } from "../support/delivery-audit.ts";
import {
  demoAccounts,
  loginToken,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const SECRET = "reliability-test-secret-0123456789abcdef";
const signer = new Signer(SECRET);
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

let jira: FakeJira;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
  await jira?.close();
});

async function startSite(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({
    ...jiraEnv(jira),
    SESSION_SECRET: SECRET,
    FORM_RATE_LIMIT_PER_MINUTE: "100000",
    ...env,
  });
  servers.push(server);
  return server;
}

/** A visitor's contact form, as the browser's outbox sends it: one request key, a token shown 10 s ago. */
function contactLead(i: number, tag: string) {
  return {
    form: "contato",
    answers: {
      nome: `Visitante ${i}`,
      email: `${tag}-${i}@example.com`,
      mensagem: "Quero uma proposta do ERP.",
    },
    requestKey: randomUUID(),
    formToken: issueFormToken(signer, Date.now() - 10_000),
    tracking: { page: "http://localhost/contato" },
  };
}

/**
 * Sends a lead as the browser's outbox does: a 5xx or a failed connection is sent again with the
 * same request key (so at most one lead is made), until the server accepts it. Answers its status.
 */
async function sendUntilAccepted(url: () => string, body: unknown): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${url()}/api/leads`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (response.status < 500) return response.status;
    } catch {
      // The connection failed: the outbox keeps the lead and sends it again.
    }
    if (attempt >= 50) throw new Error("the lead was never accepted");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends `count` leads, `parallel` at a time, to the server `url()` names when each is sent. */
async function sendLeads(url: (i: number) => string, count: number, tag: string, parallel = 5) {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        statuses.push(await sendUntilAccepted(() => url(i), contactLead(i, tag)));
      }
    }),
  );
  return statuses;
}

/**
 * Resolves once `done()` holds, checking every 100 ms, or fails after `timeoutMs` with what
 * `explain()` tells of the state it was stuck in.
 */
async function until(
  done: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 45_000, explain }: { timeoutMs?: number; explain?: () => Promise<unknown> } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) {
      const state = explain ? `\n${JSON.stringify(await explain(), null, 1)}` : "";
      throw new Error(`timed out waiting until ${what}${state}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The audit and every job not done, with its history, and the server's last log lines. */
function deliveryState(url: string, server: ServerProcess) {
  return () =>
    withDatabase(url, async ({ db }) => ({
      audit: await auditDelivery(db, jira),
      jobs: await db.select().from(deliveryJobs).where(sql`${deliveryJobs.status} <> 'done'`),
      attempts: await db.select().from(deliveryAttempts).where(sql`${deliveryAttempts.outcome} <> 'ok'`),
      log: server.output().split("\n").slice(-40),
    }));
}

/** Audits an embedded database once its server has stopped (only one process may open it). */
async function auditEmbedded(dataDir: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await auditDelivery(handle.db, jira);
  } finally {
    await handle.close();
  }
}

async function withDatabase<T>(url: string, use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ kind: "postgres", url });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

describe("a server killed with SIGKILL in the middle of a delivery, then started again", {
  timeout: 120_000,
}, () => {
  it("on the embedded database: the deliveries it left running are taken up at start, the issue Jira made is found, not made twice", async () => {
    jira = await startFakeJira();
    const first = await startSite({});
    // The last create reaches Jira, which makes the issue and never answers: the process is
    // killed while it waits, as in a crash in the middle of a delivery.
    await sendLeads(() => first.url, 9, "kill");
    // The nine are delivered in the background: the hold must catch the tenth create, not theirs.
    await until(() => jira.issues.length === 9, "the first nine issues exist");
    jira.holdResponseOfNextCreate();
    // The visitor is answered with the local protocol after its short wait; the create still hangs.
    expect(await sendUntilAccepted(() => first.url, contactLead(9, "kill"))).toBe(201);
    await until(() => jira.issues.length === 10, "the tenth create reached Jira");
    await first.stop("SIGKILL");

    const second = await startSite({ DATA_DIR: first.dataDir });
    expect(second.output()).toContain("deliveries left running by the last run");
    // The lead whose answer never came is delivered by the new process: its issue found by label.
    await until(async () => {
      const response = await fetch(`${second.url}/healthz`);
      return response.ok && jira.requests.some((r) => r.path === "/rest/api/3/search/jql");
    }, "the new process searched for the issue");
    await second.stop();
    const audit = await auditEmbedded(first.dataDir);
    expect(audit).toEqual(cleanAudit(10));
    expect(jira.issues).toHaveLength(10);
  });

  it.runIf(postgresUrl)(
    "on PostgreSQL: the job is taken up once its lease has run out, and its issue found, not made twice",
    async () => {
      jira = await startFakeJira();
      const url = await createPostgresDatabase(postgresUrl!);
      const first = await startSite({ DATABASE_URL: url });
      await sendLeads(() => first.url, 9, "kill-pg");
      await until(() => jira.issues.length === 9, "the first nine issues exist");
      jira.holdResponseOfNextCreate();
      expect(await sendUntilAccepted(() => first.url, contactLead(9, "kill-pg"))).toBe(201);
      await until(() => jira.issues.length === 10, "the tenth create reached Jira");
      await first.stop("SIGKILL");

      const second = await startSite({ DATABASE_URL: url });
      // On a shared database a running job may be another instance's: the new process waits for
      // its 5-minute lease. The test lets those five minutes pass by moving the lease.
      await withDatabase(url, async ({ db }) => {
        await db
          .update(deliveryJobs)
          .set({ lockedUntil: sql`now() - interval '1 second'` })
          .where(eq(deliveryJobs.status, "running"));
      });
      await until(
        () => withDatabase(url, async ({ db }) => (await auditDelivery(db, jira)).delivered === 10),
        "every lead is delivered",
        { explain: deliveryState(url, second) },
      );
      await second.stop();
      expect(await withDatabase(url, ({ db }) => auditDelivery(db, jira))).toEqual(cleanAudit(10));
      expect(jira.issues).toHaveLength(10);
    },
  );
});

describe.runIf(postgresUrl)("PostgreSQL faults", { timeout: 120_000 }, () => {
  it("every connection dropped (pg_terminate_backend) three times under load: the server stays up, no lead is lost", async () => {
    jira = await startFakeJira();
    const url = await createPostgresDatabase(postgresUrl!);
    const site = await startSite({ DATABASE_URL: url });
    const database = new URL(url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    let terminated = 0;
    const sending = sendLeads(() => site.url, 30, "terminate");
    try {
      for (let round = 0; round < 3; round++) {
        await until(() => jira.issues.length >= (round + 1) * 6, `${(round + 1) * 6} issues exist`);
        const result = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
          [database],
        );
        terminated += result.rowCount ?? 0;
      }
      const statuses = await sending;
      expect(statuses.every((status) => status === 201)).toBe(true);
    } finally {
      await admin.end();
    }
    expect(terminated).toBeGreaterThan(0);
    await until(
      () => withDatabase(url, async ({ db }) => (await auditDelivery(db, jira)).delivered === 30),
      "every lead is delivered",
      { explain: deliveryState(url, site) },
    );
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    await site.stop();
    expect(await withDatabase(url, ({ db }) => auditDelivery(db, jira))).toEqual(cleanAudit(30));
  });

  it("two instances on one PostgreSQL and one Redis deliver the backlog of an outage once", async () => {
    jira = await startFakeJira();
    const url = await createPostgresDatabase(postgresUrl!);
    const shared = {
      DATABASE_URL: url,
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `rel-${randomUUID().slice(0, 8)}:` } : {}),
    };
    const [a, b] = await Promise.all([startSite(shared), startSite(shared)]);
    jira.setDown(true);
    await sendLeads((i) => (i % 2 === 0 ? a.url : b.url), 40, "backlog", 20);
    expect(jira.issues).toHaveLength(0);
    jira.setDown(false);
    // Each job waits 30 s after its failed attempt: the test lets that time pass, again while jobs
    // still in hand when Jira came back end (visitors were not kept waiting for them).
    await until(async () => {
      await withDatabase(url, async ({ db }) => {
        await db.update(deliveryJobs).set({ runAt: sql`now()` }).where(eq(deliveryJobs.status, "pending"));
      });
      return jira.issues.length >= 40;
    }, "the backlog reached Jira");
    await Promise.all([a.stop(), b.stop()]);
    expect(await withDatabase(url, ({ db }) => auditDelivery(db, jira))).toEqual(cleanAudit(40));
    expect(jira.issues).toHaveLength(40);
  });
});

/** A Redis server of the test's own on a free port, which it can stop and start again. */
async function startRedis(port?: number): Promise<{ url: string; port: number; process: ChildProcess }> {
  const binary = ensureDebianTool("redis-server");
  const chosen =
    port ??
    (await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    }));
  const child = spawn(
    binary,
    ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return { url: `redis://127.0.0.1:${chosen}`, port: chosen, process: child };
}

describe("Redis stopped while the site serves", { timeout: 120_000 }, () => {
  it("pages, sign-in and forms keep working on the in-process fallbacks, and Redis is used again when it is back", async () => {
    jira = await startFakeJira();
    let redis = await startRedis();
    const site = await startSite({ REDIS_URL: redis.url });
    const { customer } = demoAccounts(site);
    const journey = async (tag: string) => {
      for (const page of ["/", "/planos", "/blog", "/contato"]) {
        expect((await fetch(`${site.url}${page}?${tag}`)).status, page).toBe(200);
      }
      expect(await loginToken(site.url, customer.email, customer.password)).toMatch(/\S{20,}/);
      const lead = await fetch(`${site.url}/api/leads`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(contactLead(0, tag)),
      });
      expect(lead.status).toBe(201);
    };
    /** How many keys the site has written to the Redis running now. */
    const keysInRedis = async () => {
      const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await client.connect();
        return await client.dbsize();
      } finally {
        client.disconnect();
      }
    };
    try {
      await journey("before");
      expect(await keysInRedis()).toBeGreaterThan(0);
      redis.process.kill("SIGKILL");
      await journey("without-redis");
      await journey("still-without-redis");
      // A new Redis, empty: the keys the site writes from now on show it is used again.
      redis = await startRedis(redis.port);
      await journey("after");
      await until(async () => {
        // A sign-in is counted by the login rate limit, in Redis when it is there.
        await loginToken(site.url, customer.email, customer.password);
        return (await keysInRedis()) > 0;
      }, "the site uses Redis again");
    } finally {
      redis.process.kill("SIGKILL");
    }
    await until(() => jira.issues.length >= 4, "every lead reached Jira");
    await site.stop();
    expect(await auditEmbedded(site.dataDir)).toEqual(cleanAudit(4));
  });
});
