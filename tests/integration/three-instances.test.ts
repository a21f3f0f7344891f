/**
 * The proof on three instances (decision 121): three production servers on one PostgreSQL, one Redis
 * and one S3 bucket (s3rver), behind HAProxy from Debian's packages running deploy/haproxy/haproxy.cfg
 * itself. Page views and leads go through the balancer while an admin publishes a price and uploads
 * an image through one instance; every instance must serve both. Then one instance is killed with
 * SIGKILL in the middle of the load: the balancer's readiness checks must take it out, and every
 * lead a visitor saw accepted (201) must be stored and reach Jira exactly once.
 * Then Debian's Varnish with varnish-modules runs deploy/varnish/default.vcl in front of the same
 * instances (decision 122): a page-view load is answered mostly from its cache, a publish purges it
 * by surrogate keys and shows through it at once, a signed-in customer's pages are never given to
 * anyone else, a lead sent through it reaches Jira once, and pages are still served while another
 * instance dies.
 * The figures (rates through the balancer, time for a publish and an upload to reach every instance,
 * time to take the dead one out, Varnish's hit ratio and publish time) are printed, for docs/operations.md.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { openDatabase } from "@server/db/client.ts";
import { deliveryJobs, leads } from "@server/db/schema.ts";
import { projectRoot } from "@server/paths.ts";
import { Signer } from "@server/secrets.ts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactFormBody } from "../../bench/contact-form.ts";
import { ensureDebianTool } from "../../scripts/outside-tools.mjs";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { createPostgresDatabase, dropCreatedDatabases } from "../support/databases.ts";
import { auditDelivery } from "../support/delivery-audit.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { freePort } from "../support/ports.ts";
import { type LocalS3, startLocalS3 } from "../support/s3-server.ts";
import { loginToken, runCli, type ServerProcess, startServerProcess } from "../support/server-process.ts";
import { startVarnish, type Varnish } from "../support/varnish.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const SECRET = "three-instances-secret-0123456789abcdef";
const ADMIN = { email: "ops@vertice.local", password: "senha-forte-de-ops-1" };

/** Each server's state in HAProxy's stats CSV: app1 → "UP", "DOWN"… */
async function balancerStates(statsUrl: string): Promise<Record<string, string>> {
  const csv = await (await fetch(`${statsUrl};csv`)).text();
  const states: Record<string, string> = {};
  for (const line of csv.split("\n")) {
    const [backend, server, ...rest] = line.split(",");
    if (backend === "instances" && server?.startsWith("app")) states[server] = rest[15] ?? "";
  }
  return states;
}

/** Each backend's health in Varnish's `backend.list`: app1 → "healthy", "sick"… (the director aside). */
async function varnishStates(varnish: Varnish): Promise<Record<string, string>> {
  const states: Record<string, string> = {};
  for (const line of (await varnish.admin("backend.list")).split("\n")) {
    const [name, , , health] = line.trim().split(/\s+/);
    if (name?.startsWith("boot.app") && health) states[name.slice("boot.".length)] = health;
  }
  return states;
}

