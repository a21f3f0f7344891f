/**
 * The portal's invoice screens (decision 097) against the built server, on the embedded
 * database and PostgreSQL: invoices written into the database before the server starts (the
 * billing API is another part). The finance member sees the history, one invoice with its Pix and
 * boleto, and downloads its PDF, its NFS-e and a year's ZIP (attachments, never cached); a plain
 * member gets 404 for every one of them, and another company's owner for every Agro Sul invoice.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { formatBoletoLine, lineOfBarcode, modulo11 } from "@domain/billing/boleto.ts";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import { invoices } from "@server/db/schema.ts";
import { LocalFileStorage } from "@server/files/storage.ts";
import { unzipSync } from "fflate";
import { HtmlValidate } from "html-validate";
import { hasError, parsePix } from "pix-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropCreatedDatabases } from "../support/databases.ts";
import { seedPortal } from "../support/portal-seed.ts";
import { serverDatabaseTargets } from "../support/server-databases.ts";
import {
  loginToken,
  type ServerProcess,
  startServerProcess,
  tempDataDir,
} from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const PASSWORD = "senha-forte-1";
const BARCODE_TAIL = `1000${"0000123456"}${"0000001234567800000000017"}`;
const BOLETO = lineOfBarcode(`0019${modulo11(`0019${BARCODE_TAIL}`)}${BARCODE_TAIL}`);
const NFSE_PDF = new TextEncoder().encode("%PDF-1.4\n% NFS-e de teste\n%%EOF\n");
const NFSE_XML = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8"?><CompNfse><Numero>981</Numero></CompNfse>',
);

type Person = { email: string; role: CompanyRole; company: "agro" | "norte"; name: string };
const PEOPLE = {
  owner: { email: "dona@agrosul.com.br", role: "owner", company: "agro", name: "Dona Agro" },
  finance: { email: "fin@agrosul.com.br", role: "finance", company: "agro", name: "Fátima Finanças" },
  member: { email: "ze@agrosul.com.br", role: "member", company: "agro", name: "Zé Lima" },
  stranger: { email: "outro@norte.com.br", role: "owner", company: "norte", name: "Outro Norte" },
} satisfies Record<string, Person>;
type Who = keyof typeof PEOPLE;

/** html-validate's recommended rules, less the style rules React cannot follow (as html-validity.test.ts). */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "no-inline-style": "off",
  },
});

