/**
 * Decision 090: visitors who open a page and leave before its answer, many at once, must leave nothing
 * behind (a key "being rendered", a render slot, a waiter) that keeps the next visitor waiting. Each
 * kind of page gets an abandoned burst (requests dropped before, during and after the render, in
 * gzip, brotli and plain), then one more request must be answered within a second. On the embedded
 * database with one server, and on PostgreSQL with two servers sharing it (and Redis, when given).
 */
import { request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, dropCreatedDatabases } from "../support/databases.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** One address of each kind of page, every one of them answered 200. */
const PAGES = {
  "form page": "/demonstracao",
  "blog list": "/blog",
  "blog post": "/blog/como-escolher-um-erp",
  "content page": "/crm",
  home: "/",
  "home with a query": "/?origem=campanha",
  "JSON document": "/api/json/public/plans-data",
} as const;

const ENCODINGS = ["gzip", "br", "identity"] as const;

/** When each visitor of the burst leaves: at once, while pages render, or once the answer began. */
const LEAVES = ["at once", "after 5 ms", "after 40 ms", "after 150 ms", "on the answer"] as const;

/** `count` requests for `path`, each dropped by its visitor at one of the moments of LEAVES. */
async function abandonedBurst(base: string, path: string, encoding: string, count: number): Promise<void> {
  const closed: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const leave = LEAVES[i % LEAVES.length]!;
    const req = request(`${base}${path}`, { headers: { "accept-encoding": encoding }, agent: false });
    closed.push(new Promise((resolve) => req.once("close", () => resolve())));
    req.on("error", () => {});
    req.on("response", (res) => {
      if (leave === "on the answer") req.destroy();
      else res.resume();
    });
    req.end();
    // A server that never answers must fail the check below, not hang the burst.
    setTimeout(() => req.destroy(), 2_000).unref();
    if (leave === "at once") setImmediate(() => req.destroy());
    else if (leave !== "on the answer") {
      const ms = Number(leave.split(" ")[1]);
      setTimeout(() => req.destroy(), ms);
    }
  }
  await Promise.all(closed);
}

/** One visitor who stays: the status, or "no answer" when none came within `ms`. */
function answerWithin(base: string, path: string, encoding: string, ms: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { headers: { "accept-encoding": encoding }, agent: false });
    const timer = setTimeout(() => {
      req.destroy();
      resolve("no answer");
    }, ms);
    req.on("error", () => resolve("error"));
    req.on("response", (res) => {
      clearTimeout(timer);
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.end();
  });
}

/** Every page kind through `sites` in turn: bursts on one, the visitor who stays on each. */
async function burstEveryPage(sites: ServerProcess[]): Promise<Record<string, number | string>> {
  // A campaign lands on a running site: each page is visited once first, so the second a burst
  // leaves measures what the burst left behind, not a cold start (route modules, content cache).
  for (const site of sites) {
    for (const path of Object.values(PAGES)) await (await fetch(`${site.url}${path}`)).arrayBuffer();
  }
  const outcomes: Record<string, number | string> = {};
  for (const [kind, path] of Object.entries(PAGES)) {
    for (const encoding of ENCODINGS) {
      await Promise.all(sites.map((site) => abandonedBurst(site.url, path, encoding, 30)));
      for (const [i, site] of sites.entries()) {
        outcomes[`${kind} ${encoding} #${i}`] = await answerWithin(site.url, path, encoding, 1_000);
        // Anyone, whatever they accept, after the burst.
        outcomes[`${kind} plain after ${encoding} #${i}`] = await answerWithin(
          site.url,
          path,
          "identity",
          1_000,
        );
      }
    }
  }
  return outcomes;
}

function allAnswered(outcomes: Record<string, number | string>): Record<string, number | string> {
  return Object.fromEntries(Object.keys(outcomes).map((name) => [name, 200]));
}

const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
  await dropCreatedDatabases();
});

describe("abandoned bursts (decision 090)", () => {
  it("leave every kind of page answering at once, on the embedded database", {
    timeout: 120_000,
  }, async () => {
    const site = await startServerProcess();
    servers.push(site);
    const outcomes = await burstEveryPage([site]);
    expect(outcomes).toEqual(allAnswered(outcomes));
  });

  it.runIf(postgresUrl)(
    "leave every kind of page answering at once, on two instances sharing PostgreSQL",
    { timeout: 180_000 },
    async () => {
      const url = await createPostgresDatabase(postgresUrl!);
      const env = {
        DATABASE_URL: url,
        SESSION_SECRET: "abandoned-bursts-secret-0123456789abcdef",
        ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bursts-${Date.now()}:` } : {}),
      };
      // The first applies the migrations; the second starts on the migrated database.
      const first = await startServerProcess(env);
      servers.push(first);
      const second = await startServerProcess(env);
      servers.push(second);
      const outcomes = await burstEveryPage([first, second]);
      expect(outcomes).toEqual(allAnswered(outcomes));
    },
  );
});
