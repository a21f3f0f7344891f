import { staffMay } from "@domain/auth/staff.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminScreens } from "~/admin/screens.ts";
import { PORTAL_SCREENS, type PortalAccess } from "~/portal/screens.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { companyWithOwner, invitedMember } from "../support/portal-people.ts";
import { concretePath as concrete, routeTable as table } from "../support/route-table.ts";
import {
  createStaffAccount,
  demoTokens,
  editorToken,
  postForm,
  type ServerProcess,
  sessionCookieToken,
  startServerProcess,
} from "../support/server-process.ts";

/**
 * The authorisation matrix (decision 078), generated from the route table: every route × method × caller
 * (anonymous, customer, admin). A route added without a rule here fails the suite, so nobody adds an
 * endpoint without saying who may call it.
 */

/**
 * staff: admins and editors (decision 100: editors prepare content); admin: admins only, an editor gets
 * 403. api-key: the vendor's systems with `Authorization: Bearer <key>` of a scope; a session is a 401.
 */
type Access = "public" | "signed-in" | "staff" | "admin" | "api-key";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Who may call each route module, per method it answers. */
const RULES: Record<string, Partial<Record<Method, Access>>> = {
  "routes/api/json-public.ts": { GET: "public" },
  "routes/api/cache.ts": { POST: "admin" },
  "server/http/lead-intake.ts": { POST: "public" },
  // The funnel's beacon (decision 104): anyone's browser, same-origin only, nothing personal.
  "server/http/funnel-beacon.ts": { POST: "public" },
  // The newsletter's one-click unsubscribe (RFC 8058): its signed token, not a session, authorises it.
  "server/http/newsletter-unsubscribe.ts": { GET: "public", POST: "public" },
  "routes/api/auth-login.ts": { POST: "public" },
  "routes/api/auth-logout.ts": { POST: "public" },
  "routes/api/users-profile.ts": { GET: "signed-in", PUT: "signed-in" },
  "routes/api/user-dashboard.ts": { GET: "signed-in", PUT: "admin" },
  "routes/api/plans-data.ts": { GET: "public", PUT: "admin" },
  "routes/api/json-files.ts": { GET: "staff" },
  "routes/api/json-bulk.ts": { POST: "staff" },
  "routes/api/json-structure.ts": { GET: "staff" },
  "routes/api/json-document.ts": { GET: "staff", PUT: "admin" },
  "routes/api/json-revisions.ts": { GET: "staff", POST: "admin" },
  "routes/api/json-draft.ts": { GET: "staff", PUT: "staff", DELETE: "staff" },
  "routes/api/json-publish.ts": { POST: "admin" },
  "routes/api/json-schedule.ts": { POST: "admin" },
  "routes/api/json-preview.ts": { POST: "staff" },
  "routes/api/content-schedules.ts": { GET: "staff", PATCH: "admin", DELETE: "admin" },
  "routes/api/cache-key.ts": { GET: "public", DELETE: "admin" },
  "routes/api/uploads.ts": { POST: "staff" },
  "routes/api/media.ts": { GET: "staff", POST: "staff" },
  "routes/api/billing-openapi.ts": { GET: "public" },
  "routes/api/billing-invoices.ts": { POST: "api-key" },
  "routes/api/billing-invoice.ts": { GET: "api-key", PATCH: "api-key" },
  "routes/api/billing-invoice-nfse.ts": { PUT: "api-key" },
  "routes/api/platform-integrations.ts": { PUT: "api-key" },
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
  "routes/newsletter-unsubscribe.tsx": { GET: "public", POST: "public" },
  // A visitor's copy of their leads (decision 111): the request and the signed link's confirmation.
  "routes/my-data.tsx": { GET: "public", POST: "public" },
  "routes/my-data-confirm.tsx": { GET: "public", POST: "public" },
  // A demonstration's booking (decision 138): the lead's access token, or the invitation's signed link.
  "routes/booking.tsx": { GET: "public", POST: "public" },
  "routes/booking-manage.tsx": { GET: "public", POST: "public" },
  "routes/api/bookings.ts": { POST: "public" },
  "routes/sitemap.ts": { GET: "public" },
  "routes/robots.ts": { GET: "public" },
  "routes/logout.tsx": { GET: "public" },
  "routes/dashboard.tsx": { GET: "signed-in", POST: "signed-in" },
  // Two-factor set-up (decision 112): any signed-in person, and staff whose session owes it.
  "routes/two-factor-setup.tsx": { GET: "signed-in", POST: "signed-in" },
  "routes/user/layout.tsx": { GET: "signed-in" },
  "routes/user/index.ts": { GET: "signed-in" },
  "routes/user/other.ts": { GET: "signed-in" },
  // The portal's screens: from their table (app/portal/screens.ts).
  ...Object.fromEntries(
    PORTAL_SCREENS.map((screen) => [
      screen.module,
      screen.writes ? { GET: "signed-in", POST: "signed-in" } : { GET: "signed-in" },
    ]),
  ),
  "routes/invitation.tsx": { GET: "public", POST: "public" },
  "routes/admin/layout.tsx": { GET: "staff" },
  "routes/admin/index.ts": { GET: "staff" },
  "routes/content-page.tsx": { GET: "public" },
  // The admin's screens: from their table, where a screen cannot be declared without its action.
  ...Object.fromEntries(
    adminScreens.map((screen) => {
      const access: Access = staffMay("editor", screen.action) ? "staff" : "admin";
      return [screen.module, screen.writes ? { GET: access, POST: access } : { GET: access }];
    }),
  ),
};

