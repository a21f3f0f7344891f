import type { InvoiceStatus } from "./invoice-status.ts";

/**
 * The customer's view of a company's invoices (decision 097): which year a filter asks for, and the
 * order of the history (what is to pay first).
 */

/** The years an invoice filter accepts: a competence year the product could have billed. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** `?ano=2026` as a year, or null for anything else (absent, "todos", "20x6", 1999…). */
export function parseYear(value: string | null | undefined): number | null {
  if (!value || !/^\d{4}$/.test(value.trim())) return null;
  const year = Number(value.trim());
  return year >= FIRST_YEAR && year <= LAST_YEAR ? year : null;
}

/** The year of a competence "2026-11". */
export function competenceYear(competence: string): number {
  return Number(competence.slice(0, 4));
}

/** Open and overdue invoices are the ones to pay. */
export function isPayable(status: InvoiceStatus): boolean {
  return status === "em-aberto" || status === "vencida";
}

/**
 * The history as a customer reads it: what is to pay first, the earliest due date on top; then
 * the rest, newest first.
 */
export function customerOrder<T extends { status: InvoiceStatus; dueOn: string; number: string }>(
  items: readonly T[],
): T[] {
  const toPay = items
    .filter((item) => isPayable(item.status))
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.number.localeCompare(b.number));
  const rest = items
    .filter((item) => !isPayable(item.status))
    .sort((a, b) => b.dueOn.localeCompare(a.dueOn) || b.number.localeCompare(a.number));
  return [...toPay, ...rest];
}
