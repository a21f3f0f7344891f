import { createHash, randomBytes } from "node:crypto";
import type { Signer } from "../secrets.ts";

/** Minimum time between showing a form and sending it; faster is a bot (default 3 s). */
export const MIN_FILL_MS = 3_000;
/** A form token older than this is still accepted: people leave tabs open. */
export const MAX_TOKEN_AGE_MS = 7 * 24 * 3600_000;

/**
 * A signed "this form was shown at T" token, rendered into every form: `{time}.{nonce}.{signature}`.
 * The nonce makes each token unique, so a token can be spent once (decision 077).
 */
export function issueFormToken(signer: Signer, now: number, nonce = nextNonce()): string {
  const body = `${now}.${nonce}`;
  return `${body}.${signer.sign("form", body)}`;
}

const NONCE_BYTES = 9;
/** Random bytes drawn 4,096 nonces at a time: one draw per token cost more than the signature. */
let nonces = Buffer.alloc(0);
let nonceAt = 0;

/** 9 random bytes in base64url (12 characters), never the same bytes twice. */
function nextNonce(): string {
  if (nonceAt + NONCE_BYTES > nonces.length) {
    nonces = randomBytes(NONCE_BYTES * 4096);
    nonceAt = 0;
  }
  const nonce = nonces.toString("base64url", nonceAt, nonceAt + NONCE_BYTES);
  nonceAt += NONCE_BYTES;
  return nonce;
}

/** What an issued token looks like (time, nonce, signature), to find one in a page. */
export const FORM_TOKEN_SHAPE = /\d{13}\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{43}/g;

/**
 * The time a valid token says its form was shown, or null. Tokens of the earlier form
 * `{time}.{signature}` (pages rendered before the nonce existed) are still read.
 */
export function formTokenShownAt(signer: Signer, token: string | null | undefined): number | null {
  const parts = (token ?? "").split(".");
  if (parts.length < 2 || parts.length > 3 || !/^\d+$/.test(parts[0]!)) return null;
  const signature = parts.at(-1)!;
  const body = parts.slice(0, -1).join(".");
  if (!signature || (parts.length === 3 && !parts[1]) || !signer.verify("form", body, signature)) return null;
  return Number(parts[0]);
}

/**
 * The token an accepted submission hands back to the page for its next form: the same "shown at"
 * time (the visitor already spent that time on the page), a new nonce. A bad token gets a new one.
 */
export function nextFormToken(signer: Signer, spent: string | null | undefined, now: number): string {
  return issueFormToken(signer, formTokenShownAt(signer, spent) ?? now);
}

/** The key a token is spent under: a hash, so the table holds no token that could be sent again. */
export function formTokenKey(token: string): string {
  return createHash("sha256").update(token).digest("hex").slice(0, 40);
}

export type SpamReason = "honeypot" | "too-fast" | "bad-token" | "replayed-token";

/**
 * Why a submission looks automated, or null. Such a lead is answered like a success and stored
 * held for review: never delivered unless an admin releases it. A replayed token is found when the
 * lead is stored (server/leads/repository.ts), not here.
 */
export function spamReason(
  input: { honeypot?: string | null; formToken?: string | null },
  signer: Signer,
  now: number,
  minFillMs = MIN_FILL_MS,
): SpamReason | null {
  if (input.honeypot && input.honeypot.trim() !== "") return "honeypot";
  const shownAt = formTokenShownAt(signer, input.formToken);
  if (shownAt === null) return "bad-token";
  const age = now - shownAt;
  if (age < minFillMs) return "too-fast";
  if (age > MAX_TOKEN_AGE_MS) return "bad-token";
  return null;
}
