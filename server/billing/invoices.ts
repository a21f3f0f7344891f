import { randomUUID } from "node:crypto";
import { saoPauloDay } from "@domain/billing/dates.ts";
import {
  fieldErrorsOf,
  INVOICE_NUMBER_PATTERN,
  type InvoiceInput,
  type InvoiceLine,
  type InvoiceStatusChange,
  invoiceInputMessages,
  invoiceInputSchema,
  invoiceNumberSchema,
  invoiceStatusChangeSchema,
  nfseFieldsSchema,
} from "@domain/billing/invoice-input.ts";
import type { StoredInvoiceStatus } from "@domain/billing/invoice-status.ts";
import type { z } from "@domain/zod.ts";
import { desc, eq } from "drizzle-orm";
import { type AuditActor, AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { companies, invoices } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { FileStorage } from "../files/storage.ts";
import { checkNfsePdf, checkNfseXml, nfseMessages } from "./nfse.ts";
import { fieldRefusal } from "./refusal.ts";

export type InvoiceRow = typeof invoices.$inferSelect;

/** An invoice as the API answers it and the admin lists it: never the storage names of its files. */
export interface InvoiceView {
  number: string;
  cnpj: string;
  competence: string;
  issuedOn: string;
  dueOn: string;
  amountCentavos: number;
  lines: InvoiceLine[];
  boletoLine: string | null;
  status: StoredInvoiceStatus;
  paidOn: string | null;
  cancelledAt: string | null;
  nfse: { number: string; verificationCode: string; pdf: boolean; xml: boolean } | null;
  source: string;
  createdAt: string;
  updatedAt: string;
}

/** A field's message of the status change (its refusals are in domain/refusals/portal.ts). */
export const invoiceMessages = {
  paidOnFuture: "A data do pagamento não pode ser posterior a hoje.",
} as const;

/** The value, validated by the schema, or a 422 naming the fields that are wrong. */
export function parseFields<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fieldRefusal(fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** The NFS-e as billing attaches it: its identification and at least one of its files. */
export interface NfseInput {
  number: string;
  verificationCode: string;
  pdf?: Uint8Array | null;
  xml?: Uint8Array | null;
}

/**
 * Invoices the vendor's billing system issues (decision 096), created through the billing API or by
 * staff in the admin, for a company found by its CNPJ.
 *
 * - create is idempotent by number: a number already stored answers the stored invoice and
 *   changes nothing, even when the rest of the new body differs or would be refused (billing
 *   retries after a lost answer; it compares what it gets back). Only the number must be valid.
 *   The unique index decides between two concurrent creations.
 * - status: open → paid (with the payment day) or open → cancelled; paid and cancelled are final.
 *   Asking again for the state an invoice is already in (the same payment day) is answered as is,
 *   so a retried PATCH is harmless; any other change of a final invoice is a conflict (409).
 * - the NFS-e (PUT) replaces the previous one: its number, code and files are what the last PUT
 *   sent; its files are checked by content and stored under random names in private storage.
 * - what staff do in the admin is recorded in the audit log (invoice.*); the billing API's calls are
 *   not (decision 072).
 */
export class InvoiceService {
  private readonly now: () => Date;
  private readonly audit: AuditLog;

  constructor(
    private readonly options: {
      db: Database;
      /** Private storage of the NFS-e files (services.files.nfse). */
      files: FileStorage;
      now?: () => Date;
      /** The platform's audit log; by default one over `db`. */
      audit?: AuditLog;
    },
  ) {
    this.now = options.now ?? (() => new Date());
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  /**
   * An invoice staff create on a company's page (source `staff:<e-mail>`); a new one is recorded as
   * invoice.create.
   */
  async createAsStaff(
    staff: AuditActor,
    input: InvoiceInput,
  ): Promise<{ invoice: InvoiceView; created: boolean }> {
    const result = await this.create(input, `staff:${staff.email}`);
    const { invoice } = result;
    if (result.created)
      await this.audit.record({
        actor: staff.email,
        action: "invoice.create",
        target: invoice.number,
        detail: { cnpj: invoice.cnpj, amountCentavos: invoice.amountCentavos, dueOn: invoice.dueOn },
      });
    return result;
  }

  /**
   * Staff mark an invoice paid or cancelled on a company's page (setStatus): recorded as invoice.paid
   * or invoice.cancel in the same transaction, also when it already was.
   */
  async setStatusAsStaff(
    staff: AuditActor,
    number: string,
    change: InvoiceStatusChange,
  ): Promise<{ invoice: InvoiceView; changed: boolean }> {
    return this.options.db.transaction(async (tx) => {
      const result = await this.setStatus(number, change, tx);
      const { invoice } = result;
      await this.audit.record(
        {
          actor: staff.email,
          action: change.status === "paid" ? "invoice.paid" : "invoice.cancel",
          target: invoice.number,
          detail: change.status === "paid" ? { paidOn: invoice.paidOn } : undefined,
        },
        tx,
      );
      return result;
    });
  }

  /**
   * Creates the invoice, or answers the stored one of the same number (`created: false`).
   * `source` says who wrote it: `api:<key name>` or `staff:<e-mail>`.
   */
  async create(input: InvoiceInput, source: string): Promise<{ invoice: InvoiceView; created: boolean }> {
    // The number first: a number already stored answers its invoice whatever the rest of this body
    // says (a retry that was changed meanwhile must not look like a failure of the first post).
    const numbered = invoiceNumberSchema.safeParse(input);
    const existing = numbered.success ? await this.find(numbered.data.number) : null;
    if (existing) return { invoice: existing, created: false };
    const fields = parseFields(invoiceInputSchema, input);
    const [company] = await this.options.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.cnpj, fields.cnpj));
    if (!company) throw fieldRefusal({ cnpj: invoiceInputMessages.cnpjUnknown });
    const now = this.now();
    const [row] = await this.options.db
      .insert(invoices)
      .values({
        id: randomUUID(),
        companyId: company.id,
        number: fields.number,
        competence: fields.competence,
        issuedOn: fields.issuedOn,
        dueOn: fields.dueOn,
        amountCentavos: fields.amountCentavos,
        lines: fields.lines,
        boletoLine: fields.boletoLine,
        status: "open",
        source: source.slice(0, 200),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: invoices.number })
      .returning({ number: invoices.number });
    if (!row) {
      // Another request created the same number between the look-up and the insert.
      const raced = await this.find(fields.number);
      if (raced) return { invoice: raced, created: false };
    }
    return { invoice: (await this.find(fields.number))!, created: Boolean(row) };
  }

  /** The invoice of a number, or null (a number that cannot be one is simply not found). */
  async find(number: string, db: Database = this.options.db): Promise<InvoiceView | null> {
    if (!INVOICE_NUMBER_PATTERN.test(number)) return null;
    const [row] = await db
      .select({ invoice: invoices, cnpj: companies.cnpj })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(eq(invoices.number, number));
    return row ? view(row.invoice, row.cnpj) : null;
  }

  /** The invoice of a number, or a 404. */
  async get(number: string): Promise<InvoiceView> {
    const invoice = await this.find(number);
    if (!invoice) throw new DomainError("not-found", "invoices.notFound");
    return invoice;
  }

  /** A company's invoices, the latest due first (the admin's list). */
  async listForCompany(companyId: string): Promise<InvoiceView[]> {
    const rows = await this.options.db
      .select({ invoice: invoices, cnpj: companies.cnpj })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(eq(invoices.companyId, companyId))
      .orderBy(desc(invoices.dueOn), desc(invoices.createdAt));
    return rows.map((row) => view(row.invoice, row.cnpj));
  }

  /**
   * Marks an open invoice paid (on `paidOn`, not after today in São Paulo) or cancelled. The same
   * state again is answered unchanged (`changed: false`); leaving paid or cancelled is a 409. `db` is
   * the caller's transaction, when it has one.
   */
  async setStatus(
    number: string,
    change: InvoiceStatusChange,
    db: Database = this.options.db,
  ): Promise<{ invoice: InvoiceView; changed: boolean }> {
    const wanted = parseFields(invoiceStatusChangeSchema, change);
    if (wanted.status === "paid" && wanted.paidOn > saoPauloDay(this.now()))
      throw fieldRefusal({ paidOn: invoiceMessages.paidOnFuture });
    return db.transaction(async (tx) => {
      // Locked, so two PATCHes of one invoice (paid and cancelled at once) are decided one by one.
      const [row] = INVOICE_NUMBER_PATTERN.test(number)
        ? await tx.select().from(invoices).where(eq(invoices.number, number)).for("update")
        : [];
      if (!row) throw new DomainError("not-found", "invoices.notFound");
      if (row.status === "paid") {
        if (wanted.status === "paid" && wanted.paidOn === row.paidOn)
          return { invoice: (await this.find(number, tx))!, changed: false };
        throw new DomainError("conflict", "invoices.alreadyPaid", [row.paidOn ?? ""]);
      }
      if (row.status === "cancelled") {
        if (wanted.status === "cancelled") return { invoice: (await this.find(number, tx))!, changed: false };
        throw new DomainError("conflict", "invoices.alreadyCancelled");
      }
      const now = this.now();
      await tx
        .update(invoices)
        .set(
          wanted.status === "paid"
            ? { status: "paid", paidOn: wanted.paidOn, updatedAt: now }
            : { status: "cancelled", cancelledAt: now, updatedAt: now },
        )
        .where(eq(invoices.id, row.id));
      return { invoice: (await this.find(number, tx))!, changed: true };
    });
  }

  /**
   * Attaches the NFS-e: its number and verification code and its PDF and/or XML, each checked by
   * content (422 naming `pdf` or `xml`), stored under a random name. Replaces a previous NFS-e.
   */
  async attachNfse(number: string, input: NfseInput): Promise<InvoiceView> {
    const fields = parseFields(nfseFieldsSchema, {
      number: input.number,
      verificationCode: input.verificationCode,
    });
    await this.get(number);
    if (!input.pdf && !input.xml) throw fieldRefusal({ pdf: nfseMessages.fileRequired });
    const pdf = input.pdf ? await checkNfsePdf(input.pdf) : null;
    const xml = input.xml ? checkNfseXml(input.xml) : null;
    // Random names: nothing of the invoice or of the sender's file names reaches the storage.
    const pdfName = pdf ? `${randomUUID()}.pdf` : null;
    const xmlName = xml ? `${randomUUID()}.xml` : null;
    if (pdf && pdfName) await this.options.files.put(pdfName, pdf);
    if (xml && xmlName) await this.options.files.put(xmlName, xml);
    await this.options.db
      .update(invoices)
      .set({
        nfseNumber: fields.number,
        nfseVerificationCode: fields.verificationCode,
        nfsePdf: pdfName,
        nfseXml: xmlName,
        updatedAt: this.now(),
      })
      .where(eq(invoices.number, number));
    return this.get(number);
  }
}

function view(row: InvoiceRow, cnpj: string): InvoiceView {
  return {
    number: row.number,
    cnpj,
    competence: row.competence,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    amountCentavos: row.amountCentavos,
    lines: row.lines,
    boletoLine: row.boletoLine,
    status: row.status,
    paidOn: row.paidOn,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    nfse:
      row.nfseNumber && row.nfseVerificationCode
        ? {
            number: row.nfseNumber,
            verificationCode: row.nfseVerificationCode,
            pdf: row.nfsePdf !== null,
            xml: row.nfseXml !== null,
          }
        : null,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
