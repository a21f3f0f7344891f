import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import {
  HASHING_SLOTS,
  inHashingSlot,
  MIN_PASSWORD_LENGTH,
  PasswordHasher,
  PRODUCTION_SCRYPT_COST,
  scryptCostOf,
  scryptMemoryLimit,
} from "./passwords.ts";

const PASSWORD = "correct horse battery";
/**
 * The rules of the format and of refusals hold at any cost: they are checked on a cheap hasher
 * (N=2^10, as every other test hashes: decision 113). Production's cost is checked once, below.
 */
const hasher = new PasswordHasher(scryptCostOf(10));
const FORMAT = /^scrypt\$1024\$8\$3\$([A-Za-z0-9+/]{22}==)\$([A-Za-z0-9+/]{43}=)$/;
const hashPassword = (password: string) => hasher.hash(password);
const verifyPassword = (password: string, stored: string) => hasher.verify(password, stored);

describe("§4 Authentication — stored password hashes (scrypt$N$r$p$salt$hash)", () => {
  it("hashes in the self-describing format with 16-byte salt and 32-byte key, salted at random", async () => {
    const [first, second] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    const a = first.match(FORMAT);
    const b = second.match(FORMAT);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(Buffer.from(a![1]!, "base64")).toHaveLength(16);
    expect(Buffer.from(a![2]!, "base64")).toHaveLength(32);
    expect(first).not.toBe(second);
    expect(a![1]).not.toBe(b![1]);

    // Both hashes of the one password verify it; a different password is refused.
    await expect(verifyPassword(PASSWORD, first)).resolves.toBe(true);
    await expect(verifyPassword(PASSWORD, second)).resolves.toBe(true);
    await expect(verifyPassword(`${PASSWORD}!`, first)).resolves.toBe(false);
  });

  it("requires passwords of at least 8 characters", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
  });
});

describe("§4 Authentication — a malformed or foreign stored hash never matches and never throws", () => {
  it.each([
    ["an empty string", ""],
    ["a bcrypt hash", "$2b$10$abcdefghijklmnopqrstuuJ0Xl3Q8fCq7yZx9m3q5Hq8r1uC2S1Ve"],
    ["a foreign scheme with scrypt-like parts", "bcrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA=="],
    ["the bare scheme", "scrypt$"],
    ["parameters without salt or hash", "scrypt$32768$8$1"],
    ["a missing hash", "scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$"],
    ["a missing salt", "scrypt$32768$8$1$$aGFzaA=="],
  ])("refuses %s", async (_label, stored) => {
    await expect(verifyPassword(PASSWORD, stored)).resolves.toBe(false);
  });

  // A hash part that decodes to zero bytes (not base64) must not turn into "any password matches".
  it.each([
    ["a hash part of non-base64 characters", "scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$!!!!"],
    ["a hash part of padding only", "scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA==$===="],
  ])("refuses %s for any password", async (_label, stored) => {
    await expect(verifyPassword(PASSWORD, stored)).resolves.toBe(false);
    await expect(verifyPassword("", stored)).resolves.toBe(false);
  });

  // Broken parameters must answer false, not reject (the login would otherwise fail with a 500).
  it.each([
    ["a non-numeric N", "scrypt$abc$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA=="],
    ["an N that is not a power of two", "scrypt$3$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA=="],
    ["an N beyond the memory limit", "scrypt$1048576$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA=="],
  ])("answers false for %s instead of throwing", async (_label, stored) => {
    await expect(verifyPassword(PASSWORD, stored)).resolves.toBe(false);
  });
});

describe("§4 Authentication — unknown e-mail checks a dummy hash so both failures take the same time", () => {
  it("returns the same promise and value on every call, in the scrypt format", async () => {
    const first = hasher.dummyHash();
    const second = hasher.dummyHash();
    expect(second).toBe(first);
    const value = await first;
    expect(await hasher.dummyHash()).toBe(value);
    expect(value).toMatch(FORMAT);
  });

  it("does not verify the empty password", async () => {
    await expect(verifyPassword("", await hasher.dummyHash())).resolves.toBe(false);
  });
});

describe("scrypt cost at OWASP's recommendation (decision 025), older hashes replaced at sign-in", () => {
  // The one test that hashes at production's cost (two scrypt runs of ~100-300 ms).
  it("production hashes with N=2^15, r=8, p=3 (OWASP's equal of N=2^17, p=1), which the configuration keeps by default", {
    timeout: 30_000,
  }, async () => {
    expect(PRODUCTION_SCRYPT_COST).toEqual({ N: 2 ** 15, r: 8, p: 3 });
    // What the composition root builds from a configuration that does not name a cost.
    const production = new PasswordHasher(scryptCostOf(loadConfig({}).PASSWORD_HASH_COST));
    expect(production.cost).toEqual(PRODUCTION_SCRYPT_COST);
    expect(new PasswordHasher().cost).toEqual(PRODUCTION_SCRYPT_COST);
    const current = await production.hash(PASSWORD);
    expect(current).toMatch(/^scrypt\$32768\$8\$3\$([A-Za-z0-9+/]{22}==)\$([A-Za-z0-9+/]{43}=)$/);
    await expect(production.verify(PASSWORD, current)).resolves.toBe(true);
    expect(production.needsRehash(current)).toBe(false);
    expect(production.needsRehash(current.replace("scrypt$32768$8$3$", "scrypt$32768$8$1$"))).toBe(true);
    expect(production.needsRehash("bcrypt$whatever")).toBe(true);
  });

  it("a hash of another cost still verifies and asks to be rehashed at this hasher's", async () => {
    const other = new PasswordHasher(scryptCostOf(11));
    const stored = await other.hash(PASSWORD);
    await expect(hasher.verify(PASSWORD, stored)).resolves.toBe(true);
    expect(hasher.needsRehash(stored)).toBe(true);
    expect(other.needsRehash(stored)).toBe(false);
  });
});

describe("scrypt's memory limit follows the cost", () => {
  it("leaves room for every cost PASSWORD_HASH_COST accepts (10 to 17), production's included", () => {
    for (let logN = 10; logN <= 17; logN++) {
      const cost = scryptCostOf(logN);
      expect(scryptMemoryLimit(cost), `2^${logN}`).toBeGreaterThan(128 * cost.N * cost.r);
    }
  });
});

describe("inHashingSlot", () => {
  it("runs at most HASHING_SLOTS hashes at once and starts the waiting ones in order", async () => {
    const started: number[] = [];
    const finish: Array<() => void> = [];
    const runs = Array.from({ length: HASHING_SLOTS + 2 }, (_, i) =>
      inHashingSlot(async () => {
        started.push(i);
        await new Promise<void>((resolve) => finish.push(resolve));
        return i;
      }),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    await settle();
    expect(started).toEqual([...Array(HASHING_SLOTS).keys()]);
    finish.shift()!();
    await settle();
    expect(started).toEqual([...Array(HASHING_SLOTS + 1).keys()]);
    while (finish.length) {
      finish.shift()!();
      await settle();
    }
    expect(await Promise.all(runs)).toEqual([...Array(HASHING_SLOTS + 2).keys()]);
  });
});
