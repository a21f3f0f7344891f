/**
 * Bytes as a string of one character per byte (latin1): ASCII searches find what they would in the
 * decoded text, and writing it back as latin1 gives the same bytes. ~70 times cheaper than decoding
 * a page of accented Portuguese as UTF-8 (0.013 against 0.85 ms for the home page).
 */
export function byteView(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}
