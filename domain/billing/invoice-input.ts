import { cnpjProblem, normaliseCnpj } from "../cnpj.ts";
import { z } from "../zod.ts";
import { boletoLineProblem, boletoMessages, normaliseBoletoLine, parseBoletoLine } from "./boleto.ts";
import { isDay } from "./dates.ts";
import { formatCentavos } from "./money.ts";

/**
 * What the vendor's billing system (POST /api/billing/invoices) and staff (the admin company page)
 * send to create an invoice, and what they may change later (PATCH, NFS-e). One schema for both;
 * messages in Portuguese, each naming its field by its path.
 */

/** The largest amount the invoices' integer column holds: R$ 21.474.836,47. */
export const MAX_INVOICE_CENTAVOS = 2_147_483_647;
export const MAX_INVOICE_LINES = 100;
/**
 * An invoice number as billing issues it: it appears in the API's paths, so letters, digits and
 * `.`, `_`, `-` only (no slash), starting with a letter or digit, up to 60 characters.
 */
export const INVOICE_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,59}$/;
export const COMPETENCE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const invoiceInputMessages = {
  number: "Informe o número da fatura: até 60 letras, dígitos, '.', '_' ou '-', sem espaços nem barras.",
  cnpjLength: "CNPJ deve ter 14 dígitos.",
  cnpjInvalid: "CNPJ inválido: os dígitos verificadores não conferem.",
  cnpjUnknown: "Nenhuma empresa cadastrada com este CNPJ.",
  competence: "Informe a competência como AAAA-MM (por exemplo 2026-11).",
  day: "Informe uma data válida no formato AAAA-MM-DD.",
  dueBeforeIssue: "O vencimento não pode ser anterior à data de emissão.",
  centavos:
    "Informe o valor como um número inteiro de centavos (R$ 1.234,56 é 123456), sem casas decimais nem texto.",
  positive: "O valor da fatura deve ser maior que zero.",
  tooLarge: `O valor passa do máximo aceito (${formatCentavos(MAX_INVOICE_CENTAVOS)}).`,
  lines: `Informe de 1 a ${MAX_INVOICE_LINES} linhas, cada uma com descrição e valor em centavos.`,
  description: "Informe a descrição da linha (até 200 caracteres).",
  linesSum: (sum: number, amount: number) =>
    `A soma das linhas (${formatCentavos(sum)}) difere do valor da fatura (${formatCentavos(amount)}).`,
  boletoAmount: (boleto: number, amount: number) =>
    `O valor do boleto (${formatCentavos(boleto)}) difere do valor da fatura (${formatCentavos(amount)}).`,
  paidOn: "Informe a data do pagamento (paidOn) no formato AAAA-MM-DD.",
  status: "Informe status 'paid' (com paidOn) ou 'cancelled'.",
  nfseNumber: "Informe o número da NFS-e (até 60 caracteres).",
  nfseVerificationCode: "Informe o código de verificação da NFS-e (até 60 caracteres).",
} as const;

const day = z.string({ error: invoiceInputMessages.day }).trim().refine(isDay, invoiceInputMessages.day);

/** Integer centavos: a JSON number without decimals (1234.5 and "1234" are refused). */
const centavos = z
  .number({ error: invoiceInputMessages.centavos })
  .int({ error: invoiceInputMessages.centavos })
  .max(MAX_INVOICE_CENTAVOS, { error: invoiceInputMessages.tooLarge })
  .min(-MAX_INVOICE_CENTAVOS, { error: invoiceInputMessages.tooLarge });

export const invoiceLineSchema = z.object({
  description: z
    .string({ error: invoiceInputMessages.description })
    .trim()
    .min(1, invoiceInputMessages.description)
    .max(200, invoiceInputMessages.description),
  /** A line may be negative (a discount); the invoice's total may not. */
  amountCentavos: centavos,
});

const invoiceNumber = z
  .string({ error: invoiceInputMessages.number })
  .trim()
  .regex(INVOICE_NUMBER_PATTERN, invoiceInputMessages.number);

/** The number alone: what decides whether a POST creates or answers a stored invoice. */
export const invoiceNumberSchema = z.object({ number: invoiceNumber });

