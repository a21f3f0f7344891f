import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPages } from "../support/route-table.ts";
import { type SharedServer, sharedServer } from "../support/server-process.ts";

/**
 * Security headers, the Content-Security-Policy and cookie flags on every page a visitor can load
 * (decisions 002 and 024), rendered and from the page cache, in Portuguese and English.
 */
const PAGES = publicPages;

describe("security headers and CSP on every page", () => {
  let server: SharedServer;
  beforeAll(async () => {
    server = await sharedServer();
  });
  afterAll(async () => {});

  it("covers the public pages of the route table", () => {
    expect(PAGES).toEqual(expect.arrayContaining(["/", "/planos", "/contato", "/blog", "/login", "/sobre"]));
  });

  it.each(PAGES.flatMap((path) => [path, path === "/" ? "/en" : `/en${path}`]))(
    "%s: headers and a script policy without inline scripts",
    async (path) => {
      // Twice: the second visit of a cacheable page comes from the page cache.
      for (let visit = 0; visit < 2; visit++) {
        const res = await fetch(server.url + path, { redirect: "manual" });
        expect(res.status, path).toBeLessThan(400);
        const csp = res.headers.get("content-security-policy") ?? "";
        if (res.status === 200) {
          const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
          expect(scriptSrc, `${path} script-src`).toContain("'self'");
          expect(scriptSrc, `${path} script-src`).not.toContain("'unsafe-inline'");
          expect(scriptSrc, `${path} script-src`).not.toContain("'unsafe-eval'");
          expect(csp).toContain("object-src 'none'");
          expect(csp).toContain("base-uri 'self'");
          expect(csp).toMatch(/frame-ancestors 'self'/);
        }
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
        expect(res.headers.get("referrer-policy")).toContain("strict-origin-when-cross-origin");
        expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
        expect(res.headers.get("x-powered-by")).toBeNull();
        await res.body?.cancel();
      }
    },
  );

  it("the session cookie is HttpOnly, SameSite and for the whole site", async () => {
    const [, email, password] = /cliente: (\S+) \/ (\S+)/.exec(server.output())!;
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^session=/);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
  });
});