/** The scope an "api-key" route needs: a key of the other scope is a 403 (decision 096). */
const KEY_SCOPES: Record<string, "billing" | "platform"> = {
  "routes/api/billing-invoices.ts": "billing",
  "routes/api/billing-invoice.ts": "billing",
  "routes/api/billing-invoice-nfse.ts": "billing",
  "routes/api/platform-integrations.ts": "platform",
};

/** Where one module serves several paths with different methods, the path's own rule. */
const PATH_RULES: Record<string, Partial<Record<Method, Access>>> = {
  "/api/json/:docname/revisions": { GET: "staff" },
  "/api/content-schedules": { GET: "staff" },
  "/api/content-schedules/:id": { PATCH: "admin", DELETE: "admin" },
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
  let editor: string;
  let pendingSetup: string;
  const keys: Partial<Record<"billing" | "platform", string>> = {};

  beforeAll(async () => {
    server = await startServerProcess({
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    });
    ({ admin, customer } = await demoTokens(server));
    editor = await editorToken(server, admin);
    // A staff member who has not set up two-step verification yet (decision 112): the session their
    // password gives opens only the set-up page.
    const email = `pendente-${Date.now()}@vertice.local`;
    const password = await createStaffAccount(server, admin, { email, name: "Equipe sem 2FA" });
    const signIn = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status, "a staff sign-in without two-step verification").toBe(403);
    pendingSetup = sessionCookieToken(signIn);
    // A key of each scope, made by staff on the API keys screen (shown once in the answer).
    for (const scope of ["billing", "platform"] as const) {
      const made = await postForm(
        server.url,
        "/admin/chaves-api",
        { intent: "apikey-create", name: `Matriz ${scope}`, scope },
        admin,
      );
      keys[scope] = new RegExp(`value="(vk_${scope}_[A-Za-z0-9_-]+)"`).exec(await made.text())?.[1];
      expect(keys[scope], `a ${scope} key was made`).toBeTruthy();
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const call = (path: string, method: Method, token?: string, apiKey?: string) => {
    const isApi = path.startsWith("/api/");
    return fetch(server.url + path, {
      method,
      redirect: "manual",
      headers: {
        Origin: server.url,
        "Content-Type": isApi ? "application/json" : "application/x-www-form-urlencoded",
        ...(token ? { Cookie: `session=${token}` } : {}),
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
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
      file: route.file,
      method: method as Method,
      access: access as Access,
    })),
  );

  /** Signing out ends the caller's session: those are called anonymously only. */
  const SIGN_OUT = new Set(["/api/auth/logout", "/logout"]);

  it.each(cases)("$method $path ($access)", async ({ path, file, method, access }) => {
    const isApi = path.startsWith("/api/");
    const anonymous = await finalAnswer(path, method);
    if (SIGN_OUT.has(path)) {
      expect(anonymous.status).toBeLessThan(500);
      return;
    }
    const asCustomer = await finalAnswer(path, method, customer);
    const asAdmin = await finalAnswer(path, method, admin);
    const asEditor = await finalAnswer(path, method, editor);
    for (const [who, res] of [
      ["anonymous", anonymous],
      ["customer", asCustomer],
      ["admin", asAdmin],
      ["editor", asEditor],
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
    // A staff session that still owes its two-step set-up reaches nothing but the set-up page.
    if (access !== "public" && access !== "api-key" && file !== "routes/two-factor-setup.tsx") {
      // An index's redirect to its first page is followed, as for the other callers.
      let pending = await call(path, method, pendingSetup);
      for (let hop = 0; hop < 3 && method === "GET" && pending.status === 302; hop++) {
        const location = pending.headers.get("location") ?? "";
        if (!location.startsWith("/") || location.startsWith("/conta/dois-fatores")) break;
        pending = await call(location, method, pendingSetup);
      }
      if (isApi) {
        expect(pending.status, "set-up owed: 403").toBe(403);
        expect(await pending.json()).toMatchObject({ setupRequired: true });
      } else {
        expect(pending.status, "set-up owed: sent to the set-up page").toBe(302);
        expect(pending.headers.get("location") ?? "").toMatch(/^\/conta\/dois-fatores\?redirectTo=/);
      }
    }
    if (access === "api-key") {
      // A session, a customer's or staff's, is not a key; a key of the other scope is a 403.
      expect(asCustomer.status, "a customer's session is not a key").toBe(401);
      expect(asAdmin.status, "a staff session is not a key").toBe(401);
      expect(asEditor.status, "an editor's session is not a key").toBe(401);
      const scope = KEY_SCOPES[file];
      expect(scope, `${file} has a scope in KEY_SCOPES`).toBeTruthy();
      const other = scope === "billing" ? "platform" : "billing";
      const withOther = await call(path, method, undefined, keys[other]);
      expect(withOther.status, `a ${other} key is refused`).toBe(403);
      const withScope = await call(path, method, undefined, keys[scope!]);
      expect([401, 403], `a ${scope} key may call it`).not.toContain(withScope.status);
      expect(withScope.status, "no 5xx").toBeLessThan(500);
      return;
    }
    if (access === "admin" || access === "staff") expect(asCustomer.status, "a customer gets 403").toBe(403);
    else expect([401, 403], "a customer may call it").not.toContain(asCustomer.status);
    expect([401, 403], "an admin may call it").not.toContain(asAdmin.status);
    if (access === "admin") expect(asEditor.status, "an editor gets 403").toBe(403);
    else expect([401, 403], "an editor may call it").not.toContain(asEditor.status);
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

/**
 * The portal's matrix (decision 091): every route of the customer area × every company role, another
 * company's owner and staff. Who may see a ticket and its file: its reporter and the company's
 * owners and admins; anyone else gets the same 404 as for a ticket that does not exist. Writes that
 * need a role (inviting, removing someone) are refused with 403 to the roles without it.
 */
type Caller = "anonymous" | "owner" | "admin" | "finance" | "reporter" | "colleague" | "otherOwner" | "staff";
/** ok: answered (2xx, or a redirect inside the portal); login: sent to sign in; admin-area: staff sent to /admin. */
type Outcome = "ok" | "login" | "forbidden" | "not-found" | "admin-area";

const CUSTOMERS = ["owner", "admin", "finance", "reporter", "colleague", "otherOwner"] as const;
const everyCustomer = (outcome: Outcome = "ok"): Record<Caller, Outcome> => ({
  anonymous: "login",
  ...(Object.fromEntries(CUSTOMERS.map((c) => [c, outcome])) as Record<(typeof CUSTOMERS)[number], Outcome>),
  staff: "admin-area",
});
/** A ticket the reporter opened: theirs, and their company's owners' and admins'. */
const theTicket: Record<Caller, Outcome> = {
  ...everyCustomer("not-found"),
  owner: "ok",
  admin: "ok",
  reporter: "ok",
};

/** The company's invoices and NFS-e lists: its owners, admins and finance; plain members get a 404. */
const billing: Record<Caller, Outcome> = {
  ...everyCustomer(),
  reporter: "not-found",
  colleague: "not-found",
};
/**
 * An invoice billing posted for the demo company (and its PDF, NFS-e and year's ZIP): its owners,
 * admins and finance; anyone else gets the same 404 as for an invoice that does not exist.
 */
const theInvoice: Record<Caller, Outcome> = {
  ...everyCustomer("not-found"),
  owner: "ok",
  admin: "ok",
  finance: "ok",
};

/** What each access of a portal screen gives each caller. */
const BY_ACCESS: Record<PortalAccess, Record<Caller, Outcome>> = {
  "signed-in": { ...everyCustomer(), staff: "ok" },
  company: everyCustomer(),
  "billing.view": billing,
  // Finance does not see integrations (the same 404 as a page that is not there).
  "integrations.view": { ...everyCustomer(), finance: "not-found" },
  "own-ticket": theTicket,
  "own-invoice": theInvoice,
  // The company's data (decision 111): its owners only (the other company's owner gets their own);
  // every other role the same 404 as a page that is not there.
  owners: { ...everyCustomer("not-found"), owner: "ok", otherOwner: "ok" },
};

/** GET of every portal page and API, by route module (a portal route without a line here fails). */
const PORTAL_GET: Record<string, Record<Caller, Outcome>> = {
  // The user area's frame and dashboard open for staff too (the dashboard's layout, no company data).
  "routes/user/layout.tsx": { ...everyCustomer(), staff: "ok" },
  "routes/user/index.ts": { ...everyCustomer(), staff: "ok" },
  "routes/user/other.ts": { ...everyCustomer(), staff: "ok" },
  // Every screen of the portal by its access (app/portal/screens.ts).
  ...Object.fromEntries(PORTAL_SCREENS.map((screen) => [screen.module, BY_ACCESS[screen.access]])),
};

/** The invoice the portal's matrix has billing post for the demo company. */
const INVOICE = { number: "FAT-MATRIZ-0001", year: 2026 };

describe("the portal's matrix: every portal route × company role × another company × staff", () => {
  let server: ServerProcess;
  const tokens: Partial<Record<Caller, string>> = {};
  let ticket: { id: string; attachmentId: string };
  let colleagueId: string;

  beforeAll(async () => {
    server = await startServerProcess({
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    });
    const demo = await demoTokens(server);
    tokens.owner = demo.customer;
    tokens.staff = demo.admin;
    // The demo company's people, each invited by its owner as a customer would, and another company
    // registered by staff, whose first owner accepts the invitation staff sent.
    for (const [caller, role] of [
      ["admin", "admin"],
      ["finance", "finance"],
      ["reporter", "member"],
      ["colleague", "member"],
    ] as const)
      tokens[caller] = await invitedMember(server.url, tokens.owner, `${caller}@agrosul.example`, role);
    tokens.otherOwner = (
      await companyWithOwner(
        server.url,
        tokens.staff,
        { cnpj: "11.222.333/0001-81", legalName: "Outra Empresa Ltda", planId: "essencial" },
        "dono@outra.example",
      )
    ).owner;
    const profile = await fetch(`${server.url}/api/users/profile`, {
      headers: { Authorization: `Bearer ${tokens.colleague}` },
    });
    colleagueId = ((await profile.json()) as { id: string }).id;
    // The reporter opens a ticket with a file, as the form sends it.
    const body = new FormData();
    for (const [name, value] of Object.entries({
      category: "duvida",
      priority: "media",
      subject: "Como emitir boleto em lote?",
      description: "Precisamos emitir 40 boletos de uma vez.",
    }))
      body.append(name, value);
    body.append("anexos", new File([ONE_PIXEL_PNG], "tela.png", { type: "image/png" }));
    const opened = await fetch(`${server.url}/user/suporte/novo`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Authorization: `Bearer ${tokens.reporter}` },
      body,
    });
    const id = /\/user\/suporte\/([0-9a-f-]{36})/.exec(opened.headers.get("location") ?? "")?.[1];
    expect(id, `the ticket was opened (${opened.status})`).toBeTruthy();
    const page = await (
      await fetch(`${server.url}/user/suporte/${id}`, {
        headers: { Authorization: `Bearer ${tokens.reporter}` },
      })
    ).text();
    const attachmentId = new RegExp(`/user/suporte/${id}/anexos/([0-9a-f-]{36})`).exec(page)?.[1];
    expect(attachmentId, "the ticket page links its file").toBeTruthy();
    ticket = { id: id!, attachmentId: attachmentId! };
    // Billing posts an invoice for the demo company with a key staff made, and attaches its NFS-e.
    const made = await postForm(
      server.url,
      "/admin/chaves-api",
      { intent: "apikey-create", name: "Faturamento da matriz", scope: "billing" },
      tokens.staff,
    );
    const billingKey = /value="(vk_billing_[A-Za-z0-9_-]+)"/.exec(await made.text())?.[1];
    expect(billingKey, "a billing key was made").toBeTruthy();
    const posted = await fetch(`${server.url}/api/billing/invoices`, {
      method: "POST",
      headers: { Authorization: `Bearer ${billingKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        number: INVOICE.number,
        cnpj: "12.ABC.345/01DE-35",
        competence: `${INVOICE.year}-11`,
        issuedOn: `${INVOICE.year}-11-01`,
        dueOn: "2099-12-31",
        amountCentavos: 19990,
        lines: [{ description: "Plano Profissional", amountCentavos: 19990 }],
      }),
    });
    expect(posted.status, `the invoice was posted: ${await posted.clone().text()}`).toBe(201);
    const nfse = new FormData();
    nfse.append("number", "981");
    nfse.append("verificationCode", "AB12-CD34");
    nfse.append("pdf", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "nfse.pdf"));
    nfse.append(
      "xml",
      new File([new TextEncoder().encode("<CompNfse><Numero>981</Numero></CompNfse>")], "nfse.xml"),
    );
    const attached = await fetch(`${server.url}/api/billing/invoices/${INVOICE.number}/nfse`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${billingKey}` },
      body: nfse,
    });
    expect(attached.status, `the NFS-e was attached: ${await attached.clone().text()}`).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const portalRoutes = table.filter(
    (route) => route.file.startsWith("routes/user/") || route.path === "/api/json/user-dashboard",
  );
  const pathOf = (pattern: string) =>
    concrete(
      pattern
        .replace(":attachmentId", ticket.attachmentId)
        .replace(":id", ticket.id)
        .replace(":number", INVOICE.number)
        .replace(":format", "pdf")
        .replace(":year", String(INVOICE.year)),
    );

  it("every portal route has a line in the matrix", () => {
    expect(
      portalRoutes.filter((r) => r.file.startsWith("routes/user/") && !PORTAL_GET[r.file]).map((r) => r.file),
    ).toEqual([]);
  });

  const send = (path: string, caller: Caller, init: RequestInit = {}) =>
    fetch(server.url + path, {
      redirect: "manual",
      ...init,
      headers: {
        Origin: server.url,
        ...(caller === "anonymous" ? {} : { Authorization: `Bearer ${tokens[caller]}` }),
        ...init.headers,
      },
    });

  /** What a caller ends at: redirects inside the portal are followed, to the login or /admin are outcomes. */
  async function outcomeOf(path: string, caller: Caller, init: RequestInit = {}): Promise<Outcome | number> {
    let res = await send(path, caller, init);
    for (let hop = 0; hop < 3 && [301, 302, 303].includes(res.status); hop++) {
      const location = res.headers.get("location") ?? "";
      if (location.startsWith("/login")) return "login";
      if (location === "/admin" || location.startsWith("/admin/")) return "admin-area";
      res = await send(location, caller);
    }
    if (res.status === 403) return "forbidden";
    if (res.status === 404) return "not-found";
    if (res.status < 400) return "ok";
    return res.status;
  }

  const CALLERS: Caller[] = ["anonymous", ...CUSTOMERS, "staff"];

  it.each(
    Object.entries(PORTAL_GET).flatMap(([file, rules]) => CALLERS.map((caller) => ({ file, caller, rules }))),
  )("GET $file as $caller", async ({ file, caller, rules }) => {
    for (const route of portalRoutes.filter((r) => r.file === file)) {
      expect(await outcomeOf(pathOf(route.path), caller), route.path).toBe(rules[caller]);
    }
  });

  it.each(CALLERS)("the dashboard API as %s", async (caller) => {
    const res = await send("/api/json/user-dashboard", caller);
    expect(res.status).toBe(caller === "anonymous" ? 401 : 200);
  });

  const form = (fields: Record<string, string>): RequestInit => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

  it.each(CALLERS)("replying to the ticket as %s", async (caller) => {
    const outcome = await outcomeOf(
      `/user/suporte/${ticket.id}`,
      caller,
      form({ intent: "reply", body: `Resposta de ${caller}` }),
    );
    expect(outcome).toBe(theTicket[caller]);
  });

  it.each(CALLERS)("inviting someone as %s", async (caller) => {
    const expected: Record<Caller, Outcome> = {
      ...everyCustomer("forbidden"),
      owner: "ok",
      admin: "ok",
      otherOwner: "ok",
    };
    const outcome = await outcomeOf(
      "/user/usuarios/novo",
      caller,
      form({ email: `convite-${caller}@agrosul.example`, role: "member" }),
    );
    expect(outcome).toBe(expected[caller]);
  });

  it.each(CALLERS)("asking for a plan change as %s", async (caller) => {
    // In order: the owner's request is stored, so the admin's meets it open (409); the other
    // company's owner asks for their own company.
    const expected: Record<Caller, Outcome | number> = {
      ...everyCustomer("forbidden"),
      owner: "ok",
      admin: 409,
      otherOwner: "ok",
    };
    const outcome = await outcomeOf(
      "/user/plano/upgrade",
      caller,
      form({ plano: "empresarial", ciclo: "mensal" }),
    );
    expect(outcome).toBe(expected[caller]);
  });

  it.each(["finance", "reporter", "otherOwner", "staff"] as const)(
    "removing a colleague as %s is refused",
    async (caller) => {
      const expected: Partial<Record<Caller, Outcome>> = {
        finance: "forbidden",
        reporter: "forbidden",
        otherOwner: "not-found",
        staff: "admin-area",
      };
      const outcome = await outcomeOf(
        "/user/usuarios",
        caller,
        form({ intent: "remove", memberId: colleagueId }),
      );
      expect(outcome).toBe(expected[caller]);
    },
  );
});
