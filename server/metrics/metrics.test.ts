import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshPglite } from "../../tests/support/databases.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { deliveryJobs, scheduledTasks } from "../db/schema.ts";
import { createMetrics, routeTemplate, statusClass } from "./metrics.ts";

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

describe("what a scrape reads from the database", () => {
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
      `periodic_job_last_success_timestamp_seconds{job="publication-schedule"} ${(now - 60_000) / 1000}`,
    );
    // A job that never finished has no line: "silent for twice its period" sees it as absent.
    expect(text).not.toContain('job="retention"');
    expect(text).toContain('delivery_oldest_pending_seconds{kind="webhook"} 1800');
    expect(text).toContain('delivery_oldest_pending_seconds{kind="tracker"} 0');
    expect(text).toContain('delivery_jobs{kind="webhook",status="pending"} 1');
  });
});
