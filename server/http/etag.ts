/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2, or "*"). */
export function matchesEtag(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === opaque;
  });
}
