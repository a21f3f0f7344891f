import { describe, expect, it } from "vitest";
import { isCrossSiteCookieWrite, saysCrossSite } from "./csrf.ts";

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

describe("requests another site's page sent, with or without a cookie (the funnel's beacon)", () => {
  const from = (headers: Record<string, string>) => ({ host: "www.vertice.example", headers });
  it("another site's Origin, a null Origin or Sec-Fetch-Site: cross-site say so", () => {
    expect(saysCrossSite(from({ origin: "https://evil.example" }), base)).toBe(true);
    expect(saysCrossSite(from({ origin: "null" }), base)).toBe(true);
    expect(saysCrossSite(from({ "sec-fetch-site": "cross-site" }), base)).toBe(true);
  });
  it("this site, a segment host posting to itself, and callers without the headers do not", () => {
    expect(saysCrossSite(from({ origin: base, "sec-fetch-site": "same-origin" }), base)).toBe(false);
    expect(
      saysCrossSite(
        { host: "agronegocio.vertice.example", headers: { origin: "https://agronegocio.vertice.example" } },
        base,
      ),
    ).toBe(false);
    expect(saysCrossSite(from({}), base)).toBe(false);
  });
});
