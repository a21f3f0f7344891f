import { customerOrder, isPayable } from "@domain/billing/invoice-list.ts";
import { type InvoiceStatus, invoiceStatus } from "@domain/billing/invoice-status.ts";
import { type PixReceiver, pixPayload, pixTxid } from "@domain/billing/pix.ts";
import { can } from "@domain/portal/permissions.ts";
import { and, asc, eq, isNotNull, like, or, type SQL, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import type { Database } from "../db/client.ts";
import { companies, invoices } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { FileStorage } from "../files/storage.ts";
import type { PortalActor } from "../portal/members.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { qrSvgPath } from "./qr.ts";

type InvoiceRow = typeof invoices.$inferSelect;

export interface CustomerInvoiceItem {
  number: string;
  competence: string;
  issuedOn: string;
  dueOn: string;
  paidOn: string | null;
  amountCentavos: number;
  /** What the customer sees: an open invoice past its due date (São Paulo) is 'vencida'. */
  status: InvoiceStatus;
  hasNfse: boolean;
}

export interface CustomerInvoiceDetail extends CustomerInvoiceItem {
  lines: { description: string; amountCentavos: number }[];
  /** The boleto's digitable line (47 digits), while the invoice is to pay. */
  boletoLine: string | null;
  /** Pix copia e cola and its QR code (an SVG path), while the invoice is to pay and Pix is configured. */
  pix: { code: string; qr: { size: number; path: string } } | null;
  nfse: { number: string | null; verificationCode: string | null; pdf: boolean; xml: boolean } | null;
}

export interface NfseItem {
  invoiceNumber: string;
  competence: string;
  issuedOn: string;
  nfseNumber: string | null;
  verificationCode: string | null;
  pdf: boolean;
  xml: boolean;
}

export interface DownloadedFile {
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}

export interface CustomerInvoicesOptions {
  db: Database;
  /** Private storage of the NFS-e files (services.files.nfse). */
  nfseFiles: FileStorage;
  /** The vendor's Pix receiver (PIX_*), or null: then no Pix is offered. */
  pix: PixReceiver | null;
  now?: () => Date;
}

/** The file names an invoice's documents download under (numbers are letters, digits, '.', '_', '-'). */
export const invoiceFileNames = {
  pdf: (number: string) => `fatura-${safeName(number)}.pdf`,
  nfsePdf: (number: string) => `nfse-fatura-${safeName(number)}.pdf`,
  nfseXml: (number: string) => `nfse-fatura-${safeName(number)}.xml`,
  archive: (year: number) => `faturas-e-notas-${year}.zip`,
};

function safeName(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_") || "fatura";
}

function lineList(value: unknown): { description: string; amountCentavos: number }[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (line): line is { description: string; amountCentavos: number } =>
        typeof line?.description === "string" && Number.isSafeInteger(line?.amountCentavos),
    )
    .map((line) => ({ description: line.description, amountCentavos: line.amountCentavos }));
}

/**
 * The portal's read side of invoices (decision 097): a company's invoices for its owners,
 * admins and finance people (billing.view), each with its lines, its PDF made here, Pix copia e
 * cola and the boleto while it is to pay, its NFS-e files, and a year's ZIP for the accountant.
 * Another company's invoice and every invoice for a role without billing.view are "not found"
 * (404), never "forbidden": nothing says they exist. Billing writes invoices
 * (server/billing/invoices.ts); nothing here changes one.
 */
export class CustomerInvoices {
  private readonly now: () => Date;

