import { formatCnpj, isValidCnpj } from "@brazilian-utils/brazilian-utils";

/**
 * The CNPJ as the Receita Federal issues it since July 2026 (Instrução Normativa RFB 2.229/2024):
 * 14 characters, the first 12 digits or upper-case letters, the last 2 check digits, each
 * character counting as its ASCII code minus 48. Older numeric CNPJs are the same rule with digits
 * only. One module for the whole product: lead forms, companies, invoices. The arithmetic is the
 * library's (@brazilian-utils/brazilian-utils, version 2 of its CNPJ functions).
 */

export const CNPJ_LENGTH = 14;

/** The letters and digits of a value, upper-cased: how a CNPJ is stored (`12ABC34501DE35`). */
export function normaliseCnpj(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

export type CnpjProblem = "length" | "invalid";

/**
 * What is wrong with a typed CNPJ, or null when it is one: "length" unless it has 14 letters and
 * digits (B §5.1 'CNPJ deve ter 14 dígitos'), "invalid" when its shape or check digits are wrong.
 */
export function cnpjProblem(value: string): CnpjProblem | null {
  const normal = normaliseCnpj(value);
  if (normal.length !== CNPJ_LENGTH) return "length";
  return isValidCnpj(normal, { version: 2 }) ? null : "invalid";
}

export function isCnpj(value: string): boolean {
  return cnpjProblem(value) === null;
}

/** A stored (or typed) CNPJ as people read it: 12.ABC.345/01DE-35. */
export function formatCnpjForDisplay(value: string): string {
  const normal = normaliseCnpj(value);
  return normal.length === CNPJ_LENGTH ? formatCnpj(normal, { version: 2 }) : value;
}

/**
 * The input mask (B §5.2, 00.000.000/0000-00, at most 18 characters) for the alphanumeric CNPJ:
 * letters are kept and upper-cased in the first 12 places, the 2 check places take digits only.
 */
export function maskCnpj(value: string): string {
  const kept: string[] = [];
  for (const char of normaliseCnpj(value)) {
    if (kept.length === CNPJ_LENGTH) break;
    if (kept.length >= 12 && !/[0-9]/.test(char)) continue;
    kept.push(char);
  }
  const d = kept.join("");
  let out = d.slice(0, 2);
  if (d.length > 2) out += `.${d.slice(2, 5)}`;
  if (d.length > 5) out += `.${d.slice(5, 8)}`;
  if (d.length > 8) out += `/${d.slice(8, 12)}`;
  if (d.length > 12) out += `-${d.slice(12, 14)}`;
  return out;
}
