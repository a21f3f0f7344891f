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
});
