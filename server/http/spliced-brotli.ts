import { randomBytes } from "node:crypto";
import { brotliDecompressSync, constants, createBrotliCompress } from "node:zlib";

/**
 * Quality 4: the highest at which brotli models literals without context (the context of a
 * literal is the two bytes before it, which in a spliced body belong to a value the encoder never
 * saw). Still 10–15 % smaller than gzip -9 on our pages, at a fraction of quality 11's time.
 */
const QUALITY = 4;

/**
 * A brotli body compressed once and served many times with a fresh value of a fixed length spliced
 * in at fixed places (the page cache's form token), as SplicedGzip does for gzip (RFC 7932).
 *
 * The parts are compressed in one stream, each ended by a flush (byte-aligned, a meta-block
 * boundary), with a placeholder of the value's length between each two so that every distance in
 * the stream stays right. Each placeholder's compressed meta-block is then replaced by an
 * uncompressed meta-block holding the real value. That is sound only when nothing refers into a
 * placeholder and its meta-block is literals only (no copy, so the decoder's last distances stay
 * the same): placeholders are control characters the page never contains, with no two-byte
 * sequence twice in all of them. Every body is checked once, by decompressing it, before use.
 */
export class SplicedBrotli {
  private constructor(
    private readonly compressed: Buffer[],
    readonly valueLength: number,
  ) {}

  /**
   * The brotli form of `parts` with values of `valueLength` bytes between them, or null when it
   * cannot be made (then gzip serves). One part has no place for a value.
   */
  static async create(parts: Buffer[], valueLength: number): Promise<SplicedBrotli | null> {
    if (parts.length === 0) return null;
    if (parts.length > 1 && (valueLength < 1 || valueLength > 0xffff)) return null;
    // One placeholder per place, each a different stretch of the sequence: a copy from one to the
    // next would change the decoder's last distances when the real values go in.
    const gaps = parts.length - 1;
    if (gaps * valueLength > DE_BRUIJN.length) return null;
    const placeholders = Array.from({ length: gaps }, (_, i) =>
      DE_BRUIJN.subarray(i * valueLength, (i + 1) * valueLength),
    );
    if (parts.some((part) => part.some((byte) => PLACEHOLDER_BYTES.has(byte)))) return null;
    const compressed = await compressWithFlushes(parts, placeholders);
    const spliced = new SplicedBrotli(compressed, valueLength);
    // The proof: a random value comes out of the decoder exactly where it was put.
    const value = Buffer.from(randomBytes(valueLength).toString("base64url").slice(0, valueLength));
    try {
      const decoded = brotliDecompressSync(Buffer.concat(spliced.brotli(value)));
      return decoded.equals(Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [value, part]))))
        ? spliced
        : null;
    } catch {
      return null;
    }
  }

  /** Whether `value` may go in: it has the length the body was compressed for. */
  fits(value: Buffer): boolean {
    return this.compressed.length === 1 || value.length === this.valueLength;
  }

  /** Bytes of the body. */
  get length(): number {
    const header = this.compressed.length - 1;
    return this.compressed.reduce((sum, part) => sum + part.length, 0) + header * (3 + this.valueLength);
  }

  /** The brotli body with `value` (exactly `valueLength` bytes) in every place, as chunks to write. */
  brotli(value: Buffer): Buffer[] {
    if (!this.fits(value)) throw new Error("a spliced brotli value has a fixed length");
    // ISLAST 0, MNIBBLES 0 (four nibbles), MLEN - 1, ISUNCOMPRESSED 1, zero padding to the byte.
    const bits = ((value.length - 1) << 3) | (1 << 19);
    // The meta-block header and the value in one small buffer (Node's pool), written at every place.
    const block = Buffer.allocUnsafe(3 + value.length);
    block[0] = bits & 0xff;
    block[1] = (bits >>> 8) & 0xff;
    block[2] = (bits >>> 16) & 0xff;
    value.copy(block, 3);
    const chunks: Buffer[] = [this.compressed[0] as Buffer];
    for (let index = 1; index < this.compressed.length; index++)
      chunks.push(block, this.compressed[index] as Buffer);
    return chunks;
  }
}

/**
 * The parts through one brotli stream (on the thread pool), each ended by a flush, with the
 * placeholders between them: the output of each part, the placeholders' left out.
 */
async function compressWithFlushes(parts: Buffer[], placeholders: Buffer[]): Promise<Buffer[]> {
  const encoder = createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const pending: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => pending.push(chunk));
  const failed = new Promise<never>((_, reject) => encoder.once("error", reject));
  const ended = new Promise<void>((resolve) => encoder.once("end", resolve));
  /** Everything the encoder has given since the last call. */
  const take = () => Buffer.concat(pending.splice(0));
  const flushed = (bytes: Buffer) => {
    encoder.write(bytes);
    return Promise.race([
      failed,
      new Promise<void>((resolve) => encoder.flush(constants.BROTLI_OPERATION_FLUSH, () => resolve())),
    ]).then(() => new Promise((resolve) => setImmediate(resolve)));
  };
  const compressed: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1) {
      encoder.end(part);
      await Promise.race([failed, ended]);
      compressed.push(take());
    } else {
      await flushed(part);
      compressed.push(take());
      await flushed(placeholders[index]!);
      take();
    }
  }
  return compressed;
}

/** Control characters other than tab, line feed and carriage return: never in our HTML. */
const SYMBOLS = [...Array(32).keys()].filter(
  (byte) => byte !== 0 && byte !== 9 && byte !== 10 && byte !== 13,
);
const PLACEHOLDER_BYTES = new Set(SYMBOLS);

/**
 * Placeholder bytes: a de Bruijn sequence over SYMBOLS, in which every two-byte sequence occurs
 * once (784 bytes), so no copy of two or more bytes fits inside it.
 */
const DE_BRUIJN: Buffer = (() => {
  const k = SYMBOLS.length;
  const a = new Array<number>(2 * k).fill(0);
  const sequence: number[] = [];
  const visit = (t: number, p: number): void => {
    if (t > 2) {
      if (2 % p === 0) for (let j = 1; j <= p; j++) sequence.push(a[j]!);
      return;
    }
    a[t] = a[t - p]!;
    visit(t + 1, p);
    for (let j = a[t - p]! + 1; j < k; j++) {
      a[t] = j;
      visit(t + 1, t);
    }
  };
  visit(1, 1);
  return Buffer.from(sequence.map((index) => SYMBOLS[index]!));
})();