  constructor(private readonly options: CustomerInvoicesOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** Whether Pix is offered (PIX_KEY, PIX_MERCHANT_NAME and PIX_MERCHANT_CITY set). */
  get pixOffered(): boolean {
    return this.options.pix !== null;
  }

  /** The company's invoices (of a competence year), what is to pay first; and the years there are. */
  async list(
    actor: PortalActor,
    filter: { year?: number | null } = {},
  ): Promise<{ items: CustomerInvoiceItem[]; years: number[]; year: number | null }> {
    const year = filter.year ?? null;
    const rows = await this.companyRows(actor, year);
    const now = this.now();
    return {
      items: customerOrder(rows.map((row) => this.item(row, now))),
      years: await this.years(actor),
      year,
    };
  }

  /**
   * The invoice to pay next (the earliest due among the open ones, overdue included), for the
   * dashboard; null when there is none, or for a role that does not see invoices.
   */
  async nextToPay(actor: PortalActor): Promise<CustomerInvoiceItem | null> {
    if (!can(actor.role, "billing.view")) return null;
    const [row] = await this.options.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, actor.companyId), eq(invoices.status, "open")))
      .orderBy(asc(invoices.dueOn), asc(invoices.number))
      .limit(1);
    return row ? this.item(row, this.now()) : null;
  }

  /** The actor's company's invoices of a competence year (or all), narrowed by `where`. */
  private companyRows(actor: PortalActor, year: number | null, where?: SQL): Promise<InvoiceRow[]> {
    this.allowed(actor);
    return this.options.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, actor.companyId),
          year === null ? undefined : like(invoices.competence, `${year}-%`),
          where,
        ),
      );
  }

  /** One invoice of the actor's company, with what it takes to pay it. */
  async get(actor: PortalActor, number: string): Promise<CustomerInvoiceDetail> {
    const row = await this.find(actor, number);
    const item = this.item(row, this.now());
    const toPay = isPayable(item.status);
    const code = toPay ? this.pixCode(row) : null;
    return {
      ...item,
      lines: lineList(row.lines),
      boletoLine: toPay ? row.boletoLine : null,
      pix: code ? { code, qr: qrSvgPath(code) } : null,
      nfse:
        row.nfsePdf || row.nfseXml || row.nfseNumber
          ? {
              number: row.nfseNumber,
              verificationCode: row.nfseVerificationCode,
              pdf: row.nfsePdf !== null,
              xml: row.nfseXml !== null,
            }
          : null,
    };
  }

  /** The invoice's PDF, made now from what is stored. */
  async pdf(actor: PortalActor, number: string): Promise<DownloadedFile> {
    const row = await this.find(actor, number);
    return {
      filename: invoiceFileNames.pdf(row.number),
      mimeType: "application/pdf",
      bytes: await this.render(row, await this.company(row.companyId)),
    };
  }

  /** The invoice's NFS-e PDF or XML, as billing attached it. */
  async nfse(actor: PortalActor, number: string, format: "pdf" | "xml"): Promise<DownloadedFile> {
    const row = await this.find(actor, number);
    const name = format === "pdf" ? row.nfsePdf : row.nfseXml;
    const bytes = name ? await this.options.nfseFiles.get(name) : null;
    if (!bytes) throw new DomainError("not-found", "invoices.fileNotFound");
    return format === "pdf"
      ? { filename: invoiceFileNames.nfsePdf(row.number), mimeType: "application/pdf", bytes }
      : { filename: invoiceFileNames.nfseXml(row.number), mimeType: "application/xml", bytes };
  }

  /** The invoices that have an NFS-e (of a competence year), newest first. */
  async notes(
    actor: PortalActor,
    filter: { year?: number | null } = {},
  ): Promise<{ items: NfseItem[]; years: number[]; year: number | null }> {
    const year = filter.year ?? null;
    const rows = await this.companyRows(
      actor,
      year,
      or(isNotNull(invoices.nfsePdf), isNotNull(invoices.nfseXml)),
    );
    // Newest first: issue day, then number (both compare as text).
    rows.sort((a, b) => b.issuedOn.localeCompare(a.issuedOn) || b.number.localeCompare(a.number));
    return {
      items: rows.map((row) => ({
        invoiceNumber: row.number,
        competence: row.competence,
        issuedOn: row.issuedOn,
        nfseNumber: row.nfseNumber,
        verificationCode: row.nfseVerificationCode,
        pdf: row.nfsePdf !== null,
        xml: row.nfseXml !== null,
      })),
      years: await this.years(actor),
      year,
    };
  }

  /**
   * A competence year's invoices for the accountant, in one ZIP: `faturas/fatura-N.pdf` for each
   * invoice (cancelled ones too: the PDF says so) and `notas-fiscais/nfse-fatura-N.pdf|xml` for each
   * NFS-e file attached. A year without invoices is "not found".
   */
  async archive(actor: PortalActor, year: number): Promise<DownloadedFile> {
    this.allowed(actor);
    const rows = await this.options.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, actor.companyId), like(invoices.competence, `${year}-%`)))
      .orderBy(invoices.competence, invoices.number);
    if (rows.length === 0) throw new DomainError("not-found", "invoices.yearEmpty");
    const company = await this.company(actor.companyId);
    const files: Record<string, Uint8Array> = {};
    for (const row of rows) {
      // PDFs are compressed already: stored as they are (level 0), the XML deflated.
      files[`faturas/${invoiceFileNames.pdf(row.number)}`] = await this.render(row, company);
      const pdf = row.nfsePdf ? await this.options.nfseFiles.get(row.nfsePdf) : null;
      if (pdf) files[`notas-fiscais/${invoiceFileNames.nfsePdf(row.number)}`] = pdf;
      const xml = row.nfseXml ? await this.options.nfseFiles.get(row.nfseXml) : null;
      if (xml) files[`notas-fiscais/${invoiceFileNames.nfseXml(row.number)}`] = xml;
    }
    const mtime = this.now();
    const zip = zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, bytes]) => [
          name,
          [bytes, { level: name.endsWith(".xml") ? 6 : 0, mtime }] as const,
        ]),
      ),
    );
    return { filename: invoiceFileNames.archive(year), mimeType: "application/zip", bytes: zip };
  }

  /** The competence years of the company's invoices, newest first. */
  private async years(actor: PortalActor): Promise<number[]> {
    const rows = await this.options.db
      .selectDistinct({ year: sql<string>`substring(${invoices.competence} from 1 for 4)` })
      .from(invoices)
      .where(eq(invoices.companyId, actor.companyId));
    return rows.map((row) => Number(row.year)).sort((a, b) => b - a);
  }

  private allowed(actor: PortalActor): void {
    // A role that may not see billing is told the invoices do not exist, as for another company's.
    if (!can(actor.role, "billing.view")) throw new DomainError("not-found", "invoices.notFound");
  }

  private async find(actor: PortalActor, number: string): Promise<InvoiceRow> {
    this.allowed(actor);
    const [row] =
      number.length > 0 && number.length <= 100
        ? await this.options.db
            .select()
            .from(invoices)
            .where(and(eq(invoices.number, number), eq(invoices.companyId, actor.companyId)))
        : [];
    if (!row) throw new DomainError("not-found", "invoices.notFound");
    return row;
  }

  private item(row: InvoiceRow, now: Date): CustomerInvoiceItem {
    return {
      number: row.number,
      competence: row.competence,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      paidOn: row.paidOn,
      amountCentavos: row.amountCentavos,
      status: invoiceStatus(row, now),
      hasNfse: row.nfsePdf !== null || row.nfseXml !== null,
    };
  }

  private pixCode(row: InvoiceRow): string | null {
    const { pix } = this.options;
    if (!pix || row.amountCentavos <= 0) return null;
    return pixPayload({ ...pix, amountCentavos: row.amountCentavos, txid: pixTxid(row.number) });
  }

  private async company(id: string): Promise<typeof companies.$inferSelect> {
    const [row] = await this.options.db.select().from(companies).where(eq(companies.id, id));
    if (!row) throw new DomainError("not-found", "invoices.notFound");
    return row;
  }

  private async render(row: InvoiceRow, company: typeof companies.$inferSelect): Promise<Uint8Array> {
    const now = this.now();
    const status = invoiceStatus(row, now);
    return invoicePdf({
      number: row.number,
      competence: row.competence,
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      paidOn: row.paidOn,
      amountCentavos: row.amountCentavos,
      lines: lineList(row.lines),
      status,
      boletoLine: isPayable(status) ? row.boletoLine : null,
      pixCode: isPayable(status) ? this.pixCode(row) : null,
      nfseNumber: row.nfseNumber,
      nfseVerificationCode: row.nfseVerificationCode,
      company: { legalName: company.legalName, tradeName: company.tradeName, cnpj: company.cnpj },
      generatedAt: now,
    });
  }
}
