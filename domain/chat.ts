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

/**
 * A partner of the map the popup opens for (decision 129): the lead names it, and the chat opens
 * with its own number, or the company's when it has none.
 */
export interface ChatPartner {
  id: number;
  nome: string;
  cidade: string;
  estado: string;
  /** Digits with the country prefix; null: the company's WhatsApp. */
  whatsapp: string | null;
}

/**
 * "Campo Forte Consultoria Agro (Rio Verde/GO)": how messages and leads name a partner. Here, not in
 * partners.ts, so the chat button on every page needs no more of the map's code than this.
 */
export function partnerLabel(partner: { nome: string; cidade: string; estado: string }): string {
  return `${partner.nome} (${partner.cidade}/${partner.estado})`;
}

/** The attribute of a [data-opens-chat] link that opens the popup for a partner. */
export const CHAT_PARTNER_ATTRIBUTE = "data-chat-partner";

/** A partner from a link's data-chat-partner (JSON), or null when it is absent or not one. */
export function readChatPartner(value: string | null | undefined): ChatPartner | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const { id, nome, cidade, estado, whatsapp } = parsed as Record<string, unknown>;
  if (typeof id !== "number" || !Number.isInteger(id) || id <= 0) return null;
  if (typeof nome !== "string" || typeof cidade !== "string" || typeof estado !== "string") return null;
  if (!nome.trim() || !cidade.trim()) return null;
  const number = typeof whatsapp === "string" && /^\d{8,15}$/.test(whatsapp) ? whatsapp : null;
  return { id, nome, cidade, estado, whatsapp: number };
}
