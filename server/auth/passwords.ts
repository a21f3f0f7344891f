import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";

/**
 * Hashes run on the thread pool, never on the event loop; and at most one per core but one at a
 * time (one on a single core), so a burst of sign-ins leaves a core to the pages and holds 32 MiB
 * per hash running, not per pool thread. The others wait their turn in order.
 */
export const HASHING_SLOTS = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: Array<() => void> = [];

export async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  inHashingSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );

/** scrypt's cost: N (a power of two: memory and time), r (block size) and p (parallelism). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * scrypt with N=2^15, r=8, p=3: one of the settings OWASP's Password Storage Cheat Sheet lists as
 * equal in strength to its N=2^17, r=8, p=1, at 32 MiB per hash instead of 128 MiB (a server
 * hashing several logins at once keeps its memory). Hashes made with other settings still verify
 * and are replaced at the next sign-in (needsRehash).
 */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };

/** log2 of N in production, the default of PASSWORD_HASH_COST (config.ts). */
export const PRODUCTION_HASH_COST = Math.log2(PRODUCTION_SCRYPT_COST.N);

/**
 * The cost PASSWORD_HASH_COST names (log2 of N; r and p stay production's): a local trial or a test
 * may hash more cheaply, a public site never below production's (config.ts refuses it; decision 113).
 */
export function scryptCostOf(logN: number): ScryptCost {
  return { ...PRODUCTION_SCRYPT_COST, N: 2 ** logN };
}

const KEY_LENGTH = 32;

/**
 * The memory scrypt needs at a cost (about 128·N·r bytes), with room to spare: Node refuses a hash
 * whose need passes `maxmem`, so a fixed limit would make a higher configured cost fail every hash.
 */
export function scryptMemoryLimit(cost: ScryptCost): number {
  return 128 * cost.N * cost.r + 32 * 1024 * 1024;
}

export const MIN_PASSWORD_LENGTH = 8;

/**
 * Hashes and checks passwords at one cost, built once by the composition root from the
 * configuration (server/services.ts) and handed to every service that stores or checks a password.
 */
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(readonly cost: ScryptCost = PRODUCTION_SCRYPT_COST) {}

  /** A self-describing hash: scrypt$N$r$p$salt$hash (base64), so parameters can rise later. */
  async hash(password: string): Promise<string> {
    const { N, r, p } = this.cost;
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, KEY_LENGTH, {
      N,
      r,
      p,
      maxmem: scryptMemoryLimit(this.cost),
    });
    return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
  }

  /** Constant-time check of a password against a stored hash; a malformed hash never matches. */
  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, hash] = stored.split("$");
    if (scheme !== "scrypt" || !salt || !hash) return false;
    const expected = Buffer.from(hash, "base64");
    const N = Number(n);
    const cost = { N, r: Number(r), p: Number(p) };
    // A damaged row must fail closed: exact key length, sane parameters, and no exception escaping.
    if (expected.length !== KEY_LENGTH) return false;
    if (!Number.isInteger(N) || N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0) return false;
    if (![cost.r, cost.p].every((v) => Number.isInteger(v) && v >= 1 && v <= 16)) return false;
    try {
      const key = await scryptAsync(password, Buffer.from(salt, "base64"), KEY_LENGTH, {
        ...cost,
        maxmem: 256 * 1024 * 1024,
      });
      return timingSafeEqual(key, expected);
    } catch {
      return false;
    }
  }

  /** Whether a stored hash was made with other settings than this hasher's: rehash it after a good sign-in. */
  needsRehash(stored: string): boolean {
    const [scheme, n, r, p] = stored.split("$");
    const { N, r: R, p: P } = this.cost;
    return scheme !== "scrypt" || Number(n) !== N || Number(r) !== R || Number(p) !== P;
  }

  /** A hash of nothing, checked when the e-mail is unknown so both failures take the same time. */
  dummyHash(): Promise<string> {
    this.dummy ??= this.hash(randomBytes(16).toString("hex"));
    return this.dummy;
  }
}
