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
