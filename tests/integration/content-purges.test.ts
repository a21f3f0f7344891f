/**
 * A content change purges what was made of it (decision 122), against the built server on both
 * databases: this process's page cache drops the pages holding the changed document's key (the
 * others stay), and the outbox purges the shared caches by the same keys, Varnish (a recorder that
 * answers PURGE like varnish-modules' xkey) and Cloudflare (the fake of its API): at once, and once
 * more a few seconds later. A cache that refuses is counted as failed and retried, never lost.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeCloudflare, startFakeCloudflare } from "../fakes/cloudflare.ts";
import { serverDatabaseTargets } from "../support/server-databases.ts";
import { loginToken, runCli, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const ZONE = "0123456789abcdef0123456789abcdef";
const TOKEN = "cloudflare-test-token-0123456789";
const POLL = { timeout: 15_000, interval: 100 };
const ADMIN = { email: "editora@vertice.local", password: "senha-forte-da-editora-1" };

interface Purge {
  xkey: string;
  at: number;
}

/** A Varnish stand-in at its protocol: `PURGE /` with an `xkey` header, answered 200. */
async function startPurgeRecorder(): Promise<{ url: string; purges: Purge[]; close(): Promise<void> }> {
  const purges: Purge[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    if (req.method !== "PURGE" || req.url !== "/") {
      res.writeHead(405).end();
      return;
    }
    purges.push({ xkey: String(req.headers.xkey ?? ""), at: Date.now() });
    res.writeHead(200, { "Content-Type": "text/plain" }).end("Purged 1 objects\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    purges,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(serverDatabaseTargets())("content purges on $name", ({ database }) => {
  let server: ServerProcess;
  let varnish: Awaited<ReturnType<typeof startPurgeRecorder>>;
  let cloudflare: FakeCloudflare;
  let admin: string;
  let metricsPort: number;

  beforeAll(async () => {
    varnish = await startPurgeRecorder();
    cloudflare = await startFakeCloudflare({ token: TOKEN, zone: ZONE });
    metricsPort = 20_000 + Math.floor(Math.random() * 20_000);
    const { env } = await database();
    const made = await runCli(
      ["user-create", "--email", ADMIN.email, "--password", ADMIN.password, "--role", "admin"],
      env,
    );
    expect(made.code, made.output).toBe(0);
    server = await startServerProcess({
      ...env,
      VARNISH_PURGE_URLS: varnish.url,
      CLOUDFLARE_ZONE_ID: ZONE,
      CLOUDFLARE_API_TOKEN: TOKEN,
      CLOUDFLARE_API_BASE: cloudflare.baseUrl,
      METRICS_PORT: String(metricsPort),
    });
    admin = await loginToken(server.url, ADMIN.email, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await varnish?.close();
    await cloudflare?.close();
  });

  const cacheState = async (path: string) => (await fetch(server.url + path)).headers.get("x-page-cache");
  const metric = async (line: string) => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const found = text.split("\n").find((l) => l.startsWith(line));
    return found ? Number(found.slice(line.length).trim()) : null;
  };

  it("purges the changed document's pages here and in both shared caches, twice, and keeps the others", async () => {
    for (const path of ["/planos", "/blog"]) {
      await fetch(server.url + path);
      expect(await cacheState(path)).toBe("hit");
    }
    const plans = (await (
      await fetch(`${server.url}/api/json/plans-data`, { headers: { Authorization: `Bearer ${admin}` } })
    ).json()) as { plans: Array<{ monthly_price: number }> };
    const savedAt = Date.now();
    const saved = await fetch(`${server.url}/api/json/plans-data?path=plans.0`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin}`, Origin: server.url },
      body: JSON.stringify({ ...plans.plans[0], monthly_price: 1234.5 }),
    });
    expect(saved.status).toBe(200);

    // This process: the plans page renders again with the new price, the blog (no plans in it) not.
    const page = await (await fetch(`${server.url}/planos`)).text();
    expect(page).toContain("1.234,50");
    expect(await cacheState("/blog")).toBe("hit");

    // Both shared caches, by the document's key, delivered at once by the outbox...
    await expect.poll(() => varnish.purges.length, POLL).toBeGreaterThanOrEqual(1);
    await expect.poll(() => cloudflare.purges.length, POLL).toBeGreaterThanOrEqual(1);
    expect(varnish.purges[0]!.xkey.split(" ")).toContain("doc:plans-data");
    expect(cloudflare.purges[0]!.tags).toContain("doc:plans-data");
    expect(cloudflare.purges[0]!.zone).toBe(ZONE);
    // ...and once more a few seconds later (another instance may have served its old copy meanwhile).
    await expect.poll(() => varnish.purges.length, POLL).toBeGreaterThanOrEqual(2);
    await expect.poll(() => cloudflare.purges.length, POLL).toBeGreaterThanOrEqual(2);
    expect(varnish.purges[1]!.at - savedAt).toBeGreaterThanOrEqual(4_000);
    expect(
      await metric('shared_cache_purges_total{adapter="varnish",outcome="purged"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await metric('shared_cache_purges_total{adapter="cloudflare",outcome="purged"}'),
    ).toBeGreaterThanOrEqual(2);
  });

  it("counts a refused purge as failed and keeps it in the outbox for its retry", async () => {
    const before = (await metric('shared_cache_purges_total{adapter="cloudflare",outcome="failed"}')) ?? 0;
    cloudflare.failNext(2, 429, { retryAfter: 120 });
    const document = (await (
      await fetch(`${server.url}/api/json/testimonials-data`, {
        headers: { Authorization: `Bearer ${admin}` },
      })
    ).json()) as Record<string, unknown>;
    const saved = await fetch(`${server.url}/api/json/testimonials-data`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin}`, Origin: server.url },
      body: JSON.stringify(document),
    });
    expect(saved.status).toBe(200);
    await expect
      .poll(() => metric('shared_cache_purges_total{adapter="cloudflare",outcome="failed"}'), POLL)
      .toBeGreaterThan(before);
    // Varnish is purged all the same: each cache has its own job.
    await expect
      .poll(() => varnish.purges.some((p) => p.xkey.includes("doc:testimonials-data")), POLL)
      .toBe(true);
    expect(await metric('delivery_jobs{kind="cache_purge",status="pending"}')).toBeGreaterThanOrEqual(1);
  });
});
