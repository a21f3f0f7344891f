/**
 * Prometheus' /metrics (decision 119) on a server process: on METRICS_PORT only, in the text format,
 * with requests by route template, the page cache's hits and misses, the delivery outbox and Node's
 * process metrics. The outbox's figures are read from the database at each scrape. A second server
 * talks to a Jira that refuses its token and to an SMTP server: its calls and e-mails are counted.
 */
import { randomUUID } from "node:crypto";
import { issueFormToken } from "@server/leads/spam.ts";
import { statusClass } from "@server/metrics/metrics.ts";
import { Signer } from "@server/secrets.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeJira } from "../fakes/jira.ts";
import { startFakeSmtp } from "../fakes/smtp.ts";
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
    expect(text).toMatch(/^database_up 1$/m);
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

/** The METRICS_PORT a server logged. */
function metricsUrlOf(server: ServerProcess): string {
  const port = /"port":(\d+)[^\n]*"msg":"metrics listening"/.exec(server.output())?.[1];
  if (!port) throw new Error(`no metrics port in:\n${server.output()}`);
  return `http://127.0.0.1:${port}/metrics`;
}

describe("/metrics of the services' calls: Jira refusing the token, e-mails, the periodic tasks", () => {
  it("counts each Jira call by operation and outcome, each e-mail sent, and gives each task's period", async () => {
    const [jira, smtp] = await Promise.all([startFakeJira(), startFakeSmtp()]);
    const server = await startServerProcess({
      METRICS_PORT: "0",
      SESSION_SECRET: SECRET,
      JIRA_BASE_URL: jira.url,
      JIRA_EMAIL: "bot@example.com",
      // Not the fake's token: Jira answers 401, as it does once a token expires.
      JIRA_API_TOKEN: "token-vencido",
      SMTP_URL: smtp.url,
    });
    try {
      const url = metricsUrlOf(server);
      const scrape = () => fetch(url).then((res) => res.text());
      // The start asks Jira who it is (B §7.2): refused.
      await expect
        .poll(scrape)
        .toMatch(/^jira_requests_total\{operation="myself",outcome="unauthorized"\} 1$/m);
      const text = await scrape();
      expect(text).toMatch(/^jira_request_duration_seconds_count\{operation="myself"\} 1$/m);
      expect(text).toMatch(/^jira_requests_total\{operation="create_issue",outcome="unauthorized"\} 0$/m);
      expect(text).toMatch(/^periodic_job_interval_seconds\{task="content-schedules"\} 30$/m);
      expect(text).toMatch(/^periodic_job_interval_seconds\{task="jira-reconciliation"\} 300$/m);
      expect(text).toMatch(/^page_renders_queued 0$/m);

      // A password reset is mailed at once: one e-mail handed to SMTP.
      const customer = /cliente: (\S+) \//.exec(server.output())![1]!;
      const asked = await fetch(`${server.url}/forgot-password`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ email: customer }).toString(),
      });
      expect(asked.status).toBe(200);
      await expect.poll(() => smtp.messages.length).toBe(1);
      await expect.poll(scrape).toMatch(/^emails_sent_total\{outcome="sent"\} 1$/m);
      expect(await scrape()).toMatch(/^emails_sent_total\{outcome="failed"\} 0$/m);
    } finally {
      await server.stop();
      await Promise.all([jira.close(), smtp.close()]);
    }
  });
});
