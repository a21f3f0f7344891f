import { normaliseCnpj } from "../cnpj.ts";

/**
 * Who a lead is (decision 105): submissions of one person are one contact (their e-mail,
 * normalised), those of one company one company (the CNPJ's root: its first 8 characters, the
 * same for every branch, letters included since the alphanumeric CNPJ).
 */

/** "  Maria@Empresa.COM.br " → "maria@empresa.com.br"; null when it is not an e-mail. */
export function contactKey(email: unknown): string | null {
  if (typeof email !== "string") return null;
  const key = email.normalize("NFC").trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key) && key.length <= 254 ? key : null;
}

/** "12.ABC.345/0001-35" → "12ABC345"; null unless the value has the 14 characters of a CNPJ. */
export function companyRoot(cnpj: unknown): string | null {
  if (typeof cnpj !== "string") return null;
  const normal = normaliseCnpj(cnpj);
  return normal.length === 14 ? normal.slice(0, 8) : null;
}

const EMAIL_ANSWERS = ["emailContato", "email"];
const CNPJ_ANSWERS = ["cnpjEmpresa", "cnpj"];

const firstAnswer = (answers: Record<string, unknown>, names: string[]) =>
  names.map((name) => answers[name]).find((value) => typeof value === "string" && value.trim());

/** The contact and company keys of a lead's answers. */
export function leadIdentity(answers: Record<string, unknown>): {
  contactKey: string | null;
  companyRoot: string | null;
} {
  return {
    contactKey: contactKey(firstAnswer(answers, EMAIL_ANSWERS)),
    companyRoot: companyRoot(firstAnswer(answers, CNPJ_ANSWERS)),
  };
}
