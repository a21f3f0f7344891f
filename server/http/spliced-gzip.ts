import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A gzip body compressed once and served many times with a fresh value spliced in at fixed
 * places (the page cache's per-response form token), without compressing anything per response.
 *
 * Each fixed part is deflated on its own and ends with a sync flush, so it is byte-aligned and
 * refers to nothing outside itself; a value goes between two parts as a "stored" (uncompressed)
 * deflate block, and the gzip trailer's CRC-32 is combined from the parts' precomputed CRCs
 * (RFC 1951 §3.2.4, RFC 1952; the CRC combination is zlib's crc32_combine).
 */
export class SplicedGzip {
  /**
   * What goes out around the values, merged where nothing goes between: the gzip header with the
   * first part, the last part with the final block. Fewer chunks per answer, fewer writes.
   */
  private readonly fixed: Buffer[];
  private readonly crcs: number[];
  /** The shift of the last value length asked for (every token has the same length). */
  private valueShift: { length: number; shift: number } = { length: -1, shift: 0 };
  /** x^(8·length) mod P of each part, to append its CRC to a running one. */
  private readonly shifts: number[];
  private readonly compressedBytes: number;
  private readonly plainBytes: number;

  /** `parts` are the fixed bytes; a value goes between each two of them (parts.length - 1 places). */
  constructor(private readonly parts: Buffer[]) {
    if (parts.length === 0) throw new Error("SplicedGzip needs at least one part");
    const deflated = parts.map((part) =>
      deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    );
    this.compressedBytes = deflated.reduce((sum, part) => sum + part.length, 0);
    const last = deflated.length - 1;
    this.fixed = deflated.map((part, index) =>
      Buffer.concat([...(index === 0 ? [HEADER] : []), part, ...(index === last ? [FINAL_BLOCK] : [])]),
    );
    this.crcs = parts.map((part) => crc32(part));
    this.plainBytes = parts.reduce((sum, part) => sum + part.length, 0);
    this.shifts = parts.map((part) => shiftFor(part.length));
  }

  /** How many places a value goes in. */
  get places(): number {
    return this.parts.length - 1;
  }

  /** Bytes of the uncompressed body with a value of this length. */
  plainLength(valueLength: number): number {
    return this.plainBytes + valueLength * this.places;
  }

  /** Bytes of the gzip body with a value of this length. */
  gzipLength(valueLength: number): number {
    const gaps = this.places;
    return HEADER.length + this.compressedBytes + gaps * (5 + valueLength) + FINAL_BLOCK.length + 8;
  }

  /** The uncompressed body with `value` in every place. */
  plain(value: Buffer): Buffer[] {
    const chunks: Buffer[] = [this.parts[0] as Buffer];
    for (let index = 1; index < this.parts.length; index++) chunks.push(value, this.parts[index] as Buffer);
    return chunks;
  }

  /** The gzip body with `value` (at most 65,535 bytes) in every place, as chunks to write. */
  gzip(value: Buffer): Buffer[] {
    if (value.length > 0xffff) throw new Error("a spliced value must fit one stored block");
    const gaps = this.places;
    // One small buffer per answer (from Node's pool): the value as a stored block, then the trailer.
    const own = Buffer.allocUnsafe(5 + value.length + 8);
    const stored = own.subarray(0, 5 + value.length);
    // BFINAL 0, BTYPE 00 (stored), padding to the byte boundary; then LEN and its complement.
    own[0] = 0;
    own.writeUInt16LE(value.length, 1);
    own.writeUInt16LE(~value.length & 0xffff, 3);
    value.copy(own, 5);
    let crc = this.crcs[0] as number;
    if (gaps > 0) {
      const valueCrc = crc32(value);
      const valueShift = this.shiftOfValue(value.length);
      for (let index = 1; index <= gaps; index++) {
        crc = combine(crc, valueCrc, valueShift);
        crc = combine(crc, this.crcs[index] as number, this.shifts[index] as number);
      }
    }
    const trailer = own.subarray(5 + value.length);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(this.plainLength(value.length) % 2 ** 32, 4);
    const chunks: Buffer[] = [this.fixed[0] as Buffer];
    for (let index = 1; index <= gaps; index++) chunks.push(stored, this.fixed[index] as Buffer);
    chunks.push(trailer);
    return chunks;
  }

  private shiftOfValue(length: number): number {
    if (this.valueShift.length !== length) this.valueShift = { length, shift: shiftFor(length) };
    return this.valueShift.shift;
  }
}

/** ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

// CRC-32 arithmetic in GF(2) modulo the reflected polynomial, as zlib's crc32.c does it.
const POLY = 0xedb88320;

/** a·b mod P (reflected bit order: bit 31 is x^0). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let multiplier = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      product ^= multiplier;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    multiplier = multiplier & 1 ? (multiplier >>> 1) ^ POLY : multiplier >>> 1;
  }
  return product >>> 0;
}

/** X2N[k] = x^(2^k) mod P. */
const X2N: number[] = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) {
    const previous = table[k - 1] as number;
    table.push(multiplyModP(previous, previous));
  }
  return table;
})();

/** x^(8·bytes) mod P: what appending `bytes` bytes does to a CRC. */
function shiftFor(bytes: number): number {
  let p = 0x80000000;
  let n = bytes;
  let k = 3;
  while (n > 0) {
    if (n % 2 === 1) p = multiplyModP(X2N[k % 32] as number, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** CRC of A followed by B, from CRC(A), CRC(B) and B's shift. */
function combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
