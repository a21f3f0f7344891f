import { describe, expect, it } from "vitest";
import { Signer } from "../secrets.ts";
import {
  formTokenKey,
  formTokenShownAt,
  issueFormToken,
  MIN_FILL_MS,
  nextFormToken,
  spamReason,
} from "./spam.ts";

const signer = new Signer("x".repeat(32));
const SHOWN = Date.parse("2026-11-22T12:00:00.000Z");
const DAY = 24 * 3600_000;
const token = issueFormToken(signer, SHOWN);

describe("spam check: honeypot", () => {
  it("a filled honeypot is spam, whatever the token", () => {
    expect(spamReason({ honeypot: "http://spam.example", formToken: token }, signer, SHOWN + 60_000)).toBe(
      "honeypot",
    );
    expect(spamReason({ honeypot: "x", formToken: "lixo" }, signer, SHOWN + 60_000)).toBe("honeypot");
  });
  it("an empty, whitespace-only or absent honeypot is not", () => {
    expect(spamReason({ honeypot: "", formToken: token }, signer, SHOWN + 60_000)).toBeNull();
    expect(spamReason({ honeypot: "   ", formToken: token }, signer, SHOWN + 60_000)).toBeNull();
    expect(spamReason({ honeypot: null, formToken: token }, signer, SHOWN + 60_000)).toBeNull();
    expect(spamReason({ formToken: token }, signer, SHOWN + 60_000)).toBeNull();
  });
});

describe("spam check: the signed form token ('bad-token')", () => {
  const later = SHOWN + 60_000;

  it("the token is '{time}.{nonce}.{signature}', unique per issue", () => {
    const [time, nonce, signature] = token.split(".");
    expect(time).toBe(String(SHOWN));
    expect(signature).toBe(signer.sign("form", `${SHOWN}.${nonce}`));
    expect(issueFormToken(signer, SHOWN)).not.toBe(token);
  });
  it("still reads a token of the earlier form '{time}.{signature}'", () => {
    expect(
      spamReason({ formToken: `${SHOWN}.${signer.sign("form", String(SHOWN))}` }, signer, SHOWN + 60_000),
    ).toBeNull();
  });
  it("a missing token", () => {
    expect(spamReason({}, signer, later)).toBe("bad-token");
    expect(spamReason({ formToken: null }, signer, later)).toBe("bad-token");
    expect(spamReason({ formToken: "" }, signer, later)).toBe("bad-token");
  });
  it("a malformed token", () => {
    expect(spamReason({ formToken: "abc" }, signer, later)).toBe("bad-token");
    expect(spamReason({ formToken: `${SHOWN}.` }, signer, later)).toBe("bad-token");
    expect(spamReason({ formToken: `.${signer.sign("form", String(SHOWN))}` }, signer, later)).toBe(
      "bad-token",
    );
  });
  it("a token signed with another secret", () => {
    const forged = issueFormToken(new Signer("y".repeat(32)), SHOWN);
    expect(spamReason({ formToken: forged }, signer, later)).toBe("bad-token");
  });
  it("a token whose time was changed (made older to pass the speed check)", () => {
    const [, nonce, signature] = token.split(".");
    expect(spamReason({ formToken: `${SHOWN - 10_000}.${nonce}.${signature}` }, signer, SHOWN + 1000)).toBe(
      "bad-token",
    );
  });
  it("a signature for another purpose", () => {
    const other = `${SHOWN}.${signer.sign("session", String(SHOWN))}`;
    expect(spamReason({ formToken: other }, signer, later)).toBe("bad-token");
  });
  it("a token older than 7 days; exactly 7 days is still accepted", () => {
    expect(spamReason({ formToken: token }, signer, SHOWN + 7 * DAY + 1)).toBe("bad-token");
    expect(spamReason({ formToken: token }, signer, SHOWN + 7 * DAY)).toBeNull();
  });
});

describe("spam check: too fast (< minFillMs, default 3000 ms)", () => {
  it("the default is 3000 ms", () => {
    expect(MIN_FILL_MS).toBe(3000);
  });
  it("sent 2999 ms after the form was shown: too fast", () => {
    expect(spamReason({ formToken: token }, signer, SHOWN + 2999)).toBe("too-fast");
  });
  it("sent exactly 3000 ms after: accepted", () => {
    expect(spamReason({ formToken: token }, signer, SHOWN + 3000)).toBeNull();
  });
  it("a token from the future is too fast", () => {
    expect(spamReason({ formToken: token }, signer, SHOWN - 1)).toBe("too-fast");
  });
  it("a custom minFillMs", () => {
    expect(spamReason({ formToken: token }, signer, SHOWN + 999, 1000)).toBe("too-fast");
    expect(spamReason({ formToken: token }, signer, SHOWN + 1000, 1000)).toBeNull();
    expect(spamReason({ formToken: token }, signer, SHOWN, 0)).toBeNull();
  });
});

describe("a fresh token after each accepted submission (decision 077: single use)", () => {
  it("keeps the time the page was shown, with a new nonce", () => {
    const next = nextFormToken(signer, token, SHOWN + 60_000);
    expect(next).not.toBe(token);
    expect(formTokenShownAt(signer, next)).toBe(SHOWN);
    // So a second form sent at once from the same page is not "too fast".
    expect(spamReason({ formToken: next }, signer, SHOWN + 60_500)).toBeNull();
  });
  it("a bad token is answered with a new one from now", () => {
    const next = nextFormToken(signer, "forged", SHOWN + 60_000);
    expect(formTokenShownAt(signer, next)).toBe(SHOWN + 60_000);
  });
  it("spends a token under a hash of it", () => {
    expect(formTokenKey(token)).toMatch(/^[0-9a-f]{40}$/);
    expect(formTokenKey(token)).not.toBe(formTokenKey(nextFormToken(signer, token, SHOWN)));
  });
});
