import { isValidCnpj, isValidCpf } from "@brazilian-utils/brazilian-utils";

/**
 * Pix "copia e cola" (decision 097): the BR Code of the Banco Central do Brasil, a static
 * merchant-presented payload of EMV® QRCPS (Manual de Padrões para Iniciação do Pix). Each field
 * is ID (2 digits) + length (2 digits) + value; the payload ends with the CRC16-CCITT of
 * everything before it, "6304" included. Amounts come in integer centavos and are written with 2
 * decimals without ever passing through a float.
 */

/** The vendor's Pix receiver (PIX_KEY, PIX_MERCHANT_NAME, PIX_MERCHANT_CITY). */
export interface PixReceiver {
  key: string;
  merchantName: string;
  merchantCity: string;
}

export interface PixCharge extends PixReceiver {
  /** Integer centavos, more than 0. */
  amountCentavos: number;
  /** Up to 25 letters and digits (pixTxid). */
  txid: string;
}

export const PIX_LIMITS = { key: 77, merchantName: 25, merchantCity: 15, txid: 25 } as const;

/** Kinds of Pix key (DICT): CPF, CNPJ, e-mail, phone in E.164 (+55…), or a random key (EVP, a UUID). */
export type PixKeyKind = "cpf" | "cnpj" | "email" | "phone" | "evp";

/**
 * The kind of a Pix key as the DICT writes it, or null when it is none of them. A CPF or CNPJ key
 * must have its check digits right: a mistyped key could be somebody else's.
 */
export function pixKeyKind(key: string): PixKeyKind | null {
  if (key.length > PIX_LIMITS.key) return null;
  if (/^\d{11}$/.test(key)) return isValidCpf(key) ? "cpf" : null;
  if (/^\d{14}$/.test(key)) return isValidCnpj(key) ? "cnpj" : null;
  if (/^\+[1-9]\d{10,13}$/.test(key)) return "phone";
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) return "evp";
  if (/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(key)) return "email";
  return null;
}

/**
 * A name or city as the BR Code carries it: upper-case ASCII letters, digits and spaces, accents
 * taken off ("São Paulo" → "SAO PAULO"), at most `max` characters.
 */
export function pixText(value: string, max: number): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max)
    .trim();
}

/**
 * The txid of an invoice's Pix: the letters and digits of its number (the billing system's
 * reconciliation finds the invoice by it), the last 25 when longer; "***" (no txid) when none.
 */
export function pixTxid(invoiceNumber: string): string {
  const kept = invoiceNumber.replace(/[^A-Za-z0-9]/g, "");
  return kept ? kept.slice(-PIX_LIMITS.txid) : "***";
}

/** "1234.56" for 123456 centavos: integer arithmetic only. */
export function pixAmount(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos <= 0)
    throw new RangeError(`not a positive integer of centavos: ${centavos}`);
  return `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;
}

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR) as 4 upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One EMV field: ID, the value's length in 2 digits, the value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/**
 * The BR Code of a static Pix charge: payload format indicator (00), merchant account information
 * (26: GUI br.gov.bcb.pix and the key), merchant category code 0000 (52), currency 986 (53),
 * amount (54), country BR (58), merchant name (59) and city (60), additional data with the txid
 * (62, sub-field 05), then the CRC (63).
 */
export function pixPayload(charge: PixCharge): string {
  const key = charge.key.trim();
  if (!pixKeyKind(key)) throw new RangeError("not a Pix key");
  const name = pixText(charge.merchantName, PIX_LIMITS.merchantName);
  const city = pixText(charge.merchantCity, PIX_LIMITS.merchantCity);
  if (!name || !city) throw new RangeError("the merchant's name and city are required");
  const txid =
    charge.txid === "***" ? "***" : charge.txid.replace(/[^A-Za-z0-9]/g, "").slice(0, PIX_LIMITS.txid);
  const body = [
    field("00", "01"),
    field("26", field("00", "br.gov.bcb.pix") + field("01", key)),
    field("52", "0000"),
    field("53", "986"),
    field("54", pixAmount(charge.amountCentavos)),
    field("58", "BR"),
    field("59", name),
    field("60", city),
    field("62", field("05", txid || "***")),
  ].join("");
  const withCrcId = `${body}6304`;
  return withCrcId + crc16(withCrcId);
}
