/**
 * Prometheus' /metrics (decision 119) on a server process: on METRICS_PORT only, in the text format,
 * with requests by route template, the page cache's hits and misses, the delivery outbox and Node's
 * process metrics. The outbox's figures are read from the database at each scrape.
 */
import { randomUUID } from "node:crypto";
import { issueFormToken } from "@server/leads/spam.ts";
import { statusClass } from "@server/metrics/metrics.ts";
import { Signer } from "@server/secrets.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const SECRET = "integration-test-secret-0123456789abcdef";

describe("GET /metrics on METRICS_PORT", () => {
  let server: ServerProcess;
  let metricsUrl: string;

  beforeAll(async () => {
    server = await startServerProcess({ METRICS_PORT: "0", SESSION_SECRET: SECRET });
    const port = /"port":(\d+)[^\n]*"msg":"metrics listening"/.exec(server.output())?.[1];
    expect(port, server.output()).toBeDefined();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  const scrape = async () => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return res.text();
  };

  it("counts requests by route template and status class, and the page cache's answers", async () => {
    // Each answer read to its end: the server counts it once it is handed over.
    for (let i = 0; i < 3; i++) {
      const page = await fetch(`${server.url}/planos`);
      expect(page.status).toBe(200);
      await page.text();
    }
    const lead = await fetch(`${server.url}/api/leads/${randomUUID()}`);
    await lead.text();
    const unknownLead = lead.status;
    expect(unknownLead).toBeGreaterThanOrEqual(400);
    const text = await scrape();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/planos",status="2xx"\} [3-9]/m);
    // A visitor's id never becomes a label: the lead's UUID is ":id".
    expect(text).toContain(
      `http_requests_total{method="GET",route="/api/leads/:id",status="${statusClass(unknownLead)}"} 1\n`,
    );
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",route="\/planos",status="2xx"\} \d+/m,
    );
    expect(text).toMatch(/^page_cache_answers_total\{outcome="hit"\} [1-9]/m);
    // Node's process metrics.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it("reads the delivery outbox at each scrape: jobs by kind and status, the oldest pending job's age", async () => {
    const res = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        requestKey: randomUUID(),
        formToken: issueFormToken(new Signer(SECRET), Date.now() - 10_000),
        form: "contato",
        stage: "complete",
        answers: {
          nome: "Paula Souza",
          email: "paula@loja.com.br",
          telefone: "(11) 3333-4444",
          assunto: "comercial",
          mensagem: "Quero saber mais sobre o ERP.",
        },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const text = await scrape();
    // Without Jira configured the lead is kept on the site; its confirmation e-mail waits its delay.
    expect(text).toMatch(/^delivery_jobs\{kind="mail",status="(pending|running|done)"\} 1$/m);
    expect(text).toMatch(/^delivery_oldest_pending_seconds\{kind="mail"\} \d/m);
    // Jira is not configured: no tracker job, and its line reads 0 (an alert sees a value, not nothing).
    expect(text).toMatch(/^delivery_oldest_pending_seconds\{kind="tracker"\} 0$/m);
  });

  it("is not on the public port", async () => {
    // The public port knows no such page (an unknown address goes to the home page).
    const onPublic = await fetch(`${server.url}/metrics`, { redirect: "manual" });
    expect(onPublic.status).not.toBe(200);
    expect(await onPublic.text()).not.toContain("http_requests_total");
    expect((await fetch(metricsUrl.replace("/metrics", "/outro"))).status).toBe(404);
  });
});
