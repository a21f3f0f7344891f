import { describe, expect, it } from "vitest";
import { Signer } from "../secrets.ts";
import { readUnsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS, unsubscribeToken } from "./unsubscribe-token.ts";

const signer = new Signer("unit-test-secret-unit-test-secret-0123");
const LEAD = "3f2b9c1e-8a4d-4e6f-9b21-0c7d5e4a1b2c";
const OTHER = "9a8b7c6d-1e2f-4a3b-8c9d-0e1f2a3b4c5d";
const ISSUED = new Date("2026-11-26T13:00:00Z");
const DAY = 86_400_000;

describe("the newsletter's unsubscribe token", () => {
  const token = unsubscribeToken(signer, LEAD, ISSUED);

  it("names its lead while it lasts, a year from the welcome e-mail", () => {
    expect(token).toMatch(/^[0-9a-f-]{36}\.[0-9a-z]+\.[\w-]{43}$/);
    expect(readUnsubscribeToken(signer, token, ISSUED)).toEqual({ ok: true, leadId: LEAD });
    const lastDay = new Date(ISSUED.getTime() + (UNSUBSCRIBE_TOKEN_DAYS - 1) * DAY);
    expect(readUnsubscribeToken(signer, token, lastDay)).toEqual({ ok: true, leadId: LEAD });
  });

  it("is refused once expired", () => {
    const after = new Date(ISSUED.getTime() + UNSUBSCRIBE_TOKEN_DAYS * DAY + 1000);
    expect(readUnsubscribeToken(signer, token, after)).toEqual({ ok: false, reason: "expired" });
  });

  it("is refused when forged: another lead, a later expiry, another signature or another secret", () => {
    const [, expiry, signature] = token.split(".") as [string, string, string];
    const forged = [
      `${OTHER}.${expiry}.${signature}`,
      `${LEAD}.${(Number.parseInt(expiry, 36) + 86_400 * 365).toString(36)}.${signature}`,
      `${LEAD}.${expiry}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      unsubscribeToken(new Signer("another-secret-another-secret-012345"), LEAD, ISSUED),
    ];
    for (const candidate of forged)
      expect(readUnsubscribeToken(signer, candidate, ISSUED), candidate).toEqual({
        ok: false,
        reason: "invalid",
      });
  });

  it("a forged token is invalid even when its date has passed (the date is read only once signed)", () => {
    const old = unsubscribeToken(new Signer("another-secret-another-secret-012345"), LEAD, new Date(0));
    expect(readUnsubscribeToken(signer, old, ISSUED)).toEqual({ ok: false, reason: "invalid" });
  });

  it("is refused when malformed or missing", () => {
    for (const candidate of ["", "abc", `${LEAD}..x`, `${token}.`, `${token} `, null, undefined, 42, [token]])
      expect(readUnsubscribeToken(signer, candidate, ISSUED)).toEqual({ ok: false, reason: "invalid" });
  });
});
