import { randomBytes, randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, decision 103) with the reference
 * library: `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature: v1,<base64>`, the
 * HMAC-SHA256 of "{id}.{timestamp}.{body}" with the endpoint's key.
 */

/** A new endpoint secret: `whsec_` and 32 random bytes in base64 (the format receivers' libraries read). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The Standard Webhooks secret of the LEAD_WEBHOOK_URL endpoint: LEAD_WEBHOOK_SECRET's own bytes,
 * so a receiver verifies with `new Webhook(LEAD_WEBHOOK_SECRET, { format: "raw" })` (ASCII
 * secrets) or with this `whsec_` form, and nothing new has to be configured.
 */
export function environmentWebhookSecret(leadWebhookSecret: string): string {
  return `whsec_${Buffer.from(leadWebhookSecret, "utf8").toString("base64")}`;
}

/** A message identifier: the same for every attempt and resend of one message, so receivers deduplicate. */
export function newMessageId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

/** The three headers of a signed message sent at `sentAt`. */
export function standardWebhookHeaders(
  secret: string,
  messageId: string,
  sentAt: Date,
  body: string,
): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, sentAt, body),
  };
}

/** Whether a stored secret is one this module made (or a receiver could read): `whsec_` and base64. */
export function isWebhookSecret(value: string): boolean {
  return /^whsec_[A-Za-z0-9+/]{40,}={0,2}$/.test(value);
}
