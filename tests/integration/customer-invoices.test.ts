/**
 * The customer's invoices (decision 097) through the composition root, on the embedded
 * database and PostgreSQL: invoices written straight into the table (the billing API is another
 * part), read by the company's owners, admins and finance people with their lines, Pix copia e cola
 * (read back by pix-utils), boleto, PDF, NFS-e files and a year's ZIP; plain members and another
 * company get "not found" for every one of them. And the reminders: each one e-mailed once to the
 * finance contacts, even with two instances running the task on one database.
 */
import { randomUUID } from "node:crypto";
import { PDFDocument } from "@cantoo/pdf-lib";
import { boletoLineProblem, lineOfBarcode, modulo11 } from "@domain/billing/boleto.ts";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import { CustomerInvoices } from "@server/billing/customer-invoices.ts";
import { InvoiceReminders } from "@server/billing/invoice-reminders.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryJobs, invoiceReminders, invoices, scheduledTasks, users } from "@server/db/schema.ts";
import { DomainError } from "@server/domain-errors.ts";
import type { PortalActor } from "@server/portal/members.ts";
import { eq } from "drizzle-orm";
import { unzipSync, unzlibSync } from "fflate";
import { hasError, parsePix } from "pix-utils";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { leadStack, silentLogger, testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";
import { tempDataDir } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

/** Runs the workers until none has a due job left (each kick joins a cycle already under way). */
async function settle(...workers: { kick(): Promise<number> }[]): Promise<void> {
  while ((await Promise.all(workers.map((worker) => worker.kick()))).some((ran) => ran > 0)) {}
}

const PASSWORD_HASH = testHasher.hash("senha-forte-1");
const PIX_ENV = {
  PIX_KEY: "financeiro@vertice.com.br",
  PIX_MERCHANT_NAME: "Vértice",
  PIX_MERCHANT_CITY: "Goiânia",
};
/** A valid digitable line (bank 001, R$ 1.234,56), made from a barcode so its check digits agree. */
const BARCODE_TAIL = `1000${"0000123456"}${"0000001234567800000000017"}`;
const BOLETO = lineOfBarcode(`0019${modulo11(`0019${BARCODE_TAIL}`)}${BARCODE_TAIL}`);
const NFSE_PDF = new TextEncoder().encode("%PDF-1.4\n% NFS-e de teste\n%%EOF\n");
const NFSE_XML = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8"?><CompNfse><Numero>981</Numero></CompNfse>',
);

/** WinAnsi's 0x80–0x9F (Node decodes "windows-1252" as Latin-1, where these are control characters). */
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join("");

