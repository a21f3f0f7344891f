import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openFreshPglite } from "../../tests/support/databases.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { deliveryJobs, scheduledTasks } from "../db/schema.ts";
import { createMetrics, readWithin, routeTemplate, statusClass } from "./metrics.ts";
import { JIRA_OUTCOMES, jiraOperation, jiraOutcome } from "./telemetry.ts";

describe("routeTemplate: a request's path as a label of bounded values (decision 119)", () => {
  it.each([
    ["/", "/"],
    ["/planos?ciclo=anual", "/planos"],
    ["/admin/leads/2f1c1b9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "/admin/leads/:id"],
    ["/user/chamados/SUPP-123", "/user/chamados/:id"],
    ["/admin/webhooks/42", "/admin/webhooks/:id"],
    ["/api/leads/VRT-20261128-NZVMKU", "/api/leads/:id"],
    ["/assets/entry-3kd9Dk.js", "/assets/:file"],
    ["/uploads/0123456789abcdef0123.webp", "/uploads/:file"],
    ["/images/hero/default.svg", "/images/:file"],
    ["/blog/como-escolher-um-erp", "/blog/como-escolher-um-erp"],
    ["/a/b/c/d/e/f", "/a/b/c/d/…"],
    [undefined, "/"],
  ])("%s → %s", (url, template) => {
    expect(routeTemplate(url)).toBe(template);
  });

  it("status classes", () => {
    expect([200, 304, 404, 503].map(statusClass)).toEqual(["2xx", "3xx", "4xx", "5xx"]);
  });
});

describe("what a scrape reads from the database and from the services", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openFreshPglite();
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it("each periodic job's last success, and the oldest pending job's age by kind", async () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    const metrics = createMetrics({ db: handle.db, now: () => now });
    await handle.db
      .insert(scheduledTasks)
      .values([
        { name: "publication-schedule", lastSuccessAt: new Date(now - 60_000) },
        { name: "retention" },
      ]);
    await handle.db.insert(deliveryJobs).values({
      kind: "webhook",
      status: "pending",
      maxAttempts: 5,
      createdAt: new Date(now - 1_800_000),
    });
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      `periodic_job_last_success_timestamp_seconds{task="publication-schedule"} ${(now - 60_000) / 1000}`,
    );
    // A job that never finished has no line: "silent for twice its period" sees it as absent.
    expect(text).not.toContain('task="retention"');
    expect(text).toContain('delivery_oldest_pending_seconds{kind="webhook"} 1800');
    expect(text).toContain('delivery_oldest_pending_seconds{kind="tracker"} 0');
    expect(text).toContain('delivery_jobs{kind="webhook",status="pending"} 1');
  });

  it("Jira calls, e-mails and webhooks by outcome; renders; each task's period", async () => {
    const metrics = createMetrics({ db: handle.db });
    // Before anything happens the refusals' lines read 0, so the first one is an increase.
    const before = await metrics.registry.metrics();
    expect(before).toContain('jira_requests_total{operation="create_issue",outcome="unauthorized"} 0');
    expect(before).toContain('emails_sent_total{outcome="failed"} 0');
    expect(before).toContain('webhooks_sent_total{target="slack",outcome="failed"} 0');
    expect(before).toContain("page_renders_in_flight 0");

    metrics.telemetry.jiraCall("create_issue", "unauthorized", 0.2);
    metrics.telemetry.jiraCall("create_issue", "success", 0.3);
    metrics.telemetry.mail("sent");
    metrics.telemetry.webhook("webhook", "failed");
    metrics.watch({
      renders: () => ({ rendering: 2, waiting: 5 }),
      schedules: [{ name: "content-schedules", intervalMs: 30_000 }],
    });
    metrics.pageCacheAnswer("stale");
    const text = await metrics.registry.metrics();
    expect(text).toContain('jira_requests_total{operation="create_issue",outcome="unauthorized"} 1');
    expect(text).toContain('jira_requests_total{operation="create_issue",outcome="success"} 1');
    expect(text).toContain('jira_request_duration_seconds_bucket{le="0.25",operation="create_issue"} 1');
    expect(text).toContain('jira_request_duration_seconds_count{operation="create_issue"} 2');
    expect(text).toContain('emails_sent_total{outcome="sent"} 1');
    expect(text).toContain('webhooks_sent_total{target="webhook",outcome="failed"} 1');
    expect(text).toContain("page_renders_in_flight 2");
    expect(text).toContain("page_renders_queued 5");
    expect(text).toContain('periodic_job_interval_seconds{task="content-schedules"} 30');
    expect(text).toContain('page_cache_answers_total{outcome="stale"} 1');
  });
});

