import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  deliveryIdentifier,
  inboundChange,
  jiraTime,
  jiraWebhookSchema,
  signatureFor,
  validSignature,
} from "./webhook.ts";

const secret = "segredo-do-webhook-123";
const body = Buffer.from('{"webhookEvent":"jira:issue_updated","issue":{"key":"SUPP-7"}}', "utf8");

describe("Jira webhook signature (X-Hub-Signature: sha256=<hex HMAC-SHA256 of the raw body>)", () => {
  it("accepts the HMAC of the exact bytes with the secret, in either case of hex", () => {
    const hex = createHmac("sha256", secret).update(body).digest("hex");
    expect(validSignature(body, `sha256=${hex}`, secret)).toBe(true);
    expect(validSignature(body, `sha256=${hex.toUpperCase()}`, secret)).toBe(true);
    expect(signatureFor(body, secret)).toBe(`sha256=${hex}`);
  });
  it("refuses a missing header, another scheme, another secret, another body or a truncated signature", () => {
    const good = signatureFor(body, secret);
    expect(validSignature(body, undefined, secret)).toBe(false);
    expect(validSignature(body, good.replace("sha256=", "sha1="), secret)).toBe(false);
    expect(validSignature(body, signatureFor(body, `${secret}x`), secret)).toBe(false);
    expect(validSignature(Buffer.concat([body, Buffer.from(" ")]), good, secret)).toBe(false);
    expect(validSignature(body, good.slice(0, -2), secret)).toBe(false);
    expect(validSignature(body, "sha256=", secret)).toBe(false);
  });
});

describe("a delivery's identity", () => {
  it("is Jira's X-Atlassian-Webhook-Identifier, or the body's hash without it", () => {
    expect(deliveryIdentifier("f1c0-42", body)).toBe("f1c0-42");
    expect(deliveryIdentifier(undefined, body)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(deliveryIdentifier("  ", body)).toBe(deliveryIdentifier(undefined, body));
    expect(deliveryIdentifier(undefined, Buffer.from("{}"))).not.toBe(deliveryIdentifier(undefined, body));
  });
});

describe("what a delivery means", () => {
  const issue = (status: { name: string; key: string }) => ({
    key: "FDVW-12",
    fields: {
      status: { name: status.name, statusCategory: { key: status.key, name: "x" } },
      updated: "2026-11-26T10:15:30.000+0000",
    },
  });
  it("an issue update carries the status and its category (the category decides, not the name)", () => {
    const payload = jiraWebhookSchema.parse({
      webhookEvent: "jira:issue_updated",
      issue: issue({ name: "Em análise", key: "indeterminate" }),
    });
    expect(inboundChange(payload)).toEqual({
      kind: "status",
      issueKey: "FDVW-12",
      status: "Em análise",
      category: "indeterminate",
    });
  });
  it("a deletion, and the three comment events with their comment", () => {
    expect(
      inboundChange(
        jiraWebhookSchema.parse({ webhookEvent: "jira:issue_deleted", issue: { key: "FDVW-12" } }),
      ),
    ).toEqual({
      kind: "deleted",
      issueKey: "FDVW-12",
    });
    for (const action of ["created", "updated", "deleted"] as const) {
      const payload = jiraWebhookSchema.parse({
        webhookEvent: `comment_${action}`,
        issue: { key: "SUPP-3" },
        comment: {
          id: "10042",
          body: { type: "doc", version: 1, content: [] },
          visibility: { type: "role", value: "Administrators" },
        },
      });
      expect(inboundChange(payload)).toMatchObject({
        kind: "comment",
        action,
        issueKey: "SUPP-3",
        comment: { id: "10042" },
      });
    }
  });
  it("nothing for events the product does not follow, or without an issue", () => {
    expect(
      inboundChange(
        jiraWebhookSchema.parse({ webhookEvent: "jira:worklog_updated", issue: { key: "FDVW-1" } }),
      ),
    ).toBeNull();
    expect(inboundChange(jiraWebhookSchema.parse({ webhookEvent: "jira:issue_updated" }))).toBeNull();
    expect(
      jiraWebhookSchema.safeParse({ webhookEvent: "jira:issue_updated", issue: { key: "not a key" } })
        .success,
    ).toBe(false);
  });
});

describe("Jira's date-times", () => {
  it("reads an offset without a colon, and refuses what is not a date", () => {
    expect(jiraTime("2026-11-26T10:15:30.000+0000")?.toISOString()).toBe("2026-11-26T10:15:30.000Z");
    expect(jiraTime("2026-11-26T07:15:30.000-0300")?.toISOString()).toBe("2026-11-26T10:15:30.000Z");
    expect(jiraTime("2026-11-26T10:15:30.000Z")?.toISOString()).toBe("2026-11-26T10:15:30.000Z");
    expect(jiraTime("ontem")).toBeNull();
    expect(jiraTime(undefined)).toBeNull();
  });
});
