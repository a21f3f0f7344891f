/**
 * The digitable line ("linha digitável") of a boleto bancário — a bank's collection slip — as
 * Carta-Circular BCB nº 2.926/2000 and FEBRABAN define it: 47 digits in five fields.
 *
 *   field 1  BBBMC.CCCCD   bank (3), currency (1), barcode positions 20–24, módulo 10 check digit
 *   field 2  CCCCC.CCCCCD  barcode positions 25–34, módulo 10 check digit
 *   field 3  CCCCC.CCCCCD  barcode positions 35–44, módulo 10 check digit
 *   field 4  K             the barcode's general check digit (módulo 11 over the 43 other digits)
 *   field 5  FFFFVVVVVVVVVV  due-date factor (4) and amount in centavos (10)
 *
 * The barcode (44 digits) is rebuilt from the line to check the general digit, so a line whose
 * fields were each retyped correctly but swapped or shifted is still refused.
 *
 * Only the cobrança bancária slip is accepted: the 48-digit arrecadação line (utilities, taxes;
 * it starts with 8) is never what a vendor's invoice carries and is refused with its own message.
 * Currency must be 9 (real): the product bills in reais only.
 *
 * Pure functions shared by the API (checking the line on the way in) and the portal (showing it).
 */

export const BOLETO_LINE_LENGTH = 47;

/** What is wrong with a typed line; each has a Portuguese message in `boletoMessages`. */
export type BoletoProblem =
  | "length"
  | "barcode"
  | "arrecadacao"
  | "currency"
  | "field-1"
  | "field-2"
  | "field-3"
  | "general";

export const boletoMessages: Record<BoletoProblem, string> = {
  length: "A linha digitável do boleto deve ter 47 dígitos.",
  barcode: "Envie a linha digitável do boleto (47 dígitos), não o código de barras (44 dígitos).",
  arrecadacao:
    "Boletos de arrecadação (48 dígitos, iniciados por 8: contas de consumo e tributos) não são aceitos: envie a linha digitável de um boleto bancário (47 dígitos).",
  currency: "A linha digitável deve ser de um boleto em reais (código de moeda 9).",
  "field-1": "Linha digitável inválida: o dígito verificador do 1º campo não confere.",
  "field-2": "Linha digitável inválida: o dígito verificador do 2º campo não confere.",
  "field-3": "Linha digitável inválida: o dígito verificador do 3º campo não confere.",
  general: "Linha digitável inválida: o dígito verificador geral (5º grupo) não confere.",
};

/** A checked line and what it carries. */
export interface BoletoLine {
  /** The 47 digits. */
  line: string;
  /** The 44-digit barcode the line represents. */
  barcode: string;
  /** The bank's COMPE code ("001", "237"...). */
  bankCode: string;
  /** Days since 1997-10-07 (restarted at 1000 on 2025-02-22); 0 when the slip has no due date. */
  dueFactor: number;
  /** The amount printed in the line, in centavos; 0 when the slip leaves it open. */
  amountCentavos: number;
}

/** Only the digits of a typed or pasted line (spaces, dots, hyphens and line breaks dropped). */
export function normaliseBoletoLine(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Módulo 10 of FEBRABAN: digits weighted 2, 1, 2, 1... from the right, two-digit products added
 * digit by digit; the check digit completes the sum to a multiple of 10.
 */
export function modulo10(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Módulo 11 of the barcode's general check digit: digits weighted 2 to 9 from the right, cycling;
 * 11 minus the remainder, and 1 where that gives 0, 10 or 11 (the general digit is never 0).
 */
export function modulo11(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(digits[i]) * weight;
  }
  const digit = 11 - (sum % 11);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** The 44-digit barcode of a 47-digit line (its field check digits dropped, the fields reordered). */
export function barcodeOfLine(line: string): string {
  const digits = normaliseBoletoLine(line);
  if (digits.length !== BOLETO_LINE_LENGTH) throw new RangeError("a boleto line has 47 digits");
  return (
    digits.slice(0, 4) + // bank and currency
    digits.slice(32, 33) + // general check digit
    digits.slice(33, 47) + // due-date factor and amount
    digits.slice(4, 9) + // barcode 20–24
    digits.slice(10, 20) + // barcode 25–34
    digits.slice(21, 31) // barcode 35–44
  );
}

/** The 47-digit line of a 44-digit barcode (the inverse of `barcodeOfLine`). */
export function lineOfBarcode(barcode: string): string {
  const digits = normaliseBoletoLine(barcode);
  if (digits.length !== 44) throw new RangeError("a boleto barcode has 44 digits");
  const field1 = digits.slice(0, 4) + digits.slice(19, 24);
  const field2 = digits.slice(24, 34);
  const field3 = digits.slice(34, 44);
  return (
    field1 +
    modulo10(field1) +
    field2 +
    modulo10(field2) +
    field3 +
    modulo10(field3) +
    digits.slice(4, 5) +
    digits.slice(5, 19)
  );
}

/** What is wrong with a line as typed (formatting allowed), or null when it is a valid one. */
export function boletoLineProblem(value: string): BoletoProblem | null {
  const digits = normaliseBoletoLine(value);
  if (digits.length === 48 && digits.startsWith("8")) return "arrecadacao";
  if (digits.length === 44) return "barcode";
  if (digits.length !== BOLETO_LINE_LENGTH) return "length";
  // Field by field, so the message says where the typing went wrong.
  if (modulo10(digits.slice(0, 9)) !== Number(digits[9])) return "field-1";
  if (modulo10(digits.slice(10, 20)) !== Number(digits[20])) return "field-2";
  if (modulo10(digits.slice(21, 31)) !== Number(digits[31])) return "field-3";
  const barcode = barcodeOfLine(digits);
  if (modulo11(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4])) return "general";
  // After the check digits: a mistyped currency digit is a typing error like any other.
  if (digits[3] !== "9") return "currency";
  return null;
}

/** A valid line read into its parts, or null (see `boletoLineProblem` for why). */
export function parseBoletoLine(value: string): BoletoLine | null {
  if (boletoLineProblem(value) !== null) return null;
  const line = normaliseBoletoLine(value);
  return {
    line,
    barcode: barcodeOfLine(line),
    bankCode: line.slice(0, 3),
    dueFactor: Number(line.slice(33, 37)),
    amountCentavos: Number(line.slice(37, 47)),
  };
}

/**
 * A line as banks print it: "00190.00009 01149.718601 68524.522114 6 75860000102656". Anything
 * that is not 47 digits comes back as it was.
 */
export function formatBoletoLine(value: string): string {
  const d = normaliseBoletoLine(value);
  if (d.length !== BOLETO_LINE_LENGTH) return value;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(32 + 1)}`;
}
