import { describe, expect, it } from "vitest";
import { isCrossSiteCookieWrite } from "./csrf.ts";

const base = "https://www.vertice.example";
const write = (headers: Record<string, string>, method = "POST", path = "/api/json/x/revisions/1") => ({
  method,
  path,
  host: "www.vertice.example",
  headers: { cookie: "session=abc", ...headers },
});

describe("cross-site writes with the session cookie (decision 078)", () => {
  it("refuses another site's Origin, a null Origin and Sec-Fetch-Site: cross-site", () => {
    expect(isCrossSiteCookieWrite(write({ origin: "https://evil.example" }), base)).toBe(true);
    expect(isCrossSiteCookieWrite(write({ origin: "null" }), base)).toBe(true);
    expect(isCrossSiteCookieWrite(write({ "sec-fetch-site": "cross-site" }), base)).toBe(true);
  });
  it("lets this site, bearer tokens, reads, pages and non-browser callers through", () => {
    expect(isCrossSiteCookieWrite(write({ origin: base }), base)).toBe(false);
    expect(isCrossSiteCookieWrite(write({}), base)).toBe(false);
    expect(
      isCrossSiteCookieWrite(write({ origin: "https://evil.example", authorization: "Bearer t" }), base),
    ).toBe(false);
    expect(isCrossSiteCookieWrite(write({ origin: "https://evil.example" }, "GET"), base)).toBe(false);
    expect(isCrossSiteCookieWrite(write({ origin: "https://evil.example" }, "POST", "/contato"), base)).toBe(
      false,
    );
    expect(
      isCrossSiteCookieWrite(
        { ...write({ origin: "https://evil.example" }), headers: { origin: "https://evil.example" } },
        base,
      ),
    ).toBe(false);
  });
  it("lets the newsletter's one-click unsubscribe through: its signed token, not the cookie, authorises it", () => {
    const oneClick = (path: string) =>
      isCrossSiteCookieWrite(
        write({ origin: "https://mail.example", "sec-fetch-site": "cross-site" }, "POST", path),
        base,
      );
    expect(oneClick("/api/newsletter/unsubscribe")).toBe(false);
    expect(oneClick("/api/newsletter/unsubscribe/")).toBe(false);
    // Only that address: its neighbours keep the check.
    expect(oneClick("/api/newsletter")).toBe(true);
    expect(oneClick("/api/newsletter/unsubscribe/x")).toBe(true);
  });
});
