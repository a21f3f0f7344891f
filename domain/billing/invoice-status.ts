import { saoPauloDay } from "./dates.ts";

/** An invoice as stored (invoices.status). */
export const STORED_INVOICE_STATUSES = ["open", "paid", "cancelled"] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];
/** What a customer sees: an open invoice past its due date (in São Paulo) is overdue. */
export type InvoiceStatus = "em-aberto" | "vencida" | "paga" | "cancelada";

export const INVOICE_STATUS_LABELS: Record<"pt" | "en", Record<InvoiceStatus, string>> = {
  pt: { "em-aberto": "Em aberto", vencida: "Vencida", paga: "Paga", cancelada: "Cancelada" },
  en: { "em-aberto": "Open", vencida: "Overdue", paga: "Paid", cancelada: "Cancelled" },
};

/** An open invoice is overdue from the day after its due date, in São Paulo. */
export function invoiceStatus(
  invoice: { status: StoredInvoiceStatus; dueOn: string },
  now: Date,
): InvoiceStatus {
  if (invoice.status === "paid") return "paga";
  if (invoice.status === "cancelled") return "cancelada";
  return saoPauloDay(now) > invoice.dueOn ? "vencida" : "em-aberto";
}