async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results
    .flatMap((result) => result.messages)
    .map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`);
}

describe.each(serverDatabaseTargets())("the invoice screens on $name (decision 097)", (target) => {
  let server: ServerProcess;
  const tokens = {} as Record<Who, string>;

  beforeAll(async () => {
    const database = await target.database();
    const dataDir = database.env.DATA_DIR ?? tempDataDir();
    const handle = await database.open();
    try {
      const now = new Date();
      const ids = await seedPortal(handle.db, {
        companies: {
          agro: {
            cnpj: "12ABC34501DE35",
            legalName: "Agro Sul Comércio de Grãos Ltda",
            tradeName: "Agro Sul",
          },
          norte: { cnpj: "11222333000181", legalName: "Norte Ltda" },
        },
        people: Object.values(PEOPLE),
        password: PASSWORD,
      });
      // The NFS-e files where the server keeps them: DATA_DIR/private/nfse.
      const nfse = new LocalFileStorage(path.join(dataDir, "private", "nfse"));
      await nfse.put("0f1e2d.pdf", NFSE_PDF);
      await nfse.put("0f1e2d.xml", NFSE_XML);
      const base = {
        issuedOn: "2026-01-01",
        lines: [
          { description: "Plano Profissional", amountCentavos: 99990 },
          { description: "Usuários adicionais", amountCentavos: 23466 },
        ],
        amountCentavos: 123456,
        source: "teste",
        createdAt: now,
        updatedAt: now,
      };
      // Due far ahead, so it is open whenever the test runs; one paid last year; one of Norte.
      await handle.db.insert(invoices).values([
        {
          ...base,
          id: randomUUID(),
          companyId: ids.agro,
          number: "FAT-2026-0042",
          competence: "2026-01",
          dueOn: "2099-12-31",
          boletoLine: BOLETO,
          nfsePdf: "0f1e2d.pdf",
          nfseXml: "0f1e2d.xml",
          nfseNumber: "981",
          nfseVerificationCode: "AB12-CD34",
        },
        {
          ...base,
          id: randomUUID(),
          companyId: ids.agro,
          number: "FAT-2025-0012",
          competence: "2025-12",
          issuedOn: "2025-12-01",
          dueOn: "2025-12-26",
          status: "paid",
          paidOn: "2025-12-20",
        },
        {
          ...base,
          id: randomUUID(),
          companyId: ids.norte,
          number: "NOR-0001",
          competence: "2026-01",
          dueOn: "2099-12-31",
        },
      ]);
    } finally {
      await handle.close();
    }
    server = await startServerProcess({
      ...database.env,
      DATA_DIR: dataDir,
      PIX_KEY: "financeiro@vertice.com.br",
      PIX_MERCHANT_NAME: "Vertice Sistemas",
      PIX_MERCHANT_CITY: "Goiania",
      FORM_RATE_LIMIT_PER_MINUTE: "10000",
      LOGIN_RATE_LIMIT_PER_MINUTE: "10000",
    });
    for (const who of Object.keys(PEOPLE) as Who[])
      tokens[who] = await loginToken(server.url, PEOPLE[who].email, PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, who: Who, headers: Record<string, string> = {}) =>
    fetch(server.url + path, {
      redirect: "manual",
      headers: { Cookie: `session=${tokens[who]}`, ...headers },
    });

  it("shows the finance member the history: to pay first, amounts, statuses, and valid HTML", async () => {
    const res = await get("/user/faturas", "finance");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("FAT-2026-0042");
    expect(html).toContain("FAT-2025-0012");
    expect(html.indexOf("FAT-2026-0042")).toBeLessThan(html.indexOf("FAT-2025-0012"));
    expect(html).toContain("R$ 1.234,56");
    expect(html).toContain("Em aberto");
    expect(html).toContain("Paga em 20/12/2025");
    expect(html).not.toContain("NOR-0001");
    expect(await htmlProblems(html)).toEqual([]);
    const of2025 = await (await get("/user/faturas?ano=2025", "finance")).text();
    expect(of2025).toContain("FAT-2025-0012");
    expect(of2025).not.toContain("FAT-2026-0042");
    expect(of2025).toContain('href="/user/faturas/arquivo/2025"');
    const english = await (
      await get("/user/faturas", "finance", { Cookie: `session=${tokens.finance}; lang=en` })
    ).text();
    expect(english).toContain("Invoices");
    expect(english).toContain("R$1,234.56");
  });

  it("shows an open invoice with its Pix code and QR, the boleto's line, the NFS-e and a pre-filled question", async () => {
    const res = await get("/user/faturas/FAT-2026-0042", "finance");
    expect(res.status).toBe(200);
    const html = await res.text();
    const code = /<textarea[^>]*>([^<]+)<\/textarea>/.exec(html)?.[1] ?? "";
    const pix = parsePix(code.replace(/&amp;/g, "&"));
    if (hasError(pix) || pix.type !== "STATIC") throw new Error(`no Pix code on the page: ${code}`);
    expect(pix.transactionAmount).toBe(1234.56);
    expect(pix.txid).toBe("FAT20260042");
    expect(html).toMatch(/<svg class="pix-qr"[^>]*role="img"/);
    expect(html).toContain(formatBoletoLine(BOLETO));
    expect(html).toContain('href="/user/faturas/FAT-2026-0042/pdf"');
    expect(html).toContain('href="/user/faturas/FAT-2026-0042/nfse/pdf"');
    expect(html).toContain('href="/user/faturas/FAT-2026-0042/nfse/xml"');
    expect(html).toContain("AB12-CD34");
    const question = /href="(\/user\/suporte\/novo\?[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const params = new URL(question, server.url).searchParams;
    expect(params.get("categoria")).toBe("financeiro");
    expect(params.get("assunto")).toBe("Dúvida sobre a fatura FAT-2026-0042");
    expect(await htmlProblems(html)).toEqual([]);
    // The ticket form opens with those values.
    const form = await (await get(question, "finance")).text();
    expect(form).toMatch(
      /<input[^>]*value="financeiro"[^>]*checked=""|<input[^>]*checked=""[^>]*value="financeiro"/,
    );
    expect(form).toContain('value="Dúvida sobre a fatura FAT-2026-0042"');
    expect(form).toContain("Fatura FAT-2026-0042 (competência janeiro de 2026");
    // A paid invoice has nothing to pay.
    const paid = await (await get("/user/faturas/FAT-2025-0012", "owner")).text();
    expect(paid).toContain("Fatura paga em 20/12/2025");
    expect(paid).not.toContain("br.gov.bcb.pix");
  });

  it("downloads the PDF, the NFS-e and the year's ZIP as private attachments", async () => {
    const pdf = await get("/user/faturas/FAT-2026-0042/pdf", "finance");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(
      /^attachment; filename="fatura-FAT-2026-0042\.pdf"/,
    );
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");

    const xml = await get("/user/faturas/FAT-2026-0042/nfse/xml", "owner");
    expect(xml.status).toBe(200);
    expect(xml.headers.get("content-disposition")).toMatch(
      /^attachment; filename="nfse-fatura-FAT-2026-0042\.xml"/,
    );
    expect(Buffer.from(await xml.arrayBuffer()).equals(Buffer.from(NFSE_XML))).toBe(true);
    const nfsePdf = await get("/user/faturas/FAT-2026-0042/nfse/pdf", "finance");
    expect(Buffer.from(await nfsePdf.arrayBuffer()).equals(Buffer.from(NFSE_PDF))).toBe(true);

    const zip = await get("/user/faturas/arquivo/2026", "finance");
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toMatch(
      /^attachment; filename="faturas-e-notas-2026\.zip"/,
    );
    expect(zip.headers.get("cache-control")).toBe("private, no-store");
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer()))).sort()).toEqual([
      "faturas/fatura-FAT-2026-0042.pdf",
      "notas-fiscais/nfse-fatura-FAT-2026-0042.pdf",
      "notas-fiscais/nfse-fatura-FAT-2026-0042.xml",
    ]);
    expect((await get("/user/faturas/arquivo/2019", "finance")).status).toBe(404);
    expect((await get("/user/faturas/FAT-2026-0042/nfse/doc", "finance")).status).toBe(404);
  });

  it("lists the NFS-e files", async () => {
    const html = await (await get("/user/faturas/notas", "finance")).text();
    expect(html).toContain("NFS-e nº 981");
    expect(html).toContain('href="/user/faturas/FAT-2026-0042/nfse/xml"');
    expect(await htmlProblems(html)).toEqual([]);
  });

  it("answers 404 to a plain member for every invoice page and file, and to another company for Agro Sul's", async () => {
    const agroPaths = [
      "/user/faturas/FAT-2026-0042",
      "/user/faturas/FAT-2026-0042/pdf",
      "/user/faturas/FAT-2026-0042/nfse/pdf",
      "/user/faturas/FAT-2026-0042/nfse/xml",
    ];
    for (const path of ["/user/faturas", "/user/faturas/notas", "/user/faturas/arquivo/2026", ...agroPaths]) {
      const res = await get(path, "member");
      expect(res.status, `member ${path}`).toBe(404);
      // The page may repeat the address asked for, never what the invoice holds.
      expect(await res.text(), `member ${path}`).not.toMatch(
        /R\$ 1\.234,56|Plano Profissional|FAT-2025-0012/,
      );
    }
    for (const path of agroPaths) {
      const res = await get(path, "stranger");
      expect(res.status, `stranger ${path}`).toBe(404);
      expect(await res.text(), `stranger ${path}`).not.toMatch(/R\$ 1\.234,56|Plano Profissional/);
    }
    // Norte's owner has Norte's invoices: its list and year, never Agro Sul's.
    const list = await (await get("/user/faturas", "stranger")).text();
    expect(list).toContain("NOR-0001");
    expect(list).not.toContain("FAT-2026-0042");
    const zip = await get("/user/faturas/arquivo/2026", "stranger");
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))).toEqual([
      "faturas/fatura-NOR-0001.pdf",
    ]);
    // A member's 404 says who sees the invoices, and the page validates.
    const page = await (await get("/user/faturas", "member")).text();
    expect(page).toContain("As faturas da empresa são vistas pelos proprietários");
  });
});