export const invoiceInputSchema = z
  .object({
    number: invoiceNumber,
    cnpj: z
      .string({ error: invoiceInputMessages.cnpjLength })
      .max(30, invoiceInputMessages.cnpjLength)
      .superRefine((value, ctx) => {
        const problem = cnpjProblem(value);
        if (problem)
          ctx.addIssue({
            code: "custom",
            message:
              problem === "length" ? invoiceInputMessages.cnpjLength : invoiceInputMessages.cnpjInvalid,
          });
      })
      .transform(normaliseCnpj),
    competence: z
      .string({ error: invoiceInputMessages.competence })
      .trim()
      .regex(COMPETENCE_PATTERN, invoiceInputMessages.competence),
    issuedOn: day,
    dueOn: day,
    amountCentavos: centavos.refine((value) => value > 0, invoiceInputMessages.positive),
    lines: z
      .array(invoiceLineSchema, { error: invoiceInputMessages.lines })
      .min(1, invoiceInputMessages.lines)
      .max(MAX_INVOICE_LINES, invoiceInputMessages.lines),
    /** The boleto's digitable line, formatted or not; stored as its 47 digits. */
    boletoLine: z
      .string()
      .max(80, boletoMessages.length)
      .nullish()
      .superRefine((value, ctx) => {
        if (!value?.trim()) return;
        const problem = boletoLineProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: boletoMessages[problem] });
      })
      .transform((value) => (value?.trim() ? normaliseBoletoLine(value) : null)),
  })
  .superRefine((invoice, ctx) => {
    if (invoice.dueOn < invoice.issuedOn)
      ctx.addIssue({ code: "custom", path: ["dueOn"], message: invoiceInputMessages.dueBeforeIssue });
    const sum = invoice.lines.reduce((total, line) => total + line.amountCentavos, 0);
    if (sum !== invoice.amountCentavos)
      ctx.addIssue({
        code: "custom",
        path: ["lines"],
        message: invoiceInputMessages.linesSum(sum, invoice.amountCentavos),
      });
    // A boleto that prints an amount must print this one (0 is a boleto whose amount is left open).
    const boleto = invoice.boletoLine ? parseBoletoLine(invoice.boletoLine) : null;
    if (boleto && boleto.amountCentavos !== 0 && boleto.amountCentavos !== invoice.amountCentavos)
      ctx.addIssue({
        code: "custom",
        path: ["boletoLine"],
        message: invoiceInputMessages.boletoAmount(boleto.amountCentavos, invoice.amountCentavos),
      });
  });

/** What the caller sends (before trimming and normalising). */
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
/** What the schema answers: CNPJ and boleto line normalised. */
export type ValidInvoiceInput = z.output<typeof invoiceInputSchema>;
export type InvoiceLine = z.output<typeof invoiceLineSchema>;

/** PATCH: an open invoice becomes paid (on a day) or cancelled. */
export const invoiceStatusChangeSchema = z.discriminatedUnion(
  "status",
  [
    z.object({
      status: z.literal("paid"),
      paidOn: z
        .string({ error: invoiceInputMessages.paidOn })
        .trim()
        .refine(isDay, invoiceInputMessages.paidOn),
    }),
    z.object({ status: z.literal("cancelled") }),
  ],
  { error: invoiceInputMessages.status },
);
export type InvoiceStatusChange = z.output<typeof invoiceStatusChangeSchema>;

/** The NFS-e's identification sent with its files. */
export const nfseFieldsSchema = z.object({
  number: z
    .string({ error: invoiceInputMessages.nfseNumber })
    .trim()
    .min(1, invoiceInputMessages.nfseNumber)
    .max(60, invoiceInputMessages.nfseNumber),
  verificationCode: z
    .string({ error: invoiceInputMessages.nfseVerificationCode })
    .trim()
    .min(1, invoiceInputMessages.nfseVerificationCode)
    .max(60, invoiceInputMessages.nfseVerificationCode),
});

/**
 * The problems of a refused input, one message per field path ("lines.0.amountCentavos"), the
 * first one a path met; `{ "": message }` for the body as a whole.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * Reais as staff type them ("1.234,56", "1234,5", "1234") into integer centavos, by the digits
 * and never through a floating-point number; null when it is not an amount.
 */
export function parseReais(value: string): number | null {
  const text = value.trim().replace(/^R\$\s*/i, "");
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const reais = match[1]!.replaceAll(".", "");
  const cents = (match[2] ?? "").padEnd(2, "0");
  const total = Number(reais) * 100 + Number(cents);
  return Number.isSafeInteger(total) ? total : null;
}
