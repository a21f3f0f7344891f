import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { leadRow } from "../../tests/support/lead-row.ts";
import { signWebhook, slackEscape, teamsEscape, webhookPayload } from "./notify.ts";
import type { LeadRow } from "./repository.ts";

describe("lead webhook signature: sha256=hex(HMAC-SHA256(secret, '{timestamp}.{body}'))", () => {
  const secret = "segredo-do-webhook";
  const timestamp = "1795348800";
  const body = JSON.stringify({ event: "lead.created", lead: { id: "x", answers: { nome: "Ação" } } });

  it("matches an HMAC computed independently", () => {
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`;
    expect(signWebhook(secret, timestamp, body)).toBe(expected);
    expect(signWebhook(secret, timestamp, body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
  it("a known vector", () => {
    // HMAC-SHA256(key "key", "1.{}") computed with node:crypto
    const expected = createHmac("sha256", "key").update("1.{}").digest("hex");
    expect(signWebhook("key", "1", "{}")).toBe(`sha256=${expected}`);
  });
  it("changes with the timestamp, the body and the secret", () => {
    const base = signWebhook(secret, timestamp, body);
    expect(signWebhook(secret, "1795348801", body)).not.toBe(base);
    expect(signWebhook(secret, timestamp, `${body} `)).not.toBe(base);
    expect(signWebhook(`${secret}x`, timestamp, body)).not.toBe(base);
  });
  it("signs '{timestamp}.{body}', not the body alone nor another separator", () => {
    const hmac = (text: string) => `sha256=${createHmac("sha256", secret).update(text).digest("hex")}`;
    const signature = signWebhook(secret, timestamp, body);
    expect(signature).not.toBe(hmac(body));
    expect(signature).not.toBe(hmac(`${timestamp}${body}`));
    expect(signature).not.toBe(hmac(`${body}.${timestamp}`));
  });
});

function row(overrides: Partial<LeadRow> = {}): LeadRow {
  return leadRow({
    stage: "completed",
    version: 3,
    answers: { nomeResponsavel: "Ana Souza", segmento: ["industria"] },
    score: 82,
    level: "hot",
    priority: "high",
    responseHours: 4,
    tracking: { clarityId: "abc", utm: { utm_source: "google" } },
    clientHash: "hash-do-cliente",
    consentAt: new Date("2026-11-22T13:00:00.000Z"),
    trackerKey: "FDVW-42",
    trackerUrl: "https://acme.atlassian.net/browse/FDVW-42",
    trackerSyncedVersion: 3,
    trackerQualified: true,
    deliveryStatus: "delivered",
    respondBy: new Date("2026-11-22T17:05:00.000Z"),
    updatedAt: new Date("2026-11-22T13:06:00.000Z"),
    ...overrides,
  });
}

describe("lead webhook payload", () => {
  it("carries the event and the lead's public data", () => {
    const lead = row();
    expect(webhookPayload(lead, "lead.completed")).toEqual({
      event: "lead.completed",
      lead: {
        id: lead.id,
        protocol: "VRT-20261122-7K3F9Q",
        form: "demo",
        type: "lead_capture_qualified",
        stage: "completed",
        temperature: { score: 82, level: "hot" },
        priority: "high",
        responseHours: 4,
        answers: { nomeResponsavel: "Ana Souza", segmento: ["industria"] },
        context: { language: "pt" },
        tracking: { clarityId: "abc", utm: { utm_source: "google" } },
        consent: {
          purpose: "Contato comercial",
          textVersion: "2026-11-01",
          at: new Date("2026-11-22T13:00:00.000Z"),
        },
        tracker: { key: "FDVW-42", url: "https://acme.atlassian.net/browse/FDVW-42" },
        createdAt: new Date("2026-11-22T13:05:00.000Z"),
      },
    });
  });
  it("never carries the client hash, the spam reason or internal sync state", () => {
    const lead = webhookPayload(row({ spamReason: "honeypot" }), "lead.created").lead as Record<
      string,
      unknown
    >;
    for (const key of [
      "clientHash",
      "spamReason",
      "version",
      "trackerSyncedVersion",
      "deliveryStatus",
      "updatedAt",
    ]) {
      expect(lead, key).not.toHaveProperty(key);
    }
  });
  it("tracker is null before a ticket exists", () => {
    const payload = webhookPayload(row({ trackerKey: null, trackerUrl: null }), "lead.created");
    expect((payload.lead as Record<string, unknown>).tracker).toBeNull();
  });
  it("serialises dates as ISO strings", () => {
    const json = JSON.parse(JSON.stringify(webhookPayload(row(), "lead.created")));
    expect(json.lead.createdAt).toBe("2026-11-22T13:05:00.000Z");
    expect(json.lead.consent.at).toBe("2026-11-22T13:00:00.000Z");
  });
});

describe("visitor text in Slack and Teams messages", () => {
  it("Slack: no mention nor disguised link survives", () => {
    expect(slackEscape("<!channel> <https://evil.example|Clique aqui> A&B")).toBe(
      "&lt;!channel&gt; &lt;https://evil.example|Clique aqui&gt; A&amp;B",
    );
  });
  it("Teams: Markdown and HTML show as typed", () => {
    expect(teamsEscape("[Clique](https://evil.example) <b>*oi*</b> A&B")).toBe(
      "\\[Clique\\]\\(https://evil.example\\) &lt;b&gt;\\*oi\\*&lt;/b&gt; A&amp;B",
    );
    expect(teamsEscape("Maria Oliveira")).toBe("Maria Oliveira");
  });
});
