import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concretePath as concrete, routeTable as table } from "../support/route-table.ts";
import { demoTokens, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * The authorisation matrix (issue 13), generated from the route table: every route × method × caller
 * (anonymous, customer, admin). A route added without a rule here fails the suite, so nobody adds an
 * endpoint without saying who may call it.
 */

type Access = "public" | "signed-in" | "admin";
type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Who may call each route module, per method it answers. */
const RULES: Record<string, Partial<Record<Method, Access>>> = {
  "routes/api/json-public.ts": { GET: "public" },
  "routes/api/cache.ts": { POST: "admin" },
  "server/http/lead-intake.ts": { POST: "public" },
  "routes/api/auth-login.ts": { POST: "public" },
  "routes/api/auth-logout.ts": { POST: "public" },
  "routes/api/users-profile.ts": { GET: "signed-in", PUT: "signed-in" },
  "routes/api/user-dashboard.ts": { GET: "signed-in", PUT: "admin" },
  "routes/api/plans-data.ts": { GET: "public", PUT: "admin" },
  "routes/api/json-files.ts": { GET: "admin" },
  "routes/api/json-bulk.ts": { POST: "admin" },
  "routes/api/json-structure.ts": { GET: "admin" },
  "routes/api/json-document.ts": { GET: "admin", PUT: "admin" },
  "routes/api/json-revisions.ts": { GET: "admin", POST: "admin" },
  "routes/api/cache-key.ts": { GET: "public", DELETE: "admin" },
  "routes/api/uploads.ts": { POST: "admin" },
  "routes/api/not-found.ts": { GET: "public" },
  "routes/data-file.ts": { GET: "public" },
  "routes/home.tsx": { GET: "public" },
  "routes/lead-form.tsx": { GET: "public" },
  "routes/plans.tsx": { GET: "public" },
  "routes/contact.tsx": { GET: "public" },
  "routes/newsletter.tsx": { GET: "public" },
  "routes/blog.tsx": { GET: "public" },
  "routes/blog-rss.ts": { GET: "public" },
  "routes/blog-post.tsx": { GET: "public" },
  "routes/login.tsx": { GET: "public" },
  "routes/forgot-password.tsx": { GET: "public" },
  "routes/reset-password.tsx": { GET: "public" },
  "routes/sitemap.ts": { GET: "public" },
  "routes/robots.ts": { GET: "public" },
  "routes/logout.tsx": { GET: "public" },
  "routes/dashboard.tsx": { GET: "signed-in" },
  "routes/user/layout.tsx": { GET: "signed-in" },
  "routes/user/index.ts": { GET: "signed-in" },
  "routes/user/dashboard.tsx": { GET: "signed-in" },
  "routes/user/soon.tsx": { GET: "signed-in" },
  "routes/user/users.tsx": { GET: "signed-in", POST: "signed-in" },
  "routes/user/user-new.tsx": { GET: "signed-in", POST: "signed-in" },
  "routes/user/tickets.tsx": { GET: "signed-in" },
  "routes/user/ticket-new.tsx": { GET: "signed-in", POST: "signed-in" },
  "routes/user/ticket.tsx": { GET: "signed-in", POST: "signed-in" },
  "routes/user/ticket-attachment.ts": { GET: "signed-in" },
  "routes/invitation.tsx": { GET: "public", POST: "public" },
  "routes/admin/leads-csv.ts": { GET: "admin" },
  "routes/admin/layout.tsx": { GET: "admin" },
  "routes/admin/index.ts": { GET: "admin" },
  "routes/admin/dashboard.tsx": { GET: "admin" },
  "routes/admin/json-files.tsx": { GET: "admin" },
  "routes/admin/json-editor.tsx": { GET: "admin" },
  "routes/admin/plans-editor.tsx": { GET: "admin" },
  "routes/admin/leads.tsx": { GET: "admin", POST: "admin" },
  "routes/admin/lead.tsx": { GET: "admin", POST: "admin" },
  "routes/admin/settings.tsx": { GET: "admin", POST: "admin" },
  "routes/admin/companies.tsx": { GET: "admin", POST: "admin" },
  "routes/admin/company.tsx": { GET: "admin", POST: "admin" },
  "routes/content-page.tsx": { GET: "public" },
};

/** Where one module serves several paths with different methods, the path's own rule. */
const PATH_RULES: Record<string, Partial<Record<Method, Access>>> = {
  "/api/json/:docname/revisions": { GET: "admin" },
};

describe("every route has an authorisation rule", () => {
  it("the route table and the rules name the same modules", () => {
    const files = new Set(table.map((route) => route.file));
    expect(
      [...files].filter((file) => !RULES[file]),
      "routes without a rule",
    ).toEqual([]);
    expect(
      Object.keys(RULES).filter((file) => !files.has(file)),
      "rules of no route",
    ).toEqual([]);
  });
});

describe("the authorisation matrix: every route × method × caller", () => {
  let server: ServerProcess;
  let customer: string;
  let admin: string;

  beforeAll(async () => {
    server = await startServerProcess({
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    });
    ({ admin, customer } = await demoTokens(server));
  });
  afterAll(async () => {
    await server?.stop();
  });

  const call = (path: string, method: Method, token?: string) => {
    const isApi = path.startsWith("/api/");
    return fetch(server.url + path, {
      method,
      redirect: "manual",
      headers: {
        Origin: server.url,
        "Content-Type": isApi ? "application/json" : "application/x-www-form-urlencoded",
        ...(token ? { Cookie: `session=${token}` } : {}),
      },
      body: method === "GET" ? undefined : isApi ? "{}" : "intent=none",
    });
  };

  /**
   * The answer a caller ends at: a redirect inside the site (an index to its first page) is
   * followed, a redirect to the login is where an anonymous caller ends.
   */
  const finalAnswer = async (path: string, method: Method, token?: string) => {
    let res = await call(path, method, token);
    for (let hop = 0; hop < 3 && method === "GET" && [301, 302, 303].includes(res.status); hop++) {
      const location = res.headers.get("location") ?? "";
      if (!location.startsWith("/") || location.startsWith("/login")) break;
      res = await call(location, method, token);
    }
    return res;
  };

  const cases = table.flatMap((route) =>
    Object.entries(PATH_RULES[route.path] ?? RULES[route.file] ?? {}).map(([method, access]) => ({
      path: concrete(route.path),
      method: method as Method,
      access: access as Access,
    })),
  );

  /** Signing out ends the caller's session: those are called anonymously only. */
  const SIGN_OUT = new Set(["/api/auth/logout", "/logout"]);

  it.each(cases)("$method $path ($access)", async ({ path, method, access }) => {
    const isApi = path.startsWith("/api/");
    const anonymous = await finalAnswer(path, method);
    if (SIGN_OUT.has(path)) {
      expect(anonymous.status).toBeLessThan(500);
      return;
    }
    const asCustomer = await finalAnswer(path, method, customer);
    const asAdmin = await finalAnswer(path, method, admin);
    for (const [who, res] of [
      ["anonymous", anonymous],
      ["customer", asCustomer],
      ["admin", asAdmin],
    ] as const) {
      expect(res.status, `${who}: no 5xx`).toBeLessThan(500);
    }
    const refusedAnonymous = (res: Response) =>
      isApi
        ? res.status === 401
        : res.status === 302 && (res.headers.get("location") ?? "").startsWith("/login?redirectTo=");
    if (access === "public") {
      expect([401, 403], "anonymous may call it").not.toContain(anonymous.status);
    } else {
      expect(refusedAnonymous(anonymous), `anonymous is refused (${anonymous.status})`).toBe(true);
    }
    if (access === "admin") expect(asCustomer.status, "a customer gets 403").toBe(403);
    else expect([401, 403], "a customer may call it").not.toContain(asCustomer.status);
    expect([401, 403], "an admin may call it").not.toContain(asAdmin.status);
  });

  /**
   * CSRF: what another site's page can make a browser send without a preflight (a form post, with
   * the visitor's cookies and that site's Origin) is refused by every cookie-authenticated write.
   */
  const writes = cases.filter((c) => c.method !== "GET" && c.access !== "public" && !SIGN_OUT.has(c.path));
  it.each(writes)("cross-site $method $path is refused", async ({ path, method }) => {
    for (const type of [
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await fetch(server.url + path, {
        method,
        redirect: "manual",
        headers: { Origin: "https://evil.example", "Content-Type": type, Cookie: `session=${admin}` },
        body: type.startsWith("multipart") ? "--x--" : "intent=create&email=evil@example.com&role=admin",
      });
      expect(res.status, `${type}: ${res.status}`).toBeGreaterThanOrEqual(400);
      expect(res.status, type).toBeLessThan(500);
    }
  });
});
