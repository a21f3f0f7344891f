import type { ContentLevel } from "@domain/content-lookup.ts";

export { PREVIEW_EXIT, PREVIEW_PARAM } from "@domain/content/preview-routes.ts";

import type { Signer } from "../secrets.ts";

/**
 * Preview links (decision 100): a signed grant to see one document's draft, at one level, on the real
 * public pages, for an hour. Anyone holding the link may look (staff send it to a colleague); it
 * shows a draft, never changes anything. The grant rides in the link's `?preview=` and then in a
 * cookie of that host, so the site's own links keep showing the draft while the visitor browses.
 */

export const PREVIEW_COOKIE = "preview";
export const PREVIEW_TTL_MS = 3600_000;
const PURPOSE = "content-preview";

export interface PreviewGrant extends ContentLevel {
  name: string;
  /** ms since the epoch. */
  expiresAt: number;
}

/** A link's token: the grant in base64url JSON, a dot, its HMAC. */
export function previewToken(signer: Signer, grant: PreviewGrant): string {
  const payload = Buffer.from(
    JSON.stringify({ n: grant.name, s: grant.segment, l: grant.lang, e: grant.expiresAt }),
  ).toString("base64url");
  return `${payload}.${signer.sign(PURPOSE, payload)}`;
}

/** The grant of a token, or why it gives none: a wrong signature or shape, or its hour is over. */
export function readPreviewToken(
  signer: Signer,
  token: string,
  now: number,
): { grant: PreviewGrant } | { problem: "invalid" | "expired" } {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || !signer.verify(PURPOSE, payload, signature))
    return { problem: "invalid" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { problem: "invalid" };
  }
  const { n, s, l, e } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof n !== "string" || typeof s !== "string" || typeof l !== "string" || typeof e !== "number")
    return { problem: "invalid" };
  if (e <= now) return { problem: "expired" };
  return { grant: { name: n, segment: s, lang: l, expiresAt: e } };
}

/** The cookie that keeps a grant while browsing, until the grant's end. */
export function previewCookie(token: string, expiresAt: number, now: number, secure: boolean): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `${PREVIEW_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearedPreviewCookie(secure: boolean): string {
  return `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** What a page shows about the preview it renders: the banner, in words the server chose. */
export interface PreviewContext {
  status: "active" | "expired" | "invalid";
  title: string;
  message: string;
  /** The link that ends the preview, and its words. */
  exit: string;
  exitHref: string;
}