describe("a scrape when the database is out of reach", () => {
  it("readWithin: the answer, or null when the read fails or outlasts its limit", async () => {
    expect(await readWithin(async () => 7, 1_000)).toBe(7);
    expect(await readWithin(() => Promise.reject(new Error("connection refused")), 1_000)).toBeNull();
    vi.useFakeTimers();
    try {
      const never = readWithin(() => new Promise<number>(() => {}), 3_000);
      await vi.advanceTimersByTimeAsync(2_999);
      let settled = false;
      void never.then(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await never).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a closed database: the process' metrics still answer, database_up is 0, the outbox's lines are left out", async () => {
    const closed = await openFreshPglite();
    const metrics = createMetrics({ db: closed.db });
    expect(await metrics.registry.metrics()).toContain("database_up 1");
    await closed.close();
    const text = await metrics.registry.metrics();
    expect(text).toContain("database_up 0");
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain('emails_sent_total{outcome="sent"} 0');
    // Unknown is not 0: no tracker age of 0 that would read as "nothing waiting".
    expect(text).not.toMatch(/^delivery_oldest_pending_seconds\{/m);
    expect(text).not.toMatch(/^delivery_jobs\{/m);
    expect(text).not.toMatch(/^periodic_job_last_success_timestamp_seconds\{/m);
  });

  it("a database that never answers: the scrape ends at the limit with database_up 0", async () => {
    // Every query of this database is accepted and never answered, as a server that hangs.
    const hanging: Database = new Proxy(() => {}, {
      get: (_target, key) => (key === "then" ? (_resolve: unknown) => {} : () => hanging),
      apply: () => hanging,
    }) as unknown as Database;
    const metrics = createMetrics({ db: hanging, databaseTimeoutMs: 50 });
    const text = await metrics.registry.metrics();
    expect(text).toContain("database_up 0");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});

describe("Jira calls as bounded labels", () => {
  it.each([
    ["GET", "/myself", "myself"],
    ["POST", "/issue", "create_issue"],
    ["PUT", "/issue/VEN-12", "edit_issue"],
    ["GET", "/issue/VEN-12?fields=status,updated", "get_issue"],
    ["POST", "/issue/SUPP-3/comment", "add_comment"],
    ["GET", "/issue/SUPP-3/comment?orderBy=created", "comments"],
    ["POST", "/issue/SUPP-3/attachments", "add_attachment"],
    ["GET", "/issue/SUPP-3/transitions", "transitions"],
    ["POST", "/issue/SUPP-3/transitions", "transition"],
    ["POST", "/issueLink", "link_issues"],
    ["POST", "/search/jql", "search"],
    ["GET", "/project/VEN", "project"],
    ["DELETE", "/issue/VEN-12", "other"],
  ])("%s %s → %s", (method, path, operation) => {
    expect(jiraOperation(method, path)).toBe(operation);
  });

  it("outcomes by status: 401 and 403 are the credentials' own", () => {
    expect([200, 201, 204, 401, 403, 429, 400, 404, 500, 503, null].map(jiraOutcome)).toEqual([
      "success",
      "success",
      "success",
      "unauthorized",
      "unauthorized",
      "rate_limited",
      "client_error",
      "client_error",
      "server_error",
      "server_error",
      "network_error",
    ]);
    expect(new Set([200, 401, 429, 400, 500, null].map(jiraOutcome))).toEqual(new Set(JIRA_OUTCOMES));
  });
});
