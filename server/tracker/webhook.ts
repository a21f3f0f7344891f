import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { JiraStatusCategory } from "@domain/leads/outcomes.ts";
import { z } from "@domain/zod.ts";

/**
 * Jira admin webhooks (decision 092): how a delivery is authenticated and what of it the product reads.
 * Plain functions; the HTTP edge is server/http/jira-webhook.ts, the effects server/tracker/inbound.ts.
 */

/** Whether `header` is `sha256=<hex HMAC-SHA256 of the raw body with the secret>`, compared in constant time. */
export function validSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length).trim().toLowerCase(), "utf8");
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signature header Jira sends for a body (tests and the fake Jira sign with it too). */
export function signatureFor(rawBody: Buffer | string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

/**
 * A delivery's identity: X-Atlassian-Webhook-Identifier (the same on Jira's retries of one event),
 * or the body's hash when a proxy dropped the header, so a repeated body still changes nothing.
 */
export function deliveryIdentifier(header: string | undefined, rawBody: Buffer): string {
  const given = header?.trim();
  if (given && given.length <= 200) return given;
  return `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
}

export const JIRA_WEBHOOK_EVENTS = [
  "jira:issue_updated",
  "jira:issue_deleted",
  "comment_created",
  "comment_updated",
  "comment_deleted",
] as const;
export type JiraWebhookEvent = (typeof JIRA_WEBHOOK_EVENTS)[number];

export type StatusCategory = JiraStatusCategory;

const statusSchema = z.object({
  name: z.string().max(200),
  statusCategory: z.object({ key: z.enum(["new", "indeterminate", "done", "undefined"]) }).loose(),
});

const issueSchema = z
  .object({
    id: z.string().max(40).optional(),
    key: z.string().regex(/^[A-Z][A-Z0-9_]{0,19}-\d{1,12}$/),
    fields: z
      .object({
        status: statusSchema.optional(),
        updated: z.string().max(60).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

const commentSchema = z
  .object({
    id: z.string().max(40),
    body: z.unknown().optional(),
    author: z
      .object({ accountId: z.string().max(200).optional(), displayName: z.string().max(300).optional() })
      .loose()
      .optional(),
    created: z.string().max(60).optional(),
    updated: z.string().max(60).optional(),
    visibility: z
      .object({ type: z.string().max(40), value: z.string().max(200).optional() })
      .loose()
      .optional(),
  })
  .loose();

/** The part of a Jira webhook payload the product reads; anything else in it is ignored. */
export const jiraWebhookSchema = z
  .object({
    webhookEvent: z.string().max(100),
    timestamp: z.number().optional(),
    issue: issueSchema.optional(),
    comment: commentSchema.optional(),
  })
  .loose();

export type JiraWebhook = z.output<typeof jiraWebhookSchema>;

/** What one delivery means for the product, or null for an event it does not follow. */
export type InboundChange =
  | { kind: "status"; issueKey: string; status: string; category: StatusCategory }
  | { kind: "deleted"; issueKey: string }
  | {
      kind: "comment";
      action: "created" | "updated" | "deleted";
      issueKey: string;
      comment: NonNullable<JiraWebhook["comment"]>;
    };

/**
 * Reads a delivery. An issue event carries the issue's current status (its category decides what a
 * customer or the inbox sees, not its name); comment events carry the comment and its issue.
 */
export function inboundChange(payload: JiraWebhook): InboundChange | null {
  const issueKey = payload.issue?.key;
  if (!issueKey) return null;
  switch (payload.webhookEvent) {
    case "jira:issue_updated": {
      const status = payload.issue?.fields?.status;
      if (!status) return null;
      const key = status.statusCategory.key;
      return { kind: "status", issueKey, status: status.name, category: key === "undefined" ? "new" : key };
    }
    case "jira:issue_deleted":
      return { kind: "deleted", issueKey };
    case "comment_created":
    case "comment_updated":
    case "comment_deleted":
      if (!payload.comment) return null;
      return {
        kind: "comment",
        action: payload.webhookEvent.slice("comment_".length) as "created" | "updated" | "deleted",
        issueKey,
        comment: payload.comment,
      };
    default:
      return null;
  }
}

/**
 * A Jira date-time (`2026-11-26T10:15:30.000+0000`: an offset without a colon, which Date.parse
 * does not read everywhere), or null when there is none or it does not parse.
 */
export function jiraTime(value: string | undefined | null): Date | null {
  if (!value) return null;
  const parsed = Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, "$1:$2"));
  return Number.isNaN(parsed) ? null : new Date(parsed);
}
