/**
 * Cookie consent and marketing tags (decision 123) on the embedded database and on PostgreSQL:
 * POST /api/consent as server/app.ts mounts it over the production build, the admin's tags saved
 * and carried by every public page (its consent block and its CSP), the choices per day and the
 * CSV export, and the retention job deleting old records.
 */

import { CONSENT_PATH } from "@domain/consent/paths.ts";
import { consentRecords } from "@server/db/schema.ts";
import { type BuiltServices, stopServices } from "@server/services.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseTarget, databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { listenInProcess, productionServices } from "../support/in-process-app.ts";
import { tempDataDir } from "../support/server-process.ts";
import { signedInAdmin } from "../support/two-factor.ts";

afterAll(async () => {
  await dropCreatedDatabases();
});

const VISITOR = "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70";
const choice = (over: Record<string, unknown> = {}) => ({
  id: VISITOR,
  version: "1",
  measurement: false,
  marketing: false,
  method: "reject_all",
  page: "/planos",
  ...over,
});

describe.each(databaseTargets())("cookie consent and marketing tags on $name", (target: DatabaseTarget) => {
  let services: BuiltServices;
  let app: Awaited<ReturnType<typeof listenInProcess>>;
  let token: string;

  beforeAll(async () => {
    services = await productionServices(await target.open(), { DATA_DIR: tempDataDir() });
    app = await listenInProcess(services);
    token = await signedInAdmin(services);
  });
  afterAll(async () => {
    await app?.close();
    if (services) await stopServices(services);
  });
  beforeEach(async () => {
    await services.database.db.delete(consentRecords);
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${CONSENT_PATH}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: app.url,
        "Sec-Fetch-Site": "same-origin",
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${app.url}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, ...init.headers } });

  it("records a choice with the server's time, and refuses what is not one, in Portuguese", async () => {
    const before = Date.now();
    const answer = await post(choice());
    expect(answer.status).toBe(204);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const [row] = await services.database.db.select().from(consentRecords);
    expect(row).toMatchObject({
      visitorId: VISITOR,
      listVersion: "1",
      method: "reject_all",
      page: "/planos",
    });
    expect(row!.decidedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const bad = await post(choice({ id: "not-an-id" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Registro de consentimento inválido/);
    expect((await post("{")).status).toBe(400);
    expect((await post(choice(), { "Content-Type": "text/plain" })).status).toBe(415);
    expect(
      (await post(choice(), { Origin: "https://outro.example", "Sec-Fetch-Site": "cross-site" })).status,
    ).toBe(403);
    expect((await post(JSON.stringify({ ...choice(), page: `/${"x".repeat(3000)}` }))).status).toBe(413);
    expect((await fetch(`${app.url}${CONSENT_PATH}`)).status).toBe(405);
    expect(await services.consentRecords.count()).toBe(1);
  });

  it("shows the choices per day on the admin's screen and exports every one as CSV", async () => {
    await post(choice());
    await post(
      choice({
        id: "1c6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f71",
        measurement: true,
        marketing: true,
        method: "accept_all",
      }),
    );
    const screen = await admin("/admin/cookies");
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain("Escolhas dos visitantes");
    expect(html).toMatch(/<td>2<\/td><td>1<\/td><td>1<\/td>/);

    const csv = await admin("/admin/consentimentos.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("decidido_em,visitante,versao_da_lista,medicao,marketing,forma,pagina,segmento");
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 6))).toEqual([
      [VISITOR, "1", "não", "não", "reject_all"],
      ["1c6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f71", "1", "sim", "sim", "accept_all"],
    ]);
    // Admins only: no session, no export.
    expect((await fetch(`${app.url}/admin/consentimentos.csv`, { redirect: "manual" })).status).not.toBe(200);
  });

  it("tags saved in the admin are checked, audited, and carried by every public page with their CSP hosts", async () => {
    const save = (fields: Record<string, string>, version: string) =>
      admin("/admin/cookies", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: app.url,
          "Sec-Fetch-Site": "same-origin",
        },
        body: new URLSearchParams({ version, ...fields }).toString(),
      });
    const refused = await (await save({ ga4: "UA-123-1" }, "0")).text();
    // The refused field is marked on the form, beside the message naming it.
    expect(refused).toMatch(/id="tag-ga4"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="tag-ga4"/);
    expect(refused).toContain(
      "Google Analytics 4: informe um ID no formato G-AB12CD34EF, ou deixe o campo vazio.",
    );
    expect((await services.marketingTags.read()).version).toBe(0);

    const before = await (await fetch(`${app.url}/planos`)).text();
    expect(before).toMatch(/"version":"1"/);
    const saved = await save(
      { ga4: "g-ab12cd34ef", metaPixel: "123456789012345", gtm: "", clarity: "", linkedIn: "" },
      "0",
    );
    expect(await saved.text()).toContain("Tags salvas: 2 tags ligadas.");
    expect((await services.marketingTags.read()).value).toEqual({
      ga4: "G-AB12CD34EF",
      metaPixel: "123456789012345",
    });
    expect((await services.audit.recent(5)).some((entry) => entry.action === "marketing-tags.save")).toBe(
      true,
    );

    const page = await fetch(`${app.url}/planos`);
    const html = await page.text();
    expect(html).toContain('"version":"1:ga4+metaPixel"');
    expect(html).toContain('"ga4":"G-AB12CD34EF"');
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(
      /script-src 'self'[^;]* https:\/\/connect\.facebook\.net https:\/\/www\.googletagmanager\.com/,
    );
    expect(csp).not.toMatch(/clarity|licdn/);
    // Off again: the hosts go with them.
    await save({ ga4: "", metaPixel: "" }, "1");
    const after = await fetch(`${app.url}/planos`);
    expect(after.headers.get("content-security-policy")).not.toContain("googletagmanager");
  });

  it("the privacy policy lists the site's cookies from the same list the choice uses", async () => {
    const html = await (await fetch(`${app.url}/politicas`)).text();
    expect(html).toContain('<table class="legal-table">');
    expect(html).toContain("<code>vertice_consent</code>");
    expect(html).toContain("<code>vertice_ft</code>");
    expect(html).not.toContain("<code>_fbp</code>");
    expect(html).toContain("Preferências de cookies");
  });

  it("the retention job deletes the choices older than the leads' period", async () => {
    await post(choice());
    await services.database.db.insert(consentRecords).values({
      id: "2c6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f72",
      visitorId: VISITOR,
      listVersion: "1",
      measurement: true,
      marketing: false,
      method: "custom",
      page: "/",
      decidedAt: new Date("2020-01-01T12:00:00Z"),
    });
    const { LeadRetention } = await import("@server/privacy/retention.ts");
    const report = await new LeadRetention({
      db: services.database.db,
      jira: null,
      logger: services.logger,
      audit: services.audit,
      retentionMonths: async () => 24,
    }).run(new Date());
    expect(report.consents).toBe(1);
    expect(await services.consentRecords.count()).toBe(1);
  });
});
