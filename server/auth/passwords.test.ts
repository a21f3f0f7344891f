import { describe, expect, it } from "vitest";
import {
  dummyPasswordHash,
  HASHING_SLOTS,
  hashPassword,
  inHashingSlot,
  MIN_PASSWORD_LENGTH,
  needsRehash,
  verifyPassword,
} from "./passwords.ts";

// Each hash costs tens of milliseconds: the suite computes as few as it can and shares them.
const PASSWORD = "correct horse battery";
const FORMAT = /^scrypt\$32768\$8\$3\$([A-Za-z0-9+/]{22}==)\$([A-Za-z0-9+/]{43}=)$/;

describe("§4 Authentication — stored password hashes (scrypt$N$r$p$salt$hash)", () => {
  // Five scrypt runs of ~100 ms alone: on a busy two-core machine they took over the default 5 s.
  it("hashes in the self-describing format with 16-byte salt and 32-byte key, salted at random", {
    timeout: 30_000,
  }, async () => {
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
    const first = dummyPasswordHash();
    const second = dummyPasswordHash();
    expect(second).toBe(first);
    const value = await first;
    expect(await dummyPasswordHash()).toBe(value);
    expect(value).toMatch(FORMAT);
  });

  it("does not verify the empty password", async () => {
    await expect(verifyPassword("", await dummyPasswordHash())).resolves.toBe(false);
  });
});

describe("scrypt cost at OWASP's recommendation (issue 13), older hashes replaced at sign-in", () => {
  it("hashes with N=2^15, r=8, p=3 (OWASP's equal of N=2^17, p=1); older settings need a rehash", async () => {
    const current = await hashPassword(PASSWORD);
    expect(current.startsWith("scrypt$32768$8$3$")).toBe(true);
    expect(needsRehash(current)).toBe(false);
    const older = current.replace("scrypt$32768$8$3$", "scrypt$32768$8$1$");
    expect(needsRehash(older)).toBe(true);
    expect(needsRehash("bcrypt$whatever")).toBe(true);
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
