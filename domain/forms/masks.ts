import { CHAT_PHONE_MAX_DIGITS } from "../chat.ts";
import { maskCnpj } from "../cnpj.ts";
import { digitsOf } from "./validation.ts";

/**
 * Brazilian phone as (00) 0000-0000 or (00) 00000-0000 (B §5.2: the block after the area code
 * has 4 or 5 digits), at most 15 characters.
 */
export function maskPhone(value: string): string {
  const d = digitsOf(value).slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  const area = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${area}) ${rest}`;
  const split = rest.length === 9 ? 5 : 4;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * The chat popup's phone mask (A §5). The popup accepts 8 to 15 digits (decision 038), so every digit
 * up to the fifteenth is kept, and the field never holds more than 19 characters (the longest mask of
 * A §5):
 * - up to 11 digits, national: (11) 9999-9999 or (11) 99999-9999 (14 and 15 characters);
 * - 12 or 13 digits, international: +55 (11) 99999-9999 (at most 19 characters);
 * - 14 or 15 digits, the area code without parentheses to stay within 19: +351 11 99999-8888;
 * - past 15 digits, the digits plainly after a + (at most 18 of them): the popup then says
 *   'Telefone muito longo' (A §5, A §8) instead of silently dropping what was typed or pasted.
 */
export function maskChatPhone(value: string): string {
  const d = digitsOf(value);
  if (d.length > CHAT_PHONE_MAX_DIGITS) return `+${d.slice(0, 18)}`;
  if (d.length <= 11) return maskPhone(d);
  // Brazil's own code first: 55 + a 10- or 11-digit national number; otherwise 11 national digits.
  const country = d.startsWith("55") && d.length <= 13 ? "55" : d.slice(0, d.length - 11);
  const national = d.slice(country.length);
  if (d.length <= 13) return `+${country} ${maskPhone(national)}`;
  return `+${country} ${national.slice(0, 2)} ${national.slice(2, 7)}-${national.slice(7)}`;
}

export function applyMask(mask: "cnpj" | "phone" | undefined, value: string): string {
  if (mask === "cnpj") return maskCnpj(value);
  if (mask === "phone") return maskPhone(value);
  return value;
}
