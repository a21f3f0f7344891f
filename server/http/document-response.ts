import { documentKey, surrogateKeyHeaders } from "../cache/surrogate-keys.ts";
import type { ResolvedDocument } from "../content/service.ts";
import { matchesEtag } from "./etag.ts";
import { PAGE_CACHE_CONTROL, type PageSlot } from "./page-cache.ts";

/**
 * A content document as a public JSON answer: its ETag, a short shared cache life, and 304 when the
 * client's copy is current. With a slot, the front cache keeps the answer (server/http/page-cache.ts)
 * and so may any shared cache: the same bytes for everyone, named by their document (decision 122).
 */
export function documentResponse(
  request: Request,
  doc: ResolvedDocument,
  options: { vary?: string; cacheControl?: string; slot?: PageSlot | null } = {},
): Response {
  const shared = options.slot ? surrogateKeyHeaders([...options.slot.keys, documentKey(doc.name)]) : {};
  const headers = {
    ETag: doc.etag,
    "Cache-Control":
      options.cacheControl ??
      (options.slot ? PAGE_CACHE_CONTROL : "public, max-age=60, stale-while-revalidate=300"),
    Vary: options.vary ?? "Accept-Encoding",
    "Content-Type": "application/json; charset=utf-8",
    ...shared,
  };
  if (matchesEtag(request.headers.get("if-none-match"), doc.etag))
    return new Response(null, { status: 304, headers });
  const body = JSON.stringify(doc.data);
  if (options.slot) options.slot.html = body;
  return new Response(body, { headers });
}
