/** Paths where the floating chat is never shown (A §2). */
const HIDDEN_PREFIXES = ["/login", "/admin", "/dashboard", "/user"];

export function chatVisibleOn(pathname: string): boolean {
  const path = pathname.replace(/^\/(pt|en|es)(?=\/|$)/, "") || "/";
  return !HIDDEN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Only letters (any accent) and spaces are accepted while typing a name (A §5). */
export function lettersAndSpaces(value: string): string {
  return value.replace(/[^\p{L} ]/gu, "");
}

export type ChatErrors = { nome?: string; telefone?: string };

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
  const digits = telefone.replace(/\D/g, "");
  if (digits.length < 8) errors.telefone = texts.chatPhoneShort;
  else if (digits.length > 15) errors.telefone = texts.chatPhoneLong;
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
