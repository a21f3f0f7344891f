import { createHash, randomBytes } from "node:crypto";
import type { FormKey } from "@domain/forms/form-keys.ts";
import type { Signer } from "../secrets.ts";

/** Minimum time between a form being first touched and sent; faster is a bot (default 3 s). */
export const MIN_FILL_MS = 3_000;
/**
 * The minimum for a confirmation step drawn by the server (a post without JavaScript, decision 122):
 * the visitor filled the form before it, and only reads and presses the button again.
 */
export const CONFIRMATION_MIN_FILL_MS = 1_000;
/** A form token older than this is still accepted: people leave tabs open. */
export const MAX_TOKEN_AGE_MS = 7 * 24 * 3600_000;

/**
 * How a challenge came to the visitor: fetched by the form on its first interaction (focus, the
 * chat popup opening), or drawn by the server into a no-JavaScript post's confirmation step.
 */
export type ChallengeKind = "interaction" | "confirmation";

const KIND_MARK: Record<ChallengeKind, string> = { interaction: "i", confirmation: "c" };

/**
 * A form's challenge (decision 122): `{form}.{kind}.{issued-at}.{nonce}.{signature}`. Signed, bound
 * to one form and to when it was issued; its nonce makes it unique, so it is spent once (decision
 * 077). Pages carry none: the same bytes go to every visitor (decision 122).
 */
export function issueFormChallenge(
  signer: Signer,
  form: FormKey,
  now: number,
  kind: ChallengeKind = "interaction",
): string {
  const body = `${form}.${KIND_MARK[kind]}.${now}.${nextNonce()}`;
  return `${body}.${signer.sign("form-challenge", body)}`;
}

/**
 * A token of the form pages carried before challenges, `{time}.{nonce}.{signature}`: still read
 * for a week (pages kept open in a tab, MAX_TOKEN_AGE_MS), bound to no form. Tests that are not
 * about the spam check use it to pass it.
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

/** What an issued token or challenge looks like, to find one in a page (none should be there). */
export const FORM_TOKEN_SHAPE = /(?:[a-z]+\.[ic]\.)?\d{13}\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{43}/g;

/** What a valid token says: when its form was shown or touched, and the form it is bound to. */
export interface ReadFormToken {
  shownAt: number;
  /** The form a challenge was issued for; null for a token of the earlier, unbound forms. */
  form: string | null;
  kind: ChallengeKind;
}

/**
 * What a valid token says, or null. Challenges `{form}.{kind}.{time}.{nonce}.{signature}`; the
 * earlier page tokens `{time}.{nonce}.{signature}` and `{time}.{signature}` are still read.
 */
export function readFormToken(signer: Signer, token: string | null | undefined): ReadFormToken | null {
  const parts = (token ?? "").split(".");
  const signature = parts.at(-1)!;
  const body = parts.slice(0, -1).join(".");
  if (!signature) return null;
  if (parts.length === 5) {
    const [form, mark, time, nonce] = parts as [string, string, string, string];
    const kind = mark === "c" ? "confirmation" : mark === "i" ? "interaction" : null;
    if (!/^[a-z]+$/.test(form) || !kind || !/^\d+$/.test(time) || !nonce) return null;
    if (!signer.verify("form-challenge", body, signature)) return null;
    return { shownAt: Number(time), form, kind };
  }
  if (parts.length < 2 || parts.length > 3 || !/^\d+$/.test(parts[0]!)) return null;
  if ((parts.length === 3 && !parts[1]) || !signer.verify("form", body, signature)) return null;
  return { shownAt: Number(parts[0]), form: null, kind: "interaction" };
}

/** The key a token is spent under: a hash, so the table holds no token that could be sent again. */
export function formTokenKey(token: string): string {
  return createHash("sha256").update(token).digest("hex").slice(0, 40);
}

export type SpamReason = "honeypot" | "too-fast" | "bad-token" | "replayed-token";

/** What the honeypot and the token say: held outright, sent faster than a person types, or clean. */
export type FillVerdict = "honeypot" | "bad-token" | "fast" | "clean";

/**
 * The honeypot and the token, read. A filled honeypot or a token that is not ours (forged, another
 * form's, expired) holds the lead; a submission sooner than `minFillMs` after its challenge is only
 * "fast": browsers' autofill, a pasted CNPJ or a chat popup's two fields do that (decision 125).
 * A replayed token is found when the lead is stored (server/leads/repository.ts), not here.
 */
export function fillVerdict(
  input: { honeypot?: string | null; formToken?: string | null; formKey?: string },
  signer: Signer,
  now: number,
  minFillMs = MIN_FILL_MS,
): FillVerdict {
  if (input.honeypot && input.honeypot.trim() !== "") return "honeypot";
  const token = readFormToken(signer, input.formToken);
  if (token === null) return "bad-token";
  if (token.form !== null && input.formKey !== undefined && token.form !== input.formKey) return "bad-token";
  const age = now - token.shownAt;
  if (age > MAX_TOKEN_AGE_MS) return "bad-token";
  const minimum = token.kind === "confirmation" ? Math.min(minFillMs, CONFIRMATION_MIN_FILL_MS) : minFillMs;
  return age < minimum ? "fast" : "clean";
}

/** A fast submission is held when this many leads came from its client in the window before it. */
export const FAST_RECENT_LIMIT = 3;
export const FAST_RECENT_WINDOW_MS = 10 * 60_000;

/** What else is known of a fast submission: whether its text carries links, how many came before it. */
export interface FastSigns {
  links: boolean;
  /** Leads from the same client (its hashed address) in the FAST_RECENT_WINDOW_MS before it. */
  recentFromClient: number;
}

/**
 * Whether a fast submission is a bot's (decision 125): speed alone is not enough, since people
 * autofill; it is with links in the text (what spam bots post) or with the same client having sent
 * FAST_RECENT_LIMIT leads in the last ten minutes.
 */
export function fastIsSpam(signs: FastSigns): boolean {
  return signs.links || signs.recentFromClient >= FAST_RECENT_LIMIT;
}

/** Links or markup in a text answer: `http://`, `www.`, `[url=`, an HTML tag. */
const LINK_SHAPE = /https?:\/\/|\bwww\.|\[url[=\]]|<\s*[a-z][^>]*>/i;

/** Whether any text answer (a field or an item of a list) carries a link or markup. */
export function answersCarryLinks(answers: Record<string, unknown>): boolean {
  return Object.values(answers).some((value) =>
    (Array.isArray(value) ? value : [value]).some(
      (item) => typeof item === "string" && LINK_SHAPE.test(item),
    ),
  );
}

/**
 * Why a submission is held for review as automated, or null: the fill verdict, and for a fast one
 * the signs that weigh with it (decision 125). Such a lead is answered like a success and stored
 * held: never delivered unless an admin releases it; a warm or hot one is announced to staff.
 */
export function spamReason(
  input: { honeypot?: string | null; formToken?: string | null; formKey?: string },
  signer: Signer,
  now: number,
  minFillMs = MIN_FILL_MS,
  signs: FastSigns = { links: false, recentFromClient: 0 },
): SpamReason | null {
  const verdict = fillVerdict(input, signer, now, minFillMs);
  if (verdict === "honeypot" || verdict === "bad-token") return verdict;
  return verdict === "fast" && fastIsSpam(signs) ? "too-fast" : null;
}
