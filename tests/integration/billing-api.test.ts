/**
 * The billing system's API (decision 096) against the built server, on the embedded database and
 * PostgreSQL: keys made by `npm run apikey:create` and by staff in Settings, 401/403 by key and
 * scope, the idempotent POST, 422s that name the field, PATCH transitions, the NFS-e checked by
 * content, the OpenAPI document (valid OpenAPI 3.1, and the real answers fit its schemas), and the
 * admin's invoices page.
 */

import { saoPauloDay } from "@domain/billing/dates.ts";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, dropCreatedDatabases } from "../support/databases.ts";
import {
  freshDataDir,
  loginToken,
  postForm,
  runCli,
  type ServerProcess,
  startServerProcess,
  tempDataDir,
} from "../support/server-process.ts";

const postgresUrl = process.env.TEST_DATABASE_URL;
const targets: { name: string; env: () => Promise<Record<string, string>> }[] = [
  { name: "pglite", env: async () => ({ DATA_DIR: await freshDataDir() }) },
];
if (postgresUrl)
  targets.push({
    name: "postgres",
    env: async () => ({ DATABASE_URL: await createPostgresDatabase(postgresUrl), DATA_DIR: tempDataDir() }),
  });

afterAll(dropCreatedDatabases);

const CNPJ = "11.222.333/0001-81";
const bytes = (text: string) => new TextEncoder().encode(text);
const PDF = bytes("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const XML = '<?xml version="1.0" encoding="UTF-8"?><CompNfse><Nfse><Numero>7001</Numero></Nfse></CompNfse>';

const invoiceBody = (overrides: Record<string, unknown> = {}) => ({
  number: "2026-000123",
  cnpj: CNPJ,
  competence: "2026-11",
  issuedOn: "2026-11-01",
  dueOn: "2026-11-10",
  amountCentavos: 102656,
  lines: [
    { description: "Plano Empresarial — novembro", amountCentavos: 99900 },
    { description: "Usuários adicionais", amountCentavos: 2756 },
  ],
  boletoLine: "00190.00009 01149.718601 68524.522114 6 75860000102656",
  ...overrides,
});

/** The key a CLI run printed: its last line. */
const printedKey = (output: string) => /(vk_(?:billing|platform)_\S+)\s*$/.exec(output)?.[1];

describe.each(targets)("the billing API on $name", (target) => {
  let server: ServerProcess;
  let admin: string;
  let billingKey: string;
  let platformKey: string;
  let companyId: string;

  const api = (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const { key = billingKey, ...rest } = init;
    return fetch(server.url + path, {
      ...rest,
      headers: {
        ...(rest.body && typeof rest.body === "string" ? { "Content-Type": "application/json" } : {}),
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
        ...(rest.headers as Record<string, string>),
      },
    });
  };
  const post = (body: unknown, key?: string | null) =>
    api("/api/billing/invoices", { method: "POST", body: JSON.stringify(body), key });
  const patch = (number: string, body: unknown) =>
    api(`/api/billing/invoices/${number}`, { method: "PATCH", body: JSON.stringify(body) });
  const putNfse = (number: string, parts: Record<string, string | Blob>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts))
      if (typeof value === "string") form.append(name, value);
      else form.append(name, value, name === "pdf" ? "nota.pdf" : "nota.xml");
    return api(`/api/billing/invoices/${number}/nfse`, { method: "PUT", body: form });
  };
  const page = async (path: string) =>
    (await fetch(server.url + path, { headers: { Authorization: `Bearer ${admin}` } })).text();

  beforeAll(async () => {
    const env = await target.env();
    // Three command-line runs that open the database, each a process (the embedded database, one at
    // a time): over a minute on a busy machine, hence the long hook.
    const staff = await runCli(
      ["user-create", "--email", "staff@vertice.com", "--password", "senha-da-equipe", "--role", "admin"],
      env,
    );
    expect(staff.code, staff.output).toBe(0);
    const refused = await runCli(["apikey-create", "--name", "X", "--scope", "admin"], env);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain("--scope billing|platform");
    const billing = await runCli(["apikey-create", "--name", "Faturamento", "--scope", "billing"], env);
    expect(billing.code, billing.output).toBe(0);
    expect(billing.output).toContain('Chave de API criada: "Faturamento" (escopo billing');
    expect(billing.output).toContain("não será mostrada de novo");
    billingKey = printedKey(billing.output)!;
    expect(billingKey).toMatch(/^vk_billing_/);
    const platform = await runCli(["apikey-create", "--name", "Plataforma", "--scope", "platform"], env);
    expect(platform.code, platform.output).toBe(0);
    platformKey = printedKey(platform.output)!;

    server = await startServerProcess(env);
    admin = await loginToken(server.url, "staff@vertice.com", "senha-da-equipe");
    // The customer company, registered by staff as they do in the admin.
    const registered = await postForm(
      server.url,
      "/admin/empresas",
      { cnpj: CNPJ, legalName: "Agro Sul Ltda", tradeName: "", planId: "" },
      admin,
    );
    companyId = /\/admin\/empresas\/([0-9a-f-]{36})/.exec(registered.headers.get("location") ?? "")![1]!;
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses a call without a key, with a wrong key or a key of another scope, in Portuguese", async () => {
    const missing = await post(invoiceBody(), null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await missing.json()).toEqual({
      message: "Chave de API não informada: envie Authorization: Bearer <chave>.",
    });
    const wrong = await post(invoiceBody(), `${billingKey}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Chave de API inválida ou revogada." });
    const platform = await post(invoiceBody(), platformKey);
    expect(platform.status).toBe(403);
    expect((await platform.json()).message).toContain("escopo exigido: billing");
    // A staff session is not a key.
    const session = await post(invoiceBody(), admin);
    expect(session.status).toBe(401);
    for (const path of ["/api/billing/invoices/2026-000123", "/api/billing/invoices/2026-000123/nfse"]) {
      expect((await api(path, { method: path.endsWith("nfse") ? "PUT" : "PATCH", key: null })).status).toBe(
        401,
      );
      expect(
        (await api(path, { method: path.endsWith("nfse") ? "PUT" : "PATCH", key: platformKey })).status,
      ).toBe(403);
    }
  });

  it("creates an invoice once: 201, then 200 with the stored one for the same number", async () => {
    const first = await post(invoiceBody());
    expect(first.status).toBe(201);
    expect(first.headers.get("location")).toBe("/api/billing/invoices/2026-000123");
    const created = await first.json();
    expect(created).toMatchObject({
      number: "2026-000123",
      cnpj: "11222333000181",
      amountCentavos: 102656,
      boletoLine: "00190000090114971860168524522114675860000102656",
      status: "open",
      source: "api:Faturamento",
    });
    const again = await post(
      invoiceBody({ amountCentavos: 500, lines: [{ description: "x", amountCentavos: 500 }] }),
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(created);
    const read = await api("/api/billing/invoices/2026-000123");
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created);
  });

  it("answers 422 naming the field: unknown CNPJ, bad boleto line, amounts that are not integers", async () => {
    const unknown = await post(invoiceBody({ number: "N-1", cnpj: "45.723.174/0001-10" }));
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      message: "Dados inválidos: cnpj: Nenhuma empresa cadastrada com este CNPJ.",
      fieldErrors: { cnpj: "Nenhuma empresa cadastrada com este CNPJ." },
    });
    const boleto = await post(
      invoiceBody({ number: "N-2", boletoLine: "00190.00009 01149.718601 68524.522114 7 75860000102656" }),
    );
    expect(boleto.status).toBe(422);
    const boletoAnswer = await boleto.json();
    expect(Object.keys(boletoAnswer.fieldErrors)).toEqual(["boletoLine"]);
    expect(boletoAnswer.message).toContain("boletoLine: Linha digitável inválida");
    for (const amount of [1026.56, "102656"]) {
      const res = await post(invoiceBody({ number: "N-3", amountCentavos: amount }));
      expect(res.status).toBe(422);
      expect((await res.json()).fieldErrors.amountCentavos).toMatch(/inteiro de centavos/);
    }
    const line = await post(
      invoiceBody({ number: "N-4", lines: [{ description: "Plano", amountCentavos: 102656.5 }] }),
    );
    expect((await line.json()).fieldErrors).toHaveProperty(["lines.0.amountCentavos"]);
    const notJson = await api("/api/billing/invoices", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    const notJsonType = await api("/api/billing/invoices", {
      method: "POST",
      body: new URLSearchParams({ a: "b" }),
    });
    expect(notJsonType.status).toBe(415);
    expect((await api("/api/billing/invoices/N-1")).status).toBe(404);
  });

  it("PATCH marks paid; then cancelling is a conflict; unknown numbers are 404", async () => {
    await post(invoiceBody({ number: "P-1", boletoLine: null }));
    const paid = await patch("P-1", { status: "paid", paidOn: saoPauloDay(new Date()) });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: "paid", paidOn: saoPauloDay(new Date()) });
    const cancel = await patch("P-1", { status: "cancelled" });
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).message).toMatch(/já está paga/);
    const bad = await patch("P-1", { status: "paid" });
    expect(bad.status).toBe(422);
    expect((await bad.json()).fieldErrors).toHaveProperty("paidOn");
    expect((await patch("NAO-EXISTE", { status: "cancelled" })).status).toBe(404);
    await post(invoiceBody({ number: "P-2", boletoLine: null }));
    expect((await patch("P-2", { status: "cancelled" })).status).toBe(200);
    expect((await patch("P-2", { status: "cancelled" })).status).toBe(200);
    expect((await patch("P-2", { status: "paid", paidOn: "2026-11-09" })).status).toBe(409);
  });

  it("PUT attaches the NFS-e: a PDF by its content, a text file named .pdf refused", async () => {
    const accepted = await putNfse("2026-000123", {
      number: "7001",
      verificationCode: "AB12-CD34",
      pdf: new Blob([PDF], { type: "application/pdf" }),
      xml: new Blob([XML], { type: "text/xml" }),
    });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).nfse).toEqual({
      number: "7001",
      verificationCode: "AB12-CD34",
      pdf: true,
      xml: true,
    });
    const text = await putNfse("2026-000123", {
      number: "7002",
      verificationCode: "X",
      pdf: new Blob([bytes("apenas texto, não um PDF")], { type: "application/pdf" }),
    });
    expect(text.status).toBe(422);
    expect((await text.json()).fieldErrors.pdf).toMatch(/não é um PDF/);
    const badXml = await putNfse("2026-000123", {
      number: "7003",
      verificationCode: "X",
      xml: new Blob(["<a><b></a>"]),
    });
    expect(badXml.status).toBe(422);
    expect((await badXml.json()).fieldErrors.xml).toMatch(/bem formado/);
    const noFile = await putNfse("2026-000123", { number: "7004", verificationCode: "X" });
    expect(noFile.status).toBe(422);
    const json = await api("/api/billing/invoices/2026-000123/nfse", { method: "PUT", body: "{}" });
    expect(json.status).toBe(415);
    expect(
      (await putNfse("NAO-EXISTE", { number: "1", verificationCode: "2", pdf: new Blob([PDF]) })).status,
    ).toBe(404);
    const huge = await putNfse("2026-000123", {
      number: "7005",
      verificationCode: "X",
      pdf: new Blob([PDF, new Uint8Array(6 * 1024 * 1024)]),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).message).toBe("A NFS-e passa do limite: PDF de até 3 MB e XML de até 1 MB.");
    // Nothing of the refused ones was kept.
    expect((await (await api("/api/billing/invoices/2026-000123")).json()).nfse.number).toBe("7001");
  });

  it("serves a valid OpenAPI 3.1 document, publicly, whose schemas the real answers fit", async () => {
    const res = await fetch(`${server.url}/api/billing/openapi.json`);
    expect(res.status).toBe(200);
    const doc = JSON.parse(await res.text());
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/billing/invoices",
        "/api/billing/invoices/{number}",
        "/api/billing/invoices/{number}/nfse",
        "/api/platform/companies/{cnpj}/integrations/{integrationId}",
      ]),
    );
    const checked = await new Validator().validate(doc);
    expect(checked.errors ?? []).toEqual([]);
    expect(checked.valid).toBe(true);

    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema(doc, "openapi");
    const validInvoice = ajv.compile({ $ref: "openapi#/components/schemas/Invoice" });
    const validError = ajv.compile({ $ref: "openapi#/components/schemas/Error" });
    const validInput = ajv.compile({ $ref: "openapi#/components/schemas/InvoiceInput" });
    const invoice = await (await api("/api/billing/invoices/2026-000123")).json();
    expect(validInvoice(invoice), JSON.stringify(validInvoice.errors)).toBe(true);
    expect(validInput(invoiceBody()), JSON.stringify(validInput.errors)).toBe(true);
    const refusal = await (await post(invoiceBody({ number: "N-9", cnpj: "45.723.174/0001-10" }))).json();
    expect(validError(refusal), JSON.stringify(validError.errors)).toBe(true);
  });

  it("staff create a key on the API keys screen, see it once, and revoking it ends it at once (audited)", async () => {
    const created = await postForm(
      server.url,
      "/admin/chaves-api",
      { intent: "apikey-create", name: "Temporária", scope: "billing" },
      admin,
    );
    const html = await created.text();
    const key = /value="(vk_billing_[A-Za-z0-9_-]+)"/.exec(html)?.[1];
    expect(key, "the new key is shown").toBeTruthy();
    expect((await api("/api/billing/invoices/2026-000123", { key })).status).toBe(200);
    const settings = await page("/admin/chaves-api");
    expect(settings).toContain("Temporária");
    expect(settings, "never shown again").not.toContain(key!);
    expect(settings).toContain(key!.slice(0, "vk_billing_".length + 4));
    // The newest key is listed first: its revoke form comes first.
    const keyId = /name="keyId" value="([0-9a-f-]{36})"/.exec(settings)![1]!;
    const revoked = await postForm(
      server.url,
      "/admin/chaves-api",
      { intent: "apikey-revoke", keyId },
      admin,
    );
    expect(await revoked.text()).toContain("Chave “Temporária” revogada.");
    const after = await api("/api/billing/invoices/2026-000123", { key });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: "Chave de API inválida ou revogada." });
    const dashboard = await page("/admin/dashboard");
    expect(dashboard).toContain("apikey.create");
    expect(dashboard).toContain("apikey.revoke");
  });

  it("hostile bodies with a valid key are refused with a 4xx JSON, never a 5xx", async () => {
    const targets = [
      ["POST", "/api/billing/invoices"],
      ["PATCH", "/api/billing/invoices/2026-000123"],
      ["PUT", "/api/billing/invoices/2026-000123/nfse"],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value)),
          fc.string(),
          fc.constantFrom(
            "{",
            "[1,",
            `${"[".repeat(5000)}${"]".repeat(5000)}`,
            '{"__proto__":{"x":1}}',
            "--x--",
          ),
          fc
            .record({
              number: fc.string(),
              cnpj: fc.string(),
              amountCentavos: fc.double(),
              lines: fc.anything(),
            })
            .map((value) => JSON.stringify(value)),
        ),
        fc.constantFrom(
          "application/json",
          "multipart/form-data; boundary=x",
          "text/plain",
          "multipart/form-data",
        ),
        async ([method, path], body, type) => {
          const res = await api(path, { method, body, headers: { "Content-Type": type } });
          expect(res.status, `${method} ${path} ${type}`).toBeGreaterThanOrEqual(200);
          expect(res.status, `${method} ${path} ${type}: ${body.slice(0, 80)}`).toBeLessThan(500);
          if (res.status >= 400) expect(typeof (await res.json()).message).toBe("string");
          else await res.body?.cancel();
        },
      ),
      { numRuns: 30, seed: 20261127 },
    );
  });

  it("staff see the company's invoices, create one and mark it paid in the admin", async () => {
    const list = await page(`/admin/empresas/${companyId}/faturas`);
    expect(list).toContain("2026-000123");
    expect(list).toContain("R$ 1.026,56");
    expect(list).toContain("10/11/2026");
    expect(await page(`/admin/empresas/${companyId}`)).toContain(`/admin/empresas/${companyId}/faturas`);
    const path = `/admin/empresas/${companyId}/faturas`;
    const created = await postForm(
      server.url,
      path,
      {
        intent: "create",
        number: "STAFF-1",
        competence: "2026-12",
        issuedOn: "2026-12-01",
        dueOn: "2026-12-10",
        lines: "Plano Empresarial — dezembro; 1.299,90\nDesconto; -99,90",
        boletoLine: "",
      },
      admin,
    );
    expect(await created.text()).toContain("Fatura STAFF-1 criada.");
    const stored = await (await api("/api/billing/invoices/STAFF-1")).json();
    expect(stored).toMatchObject({
      amountCentavos: 120000,
      source: "staff:staff@vertice.com",
      status: "open",
    });
    const refused = await postForm(
      server.url,
      path,
      {
        intent: "create",
        number: "STAFF-2",
        competence: "2026-12",
        issuedOn: "2026-12-01",
        dueOn: "2026-12-10",
        lines: "Plano; 10,00",
        boletoLine: "123",
      },
      admin,
    );
    expect(await refused.text()).toContain(
      "Linha digitável do boleto (opcional): A linha digitável do boleto deve ter 47 dígitos.",
    );
    const paid = await postForm(
      server.url,
      path,
      { intent: "paid", invoice: "STAFF-1", paidOn: saoPauloDay(new Date()) },
      admin,
    );
    expect(await paid.text()).toContain("Fatura STAFF-1 marcada como paga.");
    expect((await (await api("/api/billing/invoices/STAFF-1")).json()).status).toBe("paid");
  });
});
