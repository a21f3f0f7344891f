import type { ResolvedDocument } from "../content/service.ts";
import { jsonResponse } from "./errors.ts";

/** Whether an If-None-Match header names this ETag (weak or strong, or "*"). */
export function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

/**
 * A content document as a public JSON answer: its ETag, a short shared cache life, and 304 when the
 * client's copy is current.
 */
export function documentResponse(
  request: Request,
  doc: ResolvedDocument,
  vary = "Accept-Encoding",
  cacheControl = "public, max-age=60, stale-while-revalidate=300",
): Response {
  const headers = { ETag: doc.etag, "Cache-Control": cacheControl, Vary: vary };
  if (matchesEtag(request.headers.get("if-none-match"), doc.etag))
    return new Response(null, { status: 304, headers });
  return jsonResponse(doc.data, { headers });
}