/** Polls until `done` holds, answering the milliseconds it took (fails after `limitMs`). */
async function timeUntil(done: () => Promise<boolean>, limitMs = 20_000): Promise<number> {
  const started = performance.now();
  while (!(await done().catch(() => false))) {
    if (performance.now() - started > limitMs) throw new Error(`not done within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Math.round(performance.now() - started);
}

describe.skipIf(!postgresUrl || !redisUrl)(
  "three instances behind HAProxy, on PostgreSQL, Redis and S3 (decision 121)",
  () => {
    let jira: FakeJira;
    let s3: LocalS3;
    let databaseUrl: string;
    let instances: ServerProcess[] = [];
    let haproxy: ChildProcess | null = null;
    let haproxyOutput = "";
    let siteUrl: string;
    let statsUrl: string;
    let varnish: Varnish | null = null;
    let varnishPort: number;
    let baseEnv: Record<string, string>;

    beforeAll(async () => {
      const haproxyPath = ensureDebianTool("haproxy");
      [jira, s3, databaseUrl] = await Promise.all([
        startFakeJira(),
        startLocalS3(`tres-${Date.now()}`),
        createPostgresDatabase(postgresUrl!),
      ]);
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl!,
        REDIS_KEY_PREFIX: `tres${randomUUID().slice(0, 8)}:`,
        SESSION_SECRET: SECRET,
        ...jiraEnv(jira),
        FORM_RATE_LIMIT_PER_MINUTE: "1000000",
        ...s3.env,
      };
      // Varnish binds this port once the instances run; they purge it from the start.
      varnishPort = await freePort();
      Object.assign(env, { VARNISH_PURGE_URLS: `http://127.0.0.1:${varnishPort}` });
      baseEnv = env;
      // The first start migrates the database; the other two then start on it side by side.
      instances = [await startServerProcess(env)];
      instances.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
      const made = await runCli(
        ["user-create", "--email", ADMIN.email, "--password", ADMIN.password, "--role", "admin"],
        env,
      );
      expect(made.code, made.output).toBe(0);

      const [listen, stats] = await Promise.all([freePort(), freePort()]);
      siteUrl = `http://127.0.0.1:${listen}`;
      statsUrl = `http://127.0.0.1:${stats}/stats`;
      haproxy = spawn(haproxyPath, ["-db", "-f", path.join(projectRoot, "deploy/haproxy/haproxy.cfg")], {
        env: {
          PATH: process.env.PATH ?? "",
          LISTEN_ADDR: `127.0.0.1:${listen}`,
          STATS_ADDR: `127.0.0.1:${stats}`,
          APP1: `127.0.0.1:${instances[0]!.port}`,
          APP2: `127.0.0.1:${instances[1]!.port}`,
          APP3: `127.0.0.1:${instances[2]!.port}`,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      haproxy.stdout!.on("data", (chunk: Buffer) => (haproxyOutput += chunk.toString()));
      haproxy.stderr!.on("data", (chunk: Buffer) => (haproxyOutput += chunk.toString()));
      await timeUntil(async () => {
        const states = await balancerStates(statsUrl);
        return ["app1", "app2", "app3"].every((server) => states[server] === "UP");
      });
    }, 120_000);

    afterAll(async () => {
      haproxy?.kill("SIGTERM");
      await varnish?.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await Promise.all([jira?.close(), s3?.close()]);
      await dropCreatedDatabases();
    });

    it("serves a publish and an upload from every instance, and loses or repeats no lead when one is killed", async () => {
      const signer = new Signer(SECRET);
      const admin = await loginToken(instances[0]!.url, ADMIN.email, ADMIN.password);
      const accepted: string[] = [];
      const refusedLeads: number[] = [];
      const pages = { ok: 0, failed: 0, failedAfterOut: 0 };
      let leadCount = 0;
      let running = true;
      let deadOutAt = Number.POSITIVE_INFINITY;
      const started = performance.now();

      // Visitors through the balancer: 6 reading pages, 4 sending the contact form, until told to stop.
      const PAGES = ["/", "/planos", "/blog", "/contato", "/sobre"];
      const reader = async (n: number) => {
        for (let i = n; running; i++) {
          const res = await fetch(siteUrl + PAGES[i % PAGES.length]!).catch(() => null);
          if (res?.status === 200) pages.ok++;
          else {
            pages.failed++;
            if (performance.now() > deadOutAt) pages.failedAfterOut++;
          }
          await res?.arrayBuffer().catch(() => {});
        }
      };
      const sender = async () => {
        while (running) {
          const res = await fetch(`${siteUrl}/api/leads`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: contactFormBody(signer, ++leadCount),
          }).catch(() => null);
          if (res?.status === 201) accepted.push(((await res.json()) as { leadId: string }).leadId);
          else {
            refusedLeads.push(res?.status ?? 0);
            await res?.arrayBuffer().catch(() => {});
          }
        }
      };
      const load = Promise.all([
        ...Array.from({ length: 6 }, (_, n) => reader(n)),
        ...Array.from({ length: 4 }, sender),
      ]);

      // Under load, an admin changes a price and uploads an image through the first instance.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const plans = (await (
        await fetch(`${instances[0]!.url}/api/json/plans-data`, {
          headers: { Authorization: `Bearer ${admin}` },
        })
      ).json()) as { plans: { monthly_price: number }[] };
      const publishedAt = performance.now();
      const saved = await fetch(`${instances[0]!.url}/api/json/plans-data?path=plans.0`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin}` },
        body: JSON.stringify({ ...plans.plans[0], monthly_price: 4321.5 }),
      });
      expect(saved.status).toBe(200);
      const publishMs = await timeUntil(async () => {
        const bodies = await Promise.all(
          instances.map((instance) => fetch(`${instance.url}/planos`).then((res) => res.text())),
        );
        return bodies.every((html) => html.includes("4.321,50"));
      });
      const publishSinceSave = Math.round(performance.now() - publishedAt);

      const uploaded = await fetch(`${instances[0]!.url}/api/uploads`, {
        method: "POST",
        headers: { "Content-Type": "image/png", Authorization: `Bearer ${admin}` },
        body: new Uint8Array(ONE_PIXEL_PNG),
      });
      expect(uploaded.status).toBe(201);
      const { url: imageUrl } = (await uploaded.json()) as { url: string };
      const uploadMs = await timeUntil(async () => {
        const answers = await Promise.all(instances.map((instance) => fetch(instance.url + imageUrl)));
        const bodies = await Promise.all(answers.map((res) => res.arrayBuffer()));
        return (
          answers.every((res) => res.status === 200) &&
          bodies.every((body) => Buffer.compare(Buffer.from(body), ONE_PIXEL_PNG) === 0)
        );
      });

      // Mid-load, the second instance dies at once: no SIGTERM, no draining.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const killedAt = performance.now();
      instances[1]!.child.kill("SIGKILL");
      const outMs = await timeUntil(
        async () => (await balancerStates(statsUrl)).app2?.startsWith("DOWN") === true,
      );
      deadOutAt = performance.now() + 500;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      running = false;
      await load;
      const loadSeconds = (performance.now() - started) / 1000;
      // Still answering through the balancer with one instance gone.
      expect((await fetch(`${siteUrl}/planos`)).status).toBe(200);

      // Every lead a visitor saw accepted is stored.
      const { db, close } = await openDatabase({ kind: "postgres", url: databaseUrl });
      try {
        const stored = await db.select({ id: leads.id }).from(leads).where(inArray(leads.id, accepted));
        expect(stored.length, "accepted leads missing from the database").toBe(accepted.length);
        // A job the dead instance had claimed waits for its lease (5 minutes, decision 094); the test
        // lets that time pass by ending those leases, as the clock would, once the living are idle.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const orphaned = await db
          .update(deliveryJobs)
          .set({ lockedUntil: new Date() })
          .where(eq(deliveryJobs.status, "running"))
          .returning({ id: deliveryJobs.id });
        await timeUntil(async () => {
          const audit = await auditDelivery(db, jira);
          return audit.delivered === audit.leads;
        }, 30_000);
        const audit = await auditDelivery(db, jira);
        expect(audit.duplicated, "leads with two Jira issues").toEqual([]);
        expect(audit.undelivered).toEqual([]);
        expect(audit.strayIssues).toEqual([]);
        expect(audit.leads).toBeGreaterThanOrEqual(accepted.length);

        const figures = {
          loadSeconds: Number(loadSeconds.toFixed(1)),
          pageViewsPerSecond: Math.round(pages.ok / loadSeconds),
          leadsAcceptedPerSecond: Math.round(accepted.length / loadSeconds),
          pageViews: pages.ok,
          pageFailures: pages.failed,
          pageFailuresAfterOut: pages.failedAfterOut,
          leadsAccepted: accepted.length,
          leadsNotAccepted: refusedLeads.length,
          leadsStored: audit.leads,
          leadsInJiraOnce: audit.delivered,
          leadsLost: accepted.length - stored.length,
          leadsDuplicated: audit.duplicated.length,
          publishToEveryInstanceMs: publishSinceSave,
          publishPollMs: publishMs,
          uploadToEveryInstanceMs: uploadMs,
          deadInstanceOutMs: outMs,
          orphanedLeasesEnded: orphaned.length,
          sinceKillMs: Math.round(performance.now() - killedAt),
        };
        console.log(`three instances: ${JSON.stringify(figures)}`);
        // Once the balancer has taken the dead one out, no visitor meets an error.
        expect(pages.failedAfterOut, haproxyOutput).toBe(0);
        expect(accepted.length).toBeGreaterThan(20);
      } finally {
        await close();
      }
    }, 120_000);

    it("through Varnish: pages from its cache, a publish at once, nobody's page for another, a lead once, pages while an instance dies", async () => {
      const living = instances.filter(
        (instance) => instance.child.exitCode === null && !instance.child.killed,
      );
      expect(living.length).toBe(2);
      varnish = await startVarnish({
        backends: instances.map((instance) => ({ host: "127.0.0.1", port: instance.port })),
        listenPort: varnishPort,
        // /readyz answers within 2 s (decision 118); a loaded 2-core machine needs the same room.
        probe: { intervalMs: 500, timeoutMs: 2_000 },
      });
      const edge = varnish.url;
      await timeUntil(async () => {
        const states = await varnishStates(varnish!);
        return states.app1 === "healthy" && states.app3 === "healthy";
      });

      // Page views through Varnish: counted by its X-Cache.
      const PAGES = ["/", "/planos", "/blog", "/contato", "/sobre", "/en", "/en/planos"];
      const views = { hit: 0, miss: 0, failed: 0, failedAfterOut: 0 };
      let running = true;
      let deadOutAt = Number.POSITIVE_INFINITY;
      const reader = async (n: number) => {
        for (let i = n; running; i++) {
          const res = await fetch(edge + PAGES[i % PAGES.length]!, {
            headers: { "accept-encoding": "gzip" },
          }).catch(() => null);
          if (res?.status === 200) {
            if (res.headers.get("x-cache") === "HIT") views.hit++;
            else views.miss++;
          } else {
            views.failed++;
            if (performance.now() > deadOutAt) views.failedAfterOut++;
          }
          await res?.arrayBuffer().catch(() => {});
        }
      };
      const started = performance.now();
      const load = Promise.all(Array.from({ length: 6 }, (_, n) => reader(n)));
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const warm = { ...views };
      const hitRatio = warm.hit / (warm.hit + warm.miss);
      const edgeRate = Math.round((warm.hit + warm.miss) / ((performance.now() - started) / 1000));

      // A publish through one instance: its purge reaches Varnish, and the new price shows through it.
      const admin = await loginToken(living[0]!.url, ADMIN.email, ADMIN.password);
      const plans = (await (
        await fetch(`${living[0]!.url}/api/json/plans-data`, {
          headers: { Authorization: `Bearer ${admin}` },
        })
      ).json()) as { plans: { monthly_price: number }[] };
      const savedAt = performance.now();
      const saved = await fetch(`${living[0]!.url}/api/json/plans-data?path=plans.0`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin}` },
        body: JSON.stringify({ ...plans.plans[0], monthly_price: 5678.9 }),
      });
      expect(saved.status).toBe(200);
      await timeUntil(
        async () => (await (await fetch(`${edge}/planos`)).text()).includes("5.678,90"),
        10_000,
      );
      const publishThroughVarnishMs = Math.round(performance.now() - savedAt);

      // A signed-in customer: their pages pass Varnish untouched and are given to nobody else.
      const customer = {
        email: "cliente.unico@empresa.com.br",
        password: "senha-do-cliente-1",
        name: "Dona Única Cliente",
      };
      const made = await runCli(
        [
          "user-create",
          "--email",
          customer.email,
          "--password",
          customer.password,
          "--role",
          "customer",
          "--name",
          customer.name,
          "--company",
          "11222333000181",
          "--company-name",
          "Empresa Única",
        ],
        baseEnv,
      );
      expect(made.code, made.output).toBe(0);
      const token = await loginToken(living[0]!.url, customer.email, customer.password);
      const own = await (
        await fetch(`${edge}/dashboard`, { headers: { Cookie: `session=${token}` } })
      ).text();
      expect(own).toContain(customer.name);
      const home = await (await fetch(`${edge}/`, { headers: { Cookie: `session=${token}` } })).text();
      expect(home).toContain("Dona Única");
      for (const path of ["/", "/planos", "/dashboard", "/user"]) {
        const anonymous = await fetch(edge + path, { redirect: "manual" });
        expect(await anonymous.text(), path).not.toContain("Dona Única");
      }

      // A lead sent through Varnish: stored, and in Jira once.
      const signer = new Signer(SECRET);
      const lead = await fetch(`${edge}/api/leads`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: contactFormBody(signer, 900_001),
      });
      expect(lead.status).toBe(201);
      const { leadId } = (await lead.json()) as { leadId: string };

      // The third instance dies mid-load: Varnish's probe takes it out; pages go on being served.
      instances[2]!.child.kill("SIGKILL");
      const outMs = await timeUntil(async () => (await varnishStates(varnish!)).app3 === "sick");
      deadOutAt = performance.now() + 500;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      running = false;
      await load;
      expect((await fetch(`${edge}/planos`)).status).toBe(200);

      const { db, close } = await openDatabase({ kind: "postgres", url: databaseUrl });
      try {
        await timeUntil(async () => (await auditDelivery(db, jira)).undelivered.length === 0, 30_000);
        const audit = await auditDelivery(db, jira);
        expect(audit.duplicated).toEqual([]);
        const [stored] = await db
          .select({ trackerKey: leads.trackerKey })
          .from(leads)
          .where(eq(leads.id, leadId));
        expect(stored?.trackerKey).toBeTruthy();
      } finally {
        await close();
      }
      const figures = {
        edgeViewsPerSecond: edgeRate,
        hitRatio: Number(hitRatio.toFixed(3)),
        publishThroughVarnishMs,
        deadInstanceOutOfVarnishMs: outMs,
        viewsFailed: views.failed,
        viewsFailedAfterOut: views.failedAfterOut,
      };
      console.log(`varnish in front: ${JSON.stringify(figures)}`);
      expect(hitRatio).toBeGreaterThan(0.9);
      expect(views.failedAfterOut, varnish.output()).toBe(0);
    }, 120_000);
  },
);
