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

/**
 * scrypt with N=2^15, r=8, p=3: one of the settings OWASP's Password Storage Cheat Sheet lists as
 * equal in strength to its N=2^17, r=8, p=1, at 32 MiB per hash instead of 128 MiB (a server
 * hashing several logins at once keeps its memory). Hashes made with other settings still verify
 * and are replaced at the next sign-in (needsRehash).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

export const MIN_PASSWORD_LENGTH = 8;

/** A self-describing hash: scrypt$N$r$p$salt$hash (base64), so parameters can rise later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
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

/** Whether a stored hash was made with other settings than today's: rehash it after a good sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) !== PARAMS.N || Number(r) !== PARAMS.r || Number(p) !== PARAMS.p;
}

/** A hash of nothing, checked when the e-mail is unknown so both failures take the same time. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
