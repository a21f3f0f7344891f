/**
 * A stream's bytes, or null as soon as they pass `limit` (whatever a Content-Length said): an
 * upload or a fetched file is never held whole beyond its limit. Past the limit the rest is left
 * unread: `release` lets the stream go as it is (a request's body: cancelling it would destroy the
 * socket before a 413 is written), `cancel` stops it (a fetched answer not wanted any more).
 */
export async function readUpTo(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  pastLimit: "release" | "cancel",
): Promise<Buffer | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      if (pastLimit === "cancel") await reader.cancel();
      else reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
