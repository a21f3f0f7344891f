import { splitLanguagePrefix } from "./locale.ts";

/** Paths where the floating chat is never shown (A §2). */
const HIDDEN_PREFIXES = ["/login", "/admin", "/dashboard", "/user"];

export function chatVisibleOn(pathname: string): boolean {
  const { path } = splitLanguagePrefix(pathname);
  return !HIDDEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Only letters (any accent) and spaces are accepted while typing a name (A §5). */
export function lettersAndSpaces(value: string): string {
  return value.replace(/[^\p{L} ]/gu, "");
}

export type ChatErrors = { nome?: string; telefone?: string };

/** Digits a chat phone may have (A §5; the whatsapp form definition checks the same, decision 038). */
export const CHAT_PHONE_MIN_DIGITS = 8;
export const CHAT_PHONE_MAX_DIGITS = 15;

function phoneDigits(telefone: string): number {
  return telefone.replace(/\D/g, "").length;
}

/**
 * The phone's error after an edit: editing clears the field's error (A §5), except that a number past
 * 15 digits is said to be too long at once ('Telefone muito longo'), the moment a 16th digit is typed.
 */
export function chatPhoneErrorWhileTyping(
  telefone: string,
  texts: { chatPhoneLong: string },
): string | undefined {
  return phoneDigits(telefone) > CHAT_PHONE_MAX_DIGITS ? texts.chatPhoneLong : undefined;
}

/** The chat popup's checks (A §5), with the catalogue's messages. */
export function validateChat(
  nome: string,
  telefone: string,
  texts: { chatNameRequired: string; chatNameShort: string; chatPhoneShort: string; chatPhoneLong: string },
): ChatErrors {
  const errors: ChatErrors = {};
  const name = nome.trim();
  if (!name) errors.nome = texts.chatNameRequired;
  else if (name.length < 2) errors.nome = texts.chatNameShort;
  const digits = phoneDigits(telefone);
  if (digits < CHAT_PHONE_MIN_DIGITS) errors.telefone = texts.chatPhoneShort;
  else if (digits > CHAT_PHONE_MAX_DIGITS) errors.telefone = texts.chatPhoneLong;
  return errors;
}

/** The chat number with the Brazilian country prefix 55 (A §7). */
export function withCountryPrefix(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("55") ? digits : `55${digits}`;
}

export function chatLink(companyNumber: string, message: string): string {
  return `https://wa.me/${withCountryPrefix(companyNumber)}?text=${encodeURIComponent(message)}`;
}
