import { z } from "zod";
import type { Signer } from "../secrets.ts";

/**
 * The newsletter's unsubscribe links (decision 102): `{leadId}.{expiry}.{signature}`, the expiry in
 * seconds since the epoch (base 36) and the signature an HMAC of both with the server's secret. No
 * row is stored: the link names the subscription and proves the site wrote it.
 */

/** How long a welcome e-mail's link works: long enough for a message found in an old inbox. */
export const UNSUBSCRIBE_TOKEN_DAYS = 365;
const PURPOSE = "newsletter-unsubscribe";

/** The shape of a token, checked before its signature (a UUID, an expiry, a base64url HMAC-SHA256). */
export const unsubscribeTokenSchema = z
  .string({ error: "informe o token do link de cancelamento" })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9a-z]{1,9}\.[\w-]{43}$/, {
    error: "token do link de cancelamento malformado",
  });

export function unsubscribeToken(signer: Signer, leadId: string, now: Date): string {
  const expiry = Math.floor(now.getTime() / 1000 + UNSUBSCRIBE_TOKEN_DAYS * 86_400).toString(36);
  return `${leadId}.${expiry}.${signer.sign(PURPOSE, `${leadId}.${expiry}`)}`;
}

export type TokenReading = { ok: true; leadId: string } | { ok: false; reason: "invalid" | "expired" };

/** The lead a token names, or why it is refused: malformed or forged (invalid), or past its expiry. */
export function readUnsubscribeToken(signer: Signer, token: unknown, now: Date): TokenReading {
  const parsed = unsubscribeTokenSchema.safeParse(token);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const [leadId, expiry, signature] = parsed.data.split(".") as [string, string, string];
  if (!signer.verify(PURPOSE, `${leadId}.${expiry}`, signature)) return { ok: false, reason: "invalid" };
  // Checked after the signature: a forged token never learns whether its date would have passed.
  if (Number.parseInt(expiry, 36) * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, leadId };
}
