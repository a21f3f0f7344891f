/**
 * Invoices from the vendor's billing system (decision 096), on the embedded database and PostgreSQL:
 * idempotent by number (also when two creations race), the company found by CNPJ, the status
 * transitions, and the NFS-e files checked by content and kept under random names.
 */
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { InvoiceInput } from "@domain/billing/invoice-input.ts";
import { InvoiceService } from "@server/billing/invoices.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { invoices as invoicesTable } from "@server/db/schema.ts";
import { LocalFileStorage } from "@server/files/storage.ts";
import { CompanyService } from "@server/portal/companies.ts";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { testClock } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

const bytes = (text: string) => new TextEncoder().encode(text);
const PDF = bytes("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const XML = bytes('<?xml version="1.0" encoding="UTF-8"?><CompNfse><Numero>77</Numero></CompNfse>');

const invoice = (overrides: Partial<InvoiceInput> = {}): InvoiceInput => ({
  number: "2026-0001",
  cnpj: "11.222.333/0001-81",
  competence: "2026-11",
  issuedOn: "2026-11-01",
  dueOn: "2026-11-10",
  amountCentavos: 129990,
  lines: [{ description: "Plano Empresarial — novembro", amountCentavos: 129990 }],
  ...overrides,
});

describe.each(databaseTargets())("invoices on $name", (target) => {
  let handle: DatabaseHandle;
  let service: InvoiceService;
  let storageDir: string;
  let clock: ReturnType<typeof testClock>;

  beforeEach(async () => {
    handle = await target.open();
    clock = testClock();
    const companies = new CompanyService({ db: handle.db, plans: { plans: async () => [] } });
    await companies.create({ cnpj: "11.222.333/0001-81", legalName: "Agro Sul Ltda" });
    await companies.create({ cnpj: "12.ABC.345/01DE-35", legalName: "Outra Ltda" });
    storageDir = mkdtempSync(path.join(tmpdir(), "nfse-"));
    service = new InvoiceService({
      db: handle.db,
      files: new LocalFileStorage(storageDir),
      now: clock.now,
    });
  });
  afterEach(() => handle.close());

  it("creates an invoice once: the same number again answers the stored one and changes nothing", async () => {
    const first = await service.create(invoice(), "api:Faturamento");
    expect(first.created).toBe(true);
    expect(first.invoice).toMatchObject({
      number: "2026-0001",
      cnpj: "11222333000181",
      amountCentavos: 129990,
      status: "open",
      source: "api:Faturamento",
      nfse: null,
    });
    const again = await service.create(
      invoice({
        amountCentavos: 1,
        lines: [{ description: "outra", amountCentavos: 1 }],
        cnpj: "12ABC34501DE35",
      }),
      "api:Outra chave",
    );
    expect(again).toEqual({ invoice: first.invoice, created: false });
    // Even a body that would be refused: only the number decides.
    expect(await service.create({ number: "2026-0001" } as InvoiceInput, "api:x")).toEqual(again);
    await expect(service.create({ number: "2026/1" } as InvoiceInput, "api:x")).rejects.toMatchObject({
      details: { fieldErrors: { number: expect.any(String) } },
    });
    expect(await handle.db.select().from(invoicesTable)).toHaveLength(1);
  });

  it("decides two concurrent creations of one number by the unique index: one created, one answered", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => service.create(invoice({ number: "CORRIDA-1" }), "api:x")),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.invoice.number))).toEqual(new Set(["CORRIDA-1"]));
    expect(await handle.db.select().from(invoicesTable)).toHaveLength(1);
  });

  it("refuses an unknown CNPJ with 422 naming cnpj, and bad fields with their paths", async () => {
    await expect(service.create(invoice({ cnpj: "45.723.174/0001-10" }), "api:x")).rejects.toMatchObject({
      kind: "invalid-fields",
      details: { fieldErrors: { cnpj: "Nenhuma empresa cadastrada com este CNPJ." } },
    });
    await expect(service.create(invoice({ amountCentavos: 1299.9 }), "api:x")).rejects.toMatchObject({
      kind: "invalid-fields",
      details: { fieldErrors: { amountCentavos: expect.stringMatching(/inteiro de centavos/) } },
    });
    expect(await handle.db.select().from(invoicesTable)).toHaveLength(0);
  });

  it("paid and cancelled are final; the same state again is answered unchanged", async () => {
    await service.create(invoice(), "api:x");
    await service.create(invoice({ number: "2026-0002" }), "api:x");
    const paid = await service.setStatus("2026-0001", { status: "paid", paidOn: "2026-11-09" });
    expect(paid).toMatchObject({ changed: true, invoice: { status: "paid", paidOn: "2026-11-09" } });
    expect(await service.setStatus("2026-0001", { status: "paid", paidOn: "2026-11-09" })).toMatchObject({
      changed: false,
    });
    await expect(
      service.setStatus("2026-0001", { status: "paid", paidOn: "2026-11-08" }),
    ).rejects.toMatchObject({
      kind: "conflict",
    });
    await expect(service.setStatus("2026-0001", { status: "cancelled" })).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/já está paga/),
    });
    const cancelled = await service.setStatus("2026-0002", { status: "cancelled" });
    expect(cancelled.invoice.status).toBe("cancelled");
    expect(cancelled.invoice.cancelledAt).toBe(clock.now().toISOString());
    expect((await service.setStatus("2026-0002", { status: "cancelled" })).changed).toBe(false);
    await expect(
      service.setStatus("2026-0002", { status: "paid", paidOn: "2026-11-09" }),
    ).rejects.toMatchObject({
      kind: "conflict",
    });
    await expect(service.setStatus("NAO-EXISTE", { status: "cancelled" })).rejects.toMatchObject({
      kind: "not-found",
    });
    await expect(service.setStatus("../x", { status: "cancelled" })).rejects.toMatchObject({
      kind: "not-found",
    });
  });

  it("a payment day after today (São Paulo) is refused", async () => {
    await service.create(invoice(), "api:x");
    const tomorrow = new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    await expect(service.setStatus("2026-0001", { status: "paid", paidOn: tomorrow })).rejects.toMatchObject({
      kind: "invalid-fields",
      details: { fieldErrors: { paidOn: expect.any(String) } },
    });
  });

  it("attaches the NFS-e: files by content, under random names, replaced by the next one", async () => {
    await service.create(invoice(), "api:x");
    const attached = await service.attachNfse("2026-0001", {
      number: "1234",
      verificationCode: "AB12-CD34",
      pdf: PDF,
      xml: XML,
    });
    expect(attached.nfse).toEqual({ number: "1234", verificationCode: "AB12-CD34", pdf: true, xml: true });
    const [row] = await handle.db.select().from(invoicesTable);
    expect(row!.nfsePdf).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(row!.nfseXml).toMatch(/^[0-9a-f-]{36}\.xml$/);
    const storage = new LocalFileStorage(storageDir);
    expect(await storage.get(row!.nfsePdf!)).toEqual(Buffer.from(PDF));
    expect(await storage.get(row!.nfseXml!)).toEqual(Buffer.from(XML));
    expect(readdirSync(storageDir).sort()).toEqual([row!.nfsePdf, row!.nfseXml].sort());

    // A text file sent as the PDF is refused and changes nothing.
    await expect(
      service.attachNfse("2026-0001", {
        number: "1235",
        verificationCode: "X",
        pdf: bytes("não sou um PDF"),
      }),
    ).rejects.toMatchObject({
      kind: "invalid-fields",
      details: { fieldErrors: { pdf: expect.any(String) } },
    });
    expect((await service.get("2026-0001")).nfse?.number).toBe("1234");

    // The next NFS-e replaces the previous one: what it did not send is no longer listed.
    const replaced = await service.attachNfse("2026-0001", {
      number: "1240",
      verificationCode: "ZZ",
      xml: XML,
    });
    expect(replaced.nfse).toEqual({ number: "1240", verificationCode: "ZZ", pdf: false, xml: true });

    await expect(
      service.attachNfse("2026-0001", { number: "1", verificationCode: "2" }),
    ).rejects.toMatchObject({
      kind: "invalid-fields",
    });
    await expect(
      service.attachNfse("NAO-EXISTE", { number: "1", verificationCode: "2", pdf: PDF }),
    ).rejects.toMatchObject({ kind: "not-found" });
  });

  it("lists a company's invoices, the latest due first", async () => {
    await service.create(invoice({ number: "A-1", dueOn: "2026-11-10" }), "api:x");
    await service.create(invoice({ number: "A-2", dueOn: "2026-12-10", issuedOn: "2026-12-01" }), "api:x");
    await service.create(invoice({ number: "B-1", cnpj: "12ABC34501DE35" }), "api:x");
    const companyId = (await handle.db.select().from(invoicesTable)).find(
      (r) => r.number === "A-1",
    )!.companyId;
    expect((await service.listForCompany(companyId)).map((i) => i.number)).toEqual(["A-2", "A-1"]);
  });
});
