import { describe, expect, it } from "vitest";
import {
  clearedSessionCookie,
  hashToken,
  newToken,
  REMEMBERED_SESSION_TTL_MS,
  RESET_TTL_MS,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sessionCookie,
  tokenFromRequest,
} from "./tokens.ts";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd"; // 42 url-safe characters
const OTHER = "zyxwvutsrqponmlkjihgfedcba9876543210_-ZYXW";

describe("§4 Authentication — session and reset tokens", () => {
  it("creates 256-bit tokens as 43 url-safe characters", () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
  });

  it("never repeats a token", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newToken()));
    expect(tokens.size).toBe(200);
  });

  it("stores only the sha256 hex of a token, the same for the same token", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashToken("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(hashToken(TOKEN)).toBe(hashToken(TOKEN));
    expect(hashToken(TOKEN)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(TOKEN)).not.toBe(hashToken(OTHER));
  });
});

describe("§9 Business constants — session lifetimes and reset window", () => {
  it("keeps a session 12 hours, a remembered one 30 days, a reset link 1 hour", () => {
    expect(SESSION_TTL_MS).toBe(43_200_000);
    expect(REMEMBERED_SESSION_TTL_MS).toBe(2_592_000_000);
    expect(RESET_TTL_MS).toBe(3_600_000);
    expect(SESSION_COOKIE).toBe("session");
  });
});

describe("§6 Roles and permissions — the token is sent as the Authorization value, raw or Bearer", () => {
  it("accepts the raw header value, as the spec's client sends it", () => {
    expect(tokenFromRequest(TOKEN, null)).toBe(TOKEN);
  });

  it("accepts a freshly issued token", () => {
    const token = newToken();
    expect(tokenFromRequest(token, undefined)).toBe(token);
    expect(tokenFromRequest(`Bearer ${token}`, undefined)).toBe(token);
  });

  it.each([
    `Bearer ${TOKEN}`,
    `bearer ${TOKEN}`,
    `BEARER ${TOKEN}`,
    `BeArEr ${TOKEN}`,
    `  Bearer    ${TOKEN}   `,
    `   ${TOKEN}  `,
  ])("reads %j", (header) => {
    expect(tokenFromRequest(header, null)).toBe(TOKEN);
  });

  it("accepts 20 to 200 characters and refuses shorter or longer values", () => {
    expect(tokenFromRequest("a".repeat(20), null)).toBe("a".repeat(20));
    expect(tokenFromRequest("a".repeat(19), null)).toBeNull();
    expect(tokenFromRequest(`Bearer ${"a".repeat(19)}`, null)).toBeNull();
    expect(tokenFromRequest("a".repeat(200), null)).toBe("a".repeat(200));
    expect(tokenFromRequest("a".repeat(201), null)).toBeNull();
  });

  it.each([
    ["a dot", `${TOKEN}.x`],
    ["a plus and a slash (plain base64)", "abcdefghij+klmnopqrst/uvwxyz"],
    ["an inner space", "abcdefghijklmnopqrst uvwxyz"],
    ["a foreign scheme", "Basic dXNlcjpwYXNzd29yZDEyMzQ1Njc4OQ=="],
    ["a Bearer prefix only", "Bearer"],
    ["a Bearer prefix with spaces only", "Bearer    "],
    ["quotes", `"${TOKEN}"`],
  ])("refuses a header with %s", (_label, header) => {
    expect(tokenFromRequest(header, null)).toBeNull();
  });

  it("answers null without header or cookie", () => {
    expect(tokenFromRequest(null, null)).toBeNull();
    expect(tokenFromRequest(undefined, undefined)).toBeNull();
    expect(tokenFromRequest("", "")).toBeNull();
    expect(tokenFromRequest("   ", "   ")).toBeNull();
  });
});

describe("§4 Authentication — the session cookie when there is no Authorization header", () => {
  it("reads the session cookie alone", () => {
    expect(tokenFromRequest(null, `session=${TOKEN}`)).toBe(TOKEN);
  });

  it("finds the session cookie among other cookies", () => {
    expect(tokenFromRequest(undefined, `theme=dark; session=${TOKEN}; lang=pt`)).toBe(TOKEN);
    expect(tokenFromRequest(undefined, `theme=dark;session=${TOKEN}`)).toBe(TOKEN);
  });

  it("does not take a cookie whose name only ends in 'session'", () => {
    expect(tokenFromRequest(null, `xsession=${TOKEN}`)).toBeNull();
    expect(tokenFromRequest(null, `my_session=${TOKEN}; sessionid=${OTHER}`)).toBeNull();
    expect(tokenFromRequest(null, `xsession=${OTHER}; session=${TOKEN}`)).toBe(TOKEN);
  });

  it("refuses a cookie value that is too short, empty or has invalid characters", () => {
    expect(tokenFromRequest(null, "session=short")).toBeNull();
    expect(tokenFromRequest(null, "session=")).toBeNull();
    expect(tokenFromRequest(null, `session=${TOKEN}.x`)).toBeNull();
  });

  it("prefers the Authorization header over the cookie", () => {
    expect(tokenFromRequest(TOKEN, `session=${OTHER}`)).toBe(TOKEN);
    expect(tokenFromRequest(`Bearer ${TOKEN}`, `session=${OTHER}`)).toBe(TOKEN);
  });
});

describe("§4 Authentication — session cookie attributes", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and a browser-session cookie without maxAgeMs", () => {
    expect(sessionCookie(TOKEN, { maxAgeMs: null, secure: false })).toBe(
      `session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax`,
    );
  });

  it("sets Max-Age in whole seconds (rounded down) when maxAgeMs is a number", () => {
    expect(sessionCookie(TOKEN, { maxAgeMs: REMEMBERED_SESSION_TTL_MS, secure: false })).toBe(
      `session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`,
    );
    expect(sessionCookie(TOKEN, { maxAgeMs: 1_999, secure: false })).toBe(
      `session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1`,
    );
    expect(sessionCookie(TOKEN, { maxAgeMs: 0, secure: false })).toBe(
      `session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    );
  });

  it("adds Secure only when asked", () => {
    expect(sessionCookie(TOKEN, { maxAgeMs: SESSION_TTL_MS, secure: true })).toBe(
      `session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure`,
    );
    expect(sessionCookie(TOKEN, { maxAgeMs: null, secure: true })).toBe(
      `session=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
  });
});

describe("§4 Authentication — logout clears the session cookie", () => {
  it("empties the cookie with Max-Age=0 and the same attributes", () => {
    expect(clearedSessionCookie(false)).toBe("session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(clearedSessionCookie(true)).toBe("session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure");
  });
});
