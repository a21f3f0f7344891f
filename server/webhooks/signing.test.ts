import { createHmac } from "node:crypto";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { standardPayload } from "./payload.ts";
import {
  environmentWebhookSecret,
  isWebhookSecret,
  newMessageId,
  newWebhookSecret,
  standardWebhookHeaders,
} from "./signing.ts";

const data = { id: "3f1e0c5a-0000-4000-8000-000000000001", protocol: "LEAD-20261122-ABCD", form: "demo" };

describe("Standard Webhooks signing, verified by the reference library", () => {
  it("a message signed with a new secret verifies with Webhook.verify and parses to {type, timestamp, data}", () => {
    const secret = newWebhookSecret();
    const occurredAt = new Date("2026-11-22T12:00:00.000Z");
    const body = JSON.stringify(
      standardPayload("lead.created", occurredAt, data, { outcome: { current: "Ganho" } }),
    );
    const messageId = newMessageId();
    const headers = standardWebhookHeaders(secret, messageId, new Date(), body);
    expect(headers["webhook-id"]).toBe(messageId);
    expect(headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual({
      type: "lead.created",
      timestamp: "2026-11-22T12:00:00.000Z",
      data: { ...data, outcome: { current: "Ganho" } },
    });
  });

  it("the signature is HMAC-SHA256 of id.timestamp.body with the secret's decoded key", () => {
    const secret = newWebhookSecret();
    const body = '{"type":"webhook.test"}';
    const sentAt = new Date();
    const headers = standardWebhookHeaders(secret, "msg_1", sentAt, body);
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key)
      .update(`msg_1.${Math.floor(sentAt.getTime() / 1000)}.${body}`)
      .digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
  });

  it("a changed body, another secret, another id or an old timestamp are refused", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify(standardPayload("lead.qualified", new Date(), data));
    const headers = standardWebhookHeaders(secret, "msg_abc", new Date(), body);
    const verify = (s: string, b: string, h: Record<string, string>) => () => new Webhook(s).verify(b, h);
    expect(verify(secret, body.replace("demo", "trial"), headers)).toThrow(WebhookVerificationError);
    expect(verify(newWebhookSecret(), body, headers)).toThrow(WebhookVerificationError);
    expect(verify(secret, body, { ...headers, "webhook-id": "msg_other" })).toThrow(WebhookVerificationError);
    const old = standardWebhookHeaders(secret, "msg_abc", new Date(Date.now() - 10 * 60_000), body);
    expect(verify(secret, body, old)).toThrow(/too old/);
  });

  it("each new secret is whsec_ and 32 random bytes", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    expect(isWebhookSecret(a)).toBe(true);
    expect(newWebhookSecret()).not.toBe(a);
    expect(isWebhookSecret("whsec_short")).toBe(false);
  });

  it("LEAD_WEBHOOK_SECRET's endpoint signs with the secret's own bytes: the raw format verifies it", () => {
    const legacy = "webhook-secret-0123456789";
    const body = '{"event":"lead.completed"}';
    const headers = standardWebhookHeaders(environmentWebhookSecret(legacy), "msg_env", new Date(), body);
    expect(() => new Webhook(legacy, { format: "raw" }).verify(body, headers)).not.toThrow();
    expect(environmentWebhookSecret(legacy)).toBe(`whsec_${Buffer.from(legacy).toString("base64")}`);
  });
});
