import { ONE_CLICK_UNSUBSCRIBE_PATH } from "../mail/unsubscribe-links.ts";
import { normalisePath } from "./rate-limit.ts";

type RequestLike = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  host?: string;
};

/** An API write that carries the session cookie and says it comes from another site. */
export function isCrossSiteCookieWrite(req: RequestLike, publicBaseUrl: string): boolean {
  if (req.method === "GET" || req.method === "HEAD" || !req.path.startsWith("/api/")) return false;
  // Authorised by the signed token in its address, never by the cookie: a mail client posts it (RFC
  // 8058), and a page of another site that holds the link could as well open it (decision 102).
  if (normalisePath(req.path) === ONE_CLICK_UNSUBSCRIBE_PATH) return false;
  if (req.headers.authorization || !/(?:^|;\s*)session=/.test(String(req.headers.cookie ?? ""))) return false;
  return saysCrossSite(req, publicBaseUrl);
}

/**
 * A request a browser sent from another site's page (Sec-Fetch-Site, or an Origin that is neither
 * the host asked nor the public address; `Origin: null` too). Without either header (a program, an
 * old browser) nothing says so. The funnel's beacon refuses these with or without a cookie.
 */
export function saysCrossSite(req: Pick<RequestLike, "headers" | "host">, publicBaseUrl: string): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = req.headers.origin;
  if (typeof origin !== "string" || origin === "") return false;
  if (origin === "null") return true;
  try {
    const host = new URL(origin).host;
    return host !== req.host && host !== new URL(publicBaseUrl).host;
  } catch {
    return true;
  }
}
