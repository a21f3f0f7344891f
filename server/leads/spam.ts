import type { Signer } from "../secrets.ts";

/** Minimum time between showing a form and sending it; faster is a bot (default 3 s). */
export const MIN_FILL_MS = 3_000;
/** A form token older than this is still accepted: people leave tabs open. */
const MAX_TOKEN_AGE_MS = 7 * 24 * 3600_000;

/** A signed "this form was shown at T" token, rendered into every form. */
export function issueFormToken(signer: Signer, now: number): string {
  const issued = String(now);
  return `${issued}.${signer.sign("form", issued)}`;
}

export type SpamReason = "honeypot" | "too-fast" | "bad-token";

/**
 * Why a submission looks automated, or null. Spam is answered like a success and stored flagged,
 * so a bot learns nothing; it is never delivered.
 */
export function spamReason(
  input: { honeypot?: string | null; formToken?: string | null },
  signer: Signer,
  now: number,
  minFillMs = MIN_FILL_MS,
): SpamReason | null {
  if (input.honeypot && input.honeypot.trim() !== "") return "honeypot";
  const [issued, signature] = (input.formToken ?? "").split(".");
  if (!issued || !signature || !/^\d+$/.test(issued) || !signer.verify("form", issued, signature))
    return "bad-token";
  const age = now - Number(issued);
  if (age < minFillMs) return "too-fast";
  if (age > MAX_TOKEN_AGE_MS) return "bad-token";
  return null;
}