/** The text a PDF draws: its content streams inflated, the hex strings of each Tj read as WinAnsi. */
function pdfText(bytes: Uint8Array): string {
  const latin = Buffer.from(bytes).toString("latin1");
  const drawn: string[] = [];
  for (const match of latin.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content = match[1] ?? "";
    try {
      content = Buffer.from(unzlibSync(Buffer.from(content, "latin1"))).toString("latin1");
    } catch {
      // Not deflated: read as it is.
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      drawn.push(winAnsi(Buffer.from(text[1] ?? "", "hex")));
  }
  return drawn.join("\n");
}

async function expectNotFound(promise: Promise<unknown>, what: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(DomainError.is(error, "not-found"), `${what}: ${String(error)}`).toBe(true);
}

describe.each(databaseTargets())("the customer's invoices on $name (decision 097)", (target) => {
  let handle: DatabaseHandle;
  let smtp: FakeSmtp;
  let stack: Awaited<ReturnType<typeof leadStack>>;
  let clock: ReturnType<typeof testClock>;
  let agro: string;
  let norte: string;
  const actors = {} as Record<"owner" | "admin" | "finance" | "member" | "stranger", PortalActor>;

  async function person(
    email: string,
    role: CompanyRole,
    companyId: string,
    language: "pt" | "en" = "pt",
  ): Promise<PortalActor> {
    const [user] = await handle.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        username: email.replace(/[^a-z0-9]/g, ""),
        name: email.split("@")[0]!,
        role: "customer",
        companyId,
        companyRole: role,
        passwordHash: await PASSWORD_HASH,
        preferences: { language },
      })
      .returning();
    return { id: user!.id, name: user!.name, email: user!.email, companyId, role };
  }

  /** An invoice as billing would have written it. */
  async function invoice(
    companyId: string,
    fields: Partial<typeof invoices.$inferInsert> & { number: string },
  ) {
    const now = clock.now();
    const [row] = await handle.db
      .insert(invoices)
      .values({
        id: randomUUID(),
        companyId,
        competence: "2026-11",
        issuedOn: "2026-11-01",
        dueOn: "2026-11-26",
        amountCentavos: 123456,
        lines: [
          { description: "Plano Profissional — novembro de 2026", amountCentavos: 99990 },
          { description: "Usuários adicionais (3 × R$ 78,22)", amountCentavos: 23466 },
        ],
        status: "open",
        source: "teste",
        createdAt: now,
        updatedAt: now,
        ...fields,
      })
      .returning();
    return row!;
  }

  beforeEach(async () => {
    [handle, smtp] = await Promise.all([target.open(), startFakeSmtp()]);
    clock = testClock(Date.parse("2026-11-22T12:00:00Z"));
    stack = await leadStack(handle, null, clock, {
      env: { SMTP_URL: smtp.url, DATA_DIR: tempDataDir(), ...PIX_ENV },
    });
    const { companies } = stack.services;
    agro = (
      await companies.create({
        cnpj: "12.ABC.345/01DE-35",
        legalName: "Agro Sul Comércio de Grãos Ltda",
        tradeName: "Agro Sul",
      })
    ).id;
    norte = (await companies.create({ cnpj: "11.222.333/0001-81", legalName: "Norte Ltda" })).id;
    actors.owner = await person("dona@agrosul.com.br", "owner", agro);
    actors.admin = await person("adm@agrosul.com.br", "admin", agro);
    actors.finance = await person("fin@agrosul.com.br", "finance", agro, "en");
    actors.member = await person("ze@agrosul.com.br", "member", agro);
    actors.stranger = await person("dono@norte.com.br", "owner", norte);
  });
  afterEach(async () => {
    await stack.worker.stop();
    await smtp.close();
    await handle.close();
  });

  it("shows the finance member the company's invoices, what is to pay first, by competence year", async () => {
    await invoice(agro, { number: "FAT-2026-0003", competence: "2026-11", dueOn: "2026-11-26" });
    await invoice(agro, { number: "FAT-2026-0002", competence: "2026-10", dueOn: "2026-10-26" });
    await invoice(agro, {
      number: "FAT-2026-0001",
      competence: "2026-09",
      dueOn: "2026-09-26",
      status: "paid",
      paidOn: "2026-09-25",
    });
    await invoice(agro, {
      number: "FAT-2025-0012",
      competence: "2025-12",
      issuedOn: "2025-12-01",
      dueOn: "2025-12-26",
      status: "cancelled",
    });
    await invoice(norte, { number: "NOR-0001" });

    const { customerInvoices } = stack.services;
    for (const who of ["owner", "admin", "finance"] as const) {
      const list = await customerInvoices.list(actors[who]);
      expect(
        list.items.map((item) => [item.number, item.status]),
        who,
      ).toEqual([
        ["FAT-2026-0002", "vencida"],
        ["FAT-2026-0003", "em-aberto"],
        ["FAT-2026-0001", "paga"],
        ["FAT-2025-0012", "cancelada"],
      ]);
      expect(list.years).toEqual([2026, 2025]);
    }
    const of2025 = await customerInvoices.list(actors.finance, { year: 2025 });
    expect(of2025.items.map((item) => item.number)).toEqual(["FAT-2025-0012"]);
    expect((await customerInvoices.list(actors.finance, { year: 2024 })).items).toEqual([]);
    // Another company sees its own and nothing of Agro Sul's.
    expect((await customerInvoices.list(actors.stranger)).items.map((item) => item.number)).toEqual([
      "NOR-0001",
    ]);
  });

  it("gives an open invoice's Pix copia e cola and boleto, and none for a paid one", async () => {
    expect(boletoLineProblem(BOLETO)).toBeNull();
    await invoice(agro, { number: "FAT-2026-0042", boletoLine: BOLETO });
    await invoice(agro, {
      number: "FAT-2026-0041",
      status: "paid",
      paidOn: "2026-11-20",
      boletoLine: BOLETO,
    });
    const open = await stack.services.customerInvoices.get(actors.finance, "FAT-2026-0042");
    expect(open.lines).toHaveLength(2);
    expect(open.boletoLine).toBe(BOLETO);
    const pix = parsePix(open.pix?.code ?? "");
    if (hasError(pix) || pix.type !== "STATIC") throw new Error(`not a Pix: ${JSON.stringify(pix)}`);
    expect(pix.pixKey).toBe("financeiro@vertice.com.br");
    expect(pix.transactionAmount).toBe(1234.56);
    expect(pix.txid).toBe("FAT20260042");
    expect(pix.merchantName).toBe("VERTICE");
    expect(pix.merchantCity).toBe("GOIANIA");
    expect(open.pix?.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    const paid = await stack.services.customerInvoices.get(actors.owner, "FAT-2026-0041");
    expect(paid.status).toBe("paga");
    expect(paid.pix).toBeNull();
    expect(paid.boletoLine).toBeNull();
    // Without PIX_* no Pix is offered; the boleto still is.
    const withoutPix = new CustomerInvoices({
      db: handle.db,
      nfseFiles: stack.services.files.nfse,
      pix: null,
    });
    const noPix = await withoutPix.get(actors.finance, "FAT-2026-0042");
    expect(noPix.pix).toBeNull();
    expect(noPix.boletoLine).toBe(BOLETO);
  });

  it("makes the invoice's PDF with its number, the parties, the lines, the total and the Pix", async () => {
    await invoice(agro, {
      number: "FAT-2026-0042",
      boletoLine: BOLETO,
      nfseNumber: "981",
      nfseVerificationCode: "AB12-CD34",
    });
    const file = await stack.services.customerInvoices.pdf(actors.finance, "FAT-2026-0042");
    expect(file.filename).toBe("fatura-FAT-2026-0042.pdf");
    expect(file.mimeType).toBe("application/pdf");
    expect(Buffer.from(file.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(file.bytes);
    expect(doc.getTitle()).toBe("Fatura FAT-2026-0042");
    expect(doc.getPageCount()).toBe(1);
    const text = pdfText(file.bytes);
    for (const expected of [
      "Nº FAT-2026-0042",
      "Vértice Sistemas de Gestão Ltda.",
      "CNPJ 12.345.678/0001-90",
      "Agro Sul Comércio de Grãos Ltda (Agro Sul)",
      "CNPJ 12.ABC.345/01DE-35",
      "novembro de 2026",
      "26/11/2026",
      "Plano Profissional — novembro de 2026",
      "R$ 999,90",
      "R$ 1.234,56",
      "Situação: Em aberto",
      "Pix copia e cola",
      "Boleto: linha digitável",
      "NFS-e nº 981, código de verificação AB12-CD34",
    ])
      expect(text, expected).toContain(expected);
    const code = (await stack.services.customerInvoices.get(actors.finance, "FAT-2026-0042")).pix!.code;
    expect(text.replace(/\n/g, "")).toContain(code);
  });

  it("serves the NFS-e files attached, and a year's invoices and NFS-e in one ZIP", async () => {
    const { nfse } = stack.services.files;
    await nfse.put("nfse-a.pdf", NFSE_PDF);
    await nfse.put("nfse-a.xml", NFSE_XML);
    await invoice(agro, {
      number: "FAT-2026-0001",
      competence: "2026-01",
      nfsePdf: "nfse-a.pdf",
      nfseXml: "nfse-a.xml",
      nfseNumber: "981",
    });
    await invoice(agro, { number: "FAT-2026-0002", competence: "2026-02", status: "cancelled" });
    await invoice(agro, { number: "FAT-2025-0012", competence: "2025-12" });
    const { customerInvoices } = stack.services;

    const pdf = await customerInvoices.nfse(actors.finance, "FAT-2026-0001", "pdf");
    expect(pdf).toMatchObject({ filename: "nfse-fatura-FAT-2026-0001.pdf", mimeType: "application/pdf" });
    expect(Buffer.from(pdf.bytes).equals(Buffer.from(NFSE_PDF))).toBe(true);
    const xml = await customerInvoices.nfse(actors.owner, "FAT-2026-0001", "xml");
    expect(xml).toMatchObject({ filename: "nfse-fatura-FAT-2026-0001.xml", mimeType: "application/xml" });
    await expectNotFound(customerInvoices.nfse(actors.finance, "FAT-2026-0002", "pdf"), "no NFS-e attached");

    const notes = await customerInvoices.notes(actors.finance);
    expect(notes.items).toEqual([
      {
        invoiceNumber: "FAT-2026-0001",
        competence: "2026-01",
        issuedOn: "2026-11-01",
        nfseNumber: "981",
        verificationCode: null,
        pdf: true,
        xml: true,
      },
    ]);

    const zip = await customerInvoices.archive(actors.finance, 2026);
    expect(zip).toMatchObject({ filename: "faturas-e-notas-2026.zip", mimeType: "application/zip" });
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual([
      "faturas/fatura-FAT-2026-0001.pdf",
      "faturas/fatura-FAT-2026-0002.pdf",
      "notas-fiscais/nfse-fatura-FAT-2026-0001.pdf",
      "notas-fiscais/nfse-fatura-FAT-2026-0001.xml",
    ]);
    expect(Buffer.from(entries["faturas/fatura-FAT-2026-0002.pdf"]!.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(pdfText(entries["faturas/fatura-FAT-2026-0002.pdf"]!)).toContain("Situação: Cancelada");
    expect(
      Buffer.from(entries["notas-fiscais/nfse-fatura-FAT-2026-0001.xml"]!).equals(Buffer.from(NFSE_XML)),
    ).toBe(true);
    await expectNotFound(customerInvoices.archive(actors.finance, 2024), "a year without invoices");
  });

  it("answers 'not found' to plain members and another company, for every invoice, file and list", async () => {
    const { nfse } = stack.services.files;
    await nfse.put("nfse-b.pdf", NFSE_PDF);
    await invoice(agro, { number: "FAT-2026-0042", nfsePdf: "nfse-b.pdf", nfseXml: "nfse-b.pdf" });
    const { customerInvoices } = stack.services;
    for (const who of ["member", "stranger"] as const) {
      const actor = actors[who];
      await expectNotFound(customerInvoices.get(actor, "FAT-2026-0042"), `${who}: detail`);
      await expectNotFound(customerInvoices.pdf(actor, "FAT-2026-0042"), `${who}: PDF`);
      await expectNotFound(customerInvoices.nfse(actor, "FAT-2026-0042", "pdf"), `${who}: NFS-e PDF`);
      await expectNotFound(customerInvoices.nfse(actor, "FAT-2026-0042", "xml"), `${who}: NFS-e XML`);
      await expectNotFound(customerInvoices.archive(actor, 2026), `${who}: ZIP`);
    }
    await expectNotFound(customerInvoices.list(actors.member), "member: list");
    await expectNotFound(customerInvoices.notes(actors.member), "member: NFS-e list");
    expect((await customerInvoices.notes(actors.stranger)).items).toEqual([]);
    // The company's own people who may see billing do.
    for (const who of ["owner", "admin", "finance"] as const)
      expect((await customerInvoices.get(actors[who], "FAT-2026-0042")).number).toBe("FAT-2026-0042");
    await expectNotFound(customerInvoices.get(actors.finance, "FAT-2026-9999"), "an unknown number");
  });

  it("e-mails each reminder once to the finance contacts, with two instances on one database", async () => {
    // São Paulo's day is 2026-11-22: due in 3 days, due yesterday, due today, paid, and Norte's (no finance member).
    await invoice(agro, { number: "FAT-BEFORE", dueOn: "2026-11-25" });
    await invoice(agro, { number: "FAT-LATE", dueOn: "2026-11-21", amountCentavos: 5000, lines: [] });
    await invoice(agro, { number: "FAT-TODAY", dueOn: "2026-11-22" });
    await invoice(agro, { number: "FAT-PAID", dueOn: "2026-11-25", status: "paid", paidOn: "2026-11-20" });
    await invoice(agro, { number: "FAT-LATER", dueOn: "2026-11-29" });
    await invoice(norte, { number: "NOR-BEFORE", dueOn: "2026-11-25" });
    // A second finance member (Portuguese), and one whose account is disabled.
    await person("financeiro2@agrosul.com.br", "finance", agro);
    const disabled = await person("ex@agrosul.com.br", "finance", agro);
    await handle.db.update(users).set({ disabledAt: clock.now() }).where(eq(users.id, disabled.id));

    // Another instance: its own services on the same database.
    const other = await leadStack(handle, null, clock, {
      env: { SMTP_URL: smtp.url, DATA_DIR: tempDataDir(), ...PIX_ENV },
    });
    try {
      const a = stack.services.invoiceReminders;
      const b = other.services.invoiceReminders;
      const runs = await Promise.all([a.run(), b.run()]);
      // One ran under the lease (the other found it taken); every reminder is queued by that one.
      const queued = runs.flatMap((run) => (run ? [run.queued] : [])).sort((x, y) => y - x);
      expect(queued).toEqual(queued.length === 2 ? [3, 0] : [3]);
      // Each runs again, later the same day and an hour later: nothing more is queued.
      expect(await b.run()).toEqual({ queued: 0 });
      // Each run woke its instance's worker: both finish sending before the test's clock jumps an
      // hour (a jump would end the leases of mail in hand, and another worker would send it again).
      await settle(stack.worker, other.worker);
      clock.advance(3600_000);
      expect(await a.run()).toEqual({ queued: 0 });
      // Even with a lease that ran out mid-run and a third instance doing the same work at once.
      await handle.db.update(scheduledTasks).set({ lockedUntil: null, lockedBy: null });
      const third = new InvoiceReminders({
        db: handle.db,
        logger: silentLogger,
        publicBaseUrl: "http://x",
        now: clock.now,
      });
      expect(await third.run()).toEqual({ queued: 0 });

      await settle(stack.worker, other.worker);
      await expect.poll(() => smtp.messages.length).toBe(5);
      const sent = smtp.messages.map((m) => `${m.to.join(",")} ${m.subject}`).sort();
      expect(sent).toEqual([
        "dono@norte.com.br Fatura NOR-BEFORE vence em 25/11/2026",
        "fin@agrosul.com.br Invoice FAT-BEFORE is due 25 Nov 2026",
        "fin@agrosul.com.br Invoice FAT-LATE was due 21 Nov 2026",
        "financeiro2@agrosul.com.br Fatura FAT-BEFORE vence em 25/11/2026",
        "financeiro2@agrosul.com.br Fatura FAT-LATE venceu em 21/11/2026",
      ]);
      const before = smtp.messages.find((m) => m.subject === "Fatura FAT-BEFORE vence em 25/11/2026")!;
      expect(before.text).toContain("R$ 1.234,56");
      expect(before.text).toContain("(em 3 dias)");
      expect(before.text).toContain("http://localhost/user/faturas/FAT-BEFORE");
      expect(before.text).not.toContain("br.gov.bcb.pix");
      const rows = await handle.db.select().from(invoiceReminders);
      expect(rows).toHaveLength(3);
      const mails = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.kind, "mail"));
      expect(mails).toHaveLength(5);

      // Days later the overdue reminder of the invoice that was due comes, once.
      clock.advance(3 * 24 * 3600_000);
      expect(await b.run()).toEqual({ queued: 1 });
      expect(await a.run()).toEqual({ queued: 0 });
      await settle(stack.worker, other.worker);
    } finally {
      await other.worker.stop();
      await other.services.invoiceReminders.stop();
    }
    // A second stack of services on the database: more than the default time on a loaded machine.
  }, 60_000);
});
