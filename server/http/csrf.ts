import { ONE_CLICK_UNSUBSCRIBE_PATH } from "../mail/unsubscribe-links.ts";
import { normalisePath } from "./rate-limit.ts";

/** An API write that carries the session cookie and says it comes from another site. */
export function isCrossSiteCookieWrite(
  req: {
    method: string;
    path: string;
    headers: Record<string, string | string[] | undefined>;
    host?: string;
  },
  publicBaseUrl: string,
): boolean {
  if (req.method === "GET" || req.method === "HEAD" || !req.path.startsWith("/api/")) return false;
  // Authorised by the signed token in its address, never by the cookie: a mail client posts it (RFC
  // 8058), and a page of another site that holds the link could as well open it (decision 102).
  if (normalisePath(req.path) === ONE_CLICK_UNSUBSCRIBE_PATH) return false;
  if (req.headers.authorization || !/(?:^|;\s*)session=/.test(String(req.headers.cookie ?? ""))) return false;
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
