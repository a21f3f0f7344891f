import { createHmac } from "node:crypto";
import { dashboardFigures } from "@server/admin/dashboard.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryJobs, leads } from "@server/db/schema.ts";
import { issueFormToken } from "@server/leads/spam.ts";
import { createMetrics } from "@server/metrics/metrics.ts";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { startFakeWebhooks } from "../fakes/webhooks.ts";
import { openFreshPglite } from "../support/databases.ts";
import { hotDemoAnswers, leadStack } from "../support/lead-stack.ts";

const SECRET = "webhook-secret-0123456789";

describe("lead notifications: Slack and Teams for hot leads, the signed webhook for every lead", () => {
  let handle: DatabaseHandle;
  let jira: FakeJira;
  let hooks: Awaited<ReturnType<typeof startFakeWebhooks>>;

  beforeEach(async () => {
    [handle, jira, hooks] = await Promise.all([openFreshPglite(), startFakeJira(), startFakeWebhooks()]);
  });
  afterEach(async () => {
    await Promise.all([jira.close(), hooks.close()]);
    await handle.close();
  });

  it("a hot lead held as spam is announced in Slack and Teams at once with the link to release it, and listed on the dashboard; a fast one without other signs is delivered (decision 125)", async () => {
    const stack = await leadStack(handle, jira, undefined, {
      slackUrl: `${hooks.url}/slack`,
      teamsUrl: `${hooks.url}/teams`,
    });
    const sentNow = () => issueFormToken(stack.signer, stack.clock.now().getTime() - 500);
    // Filled by the browser in half a second, nothing else amiss: delivered as any hot lead.
    const autofilled = await stack.leads.submit(
      stack.submission({ formKey: "demo", answers: hotDemoAnswers, formToken: sentNow() }),
    );
    // As fast, with a link in its text: held. Hot, so staff hear of it now.
    const held = await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        answers: {
          ...hotDemoAnswers,
          email: "outra@agrosul.com.br",
          nomeResponsavel: "Veja www.spam.example",
        },
        formToken: sentNow(),
      }),
    );
    await stack.worker.kick();
    expect([autofilled.temperature.level, held.temperature.level]).toEqual(["hot", "hot"]);
    const [autofilledRow, heldRow] = await Promise.all(
      [autofilled, held].map(
        async (lead) => (await handle.db.select().from(leads).where(eq(leads.id, lead.leadId)))[0]!,
      ),
    );
    expect(autofilledRow).toMatchObject({ spamReason: null, deliveryStatus: "delivered" });
    expect(heldRow).toMatchObject({ spamReason: "too-fast", deliveryStatus: "spam", trackerKey: null });
    expect(jira.issues).toHaveLength(1);

    const texts = hooks.received.filter((h) => h.path === "/slack").map((h) => JSON.parse(h.body).text);
    expect(texts).toHaveLength(2);
    const notice = texts.find((text) => text.includes("retido"))!;
    expect(notice).toContain("⚠️ Lead quente (");
    expect(notice).toContain("retido como possível spam: enviado rápido demais");
    expect(notice).toContain(`Revise e libere: http://localhost/admin/leads/${held.leadId}`);
    const card = hooks.received
      .filter((h) => h.path === "/teams")
      .map((h) => JSON.parse(h.body))
      .find((c) => String(c.title).includes("retido"));
    expect(card?.text).toContain(`/admin/leads/${held.leadId}`);

    const figures = await dashboardFigures(handle.db, stack.clock.now());
    expect(figures.heldForReview).toEqual([
      expect.objectContaining({
        id: held.leadId,
        level: "hot",
        spamReason: "too-fast",
        who: "Veja www.spam.example",
      }),
    ]);
    // A held cold lead is not announced: it waits in the inbox's filter.
    await stack.leads.submit(
      stack.submission({
        formKey: "contato",
        answers: { nome: "Fria", email: "fria@example.com", mensagem: "Veja http://fria.example" },
        formToken: sentNow(),
      }),
    );
    await stack.worker.kick();
    expect(hooks.received.filter((h) => h.path === "/slack")).toHaveLength(2);
  });

  it("a hot lead reaches Slack and Teams once; every event reaches the webhook with a valid signature", async () => {
    const metrics = createMetrics({ db: handle.db });
    const stack = await leadStack(handle, jira, undefined, {
      slackUrl: `${hooks.url}/slack`,
      teamsUrl: `${hooks.url}/teams`,
      webhookUrl: `${hooks.url}/leads`,
      webhookSecret: SECRET,
      telemetry: metrics.telemetry,
    });
    const cold = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "fria@example.com" } }),
    );
    // Visitor text that Slack and Teams would read as a mention or a disguised link.
    const hot = await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        answers: {
          ...hotDemoAnswers,
          nomeResponsavel: "<!channel> [Clique](https://evil.example) <https://evil.example|aqui>",
        },
      }),
    );
    await stack.worker.kick();
    expect(hot.temperature.level).toBe("hot");

    const byPath = (path: string) => hooks.received.filter((h) => h.path === path);
    expect(byPath("/slack")).toHaveLength(1);
    expect(byPath("/teams")).toHaveLength(1);
    const slack = JSON.parse(byPath("/slack")[0]!.body).text as string;
    expect(slack).toContain("Agro Sul Ltda");
    expect(slack).toContain(
      "&lt;!channel&gt; [Clique](https://evil.example) &lt;https://evil.example|aqui&gt;",
    );
    expect(slack).not.toMatch(/<!channel>|<https:\/\/evil/);
    const teams = JSON.parse(byPath("/teams")[0]!.body);
    expect(teams["@type"]).toBe("MessageCard");
    expect(teams.text).toContain("&lt;!channel&gt; \\[Clique\\]\\(https://evil.example\\)");
    expect(JSON.stringify([teams.title, teams.summary])).not.toContain("evil");

    const events = byPath("/leads");
    expect(events.map((e) => JSON.parse(e.body).lead.id).sort()).toEqual([cold.leadId, hot.leadId].sort());
    for (const event of events) {
      const timestamp = String(event.headers["x-lead-timestamp"]);
      const expected = `sha256=${createHmac("sha256", SECRET).update(`${timestamp}.${event.body}`).digest("hex")}`;
      expect(event.headers["x-lead-signature"]).toBe(expected);
      expect(event.headers["x-lead-event"]).toBe("lead.completed");
    }
    // What /metrics reports of them (decision 119).
    const scraped = await metrics.registry.metrics();
    expect(scraped).toContain('webhooks_sent_total{target="slack",outcome="sent"} 1\n');
    expect(scraped).toContain('webhooks_sent_total{target="teams",outcome="sent"} 1\n');
    expect(scraped).toContain('webhooks_sent_total{target="webhook",outcome="sent"} 2\n');
    expect(scraped).toContain('webhooks_sent_total{target="webhook",outcome="failed"} 0\n');
  });

  it("a failing webhook is retried with backoff and never dropped", async () => {
    const metrics = createMetrics({ db: handle.db });
    const stack = await leadStack(handle, null, undefined, {
      webhookUrl: `${hooks.url}/leads`,
      webhookSecret: SECRET,
      telemetry: metrics.telemetry,
    });
    hooks.failNext(503);
    const lead = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "retry@example.com" } }),
    );
    await stack.worker.kick();
    // The lead's webhook job (beside it, the visitor's e-mail: decision 102).
    const webhookJob = and(eq(deliveryJobs.leadId, lead.leadId), eq(deliveryJobs.kind, "webhook"));
    const [job] = await handle.db.select().from(deliveryJobs).where(webhookJob);
    expect(job).toMatchObject({ kind: "webhook", status: "pending", lastError: "HTTP 503: erro" });
    expect(await metrics.registry.metrics()).toContain(
      'webhooks_sent_total{target="webhook",outcome="failed"} 1\n',
    );
    stack.clock.advance(30_000);
    await stack.worker.kick();
    const [done] = await handle.db.select().from(deliveryJobs).where(webhookJob);
    expect(done!.status).toBe("done");
    expect(hooks.received).toHaveLength(1);
    const scraped = await metrics.registry.metrics();
    expect(scraped).toContain('webhooks_sent_total{target="webhook",outcome="sent"} 1\n');
    expect(scraped).toContain('webhooks_sent_total{target="webhook",outcome="failed"} 1\n');
  });
});
