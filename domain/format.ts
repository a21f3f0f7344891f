import type { OfferedLanguage } from "./locale.ts";

/**
 * How the product writes days, months, money, numbers, sizes and CNPJs on every screen and e-mail
 * (portal, admin, invoices, reminders), in the reader's language. Billing days are São Paulo's
 * calendar days ("YYYY-MM-DD"), formatted as days, never through a time zone. Numbers live in
 * number-format.ts, which the public islands import without the date formats.
 */
export { formatCentavos } from "./billing/money.ts";
export { formatCnpjForDisplay } from "./cnpj.ts";
export { formatFileSize, formatNumber, formatPercent, formatPrice } from "./number-format.ts";

const LOCALES: Record<OfferedLanguage, string> = { pt: "pt-BR", en: "en-GB" };
/** São Paulo: every time the product shows is this zone's unless the reader chose another. */
const SAO_PAULO = "America/Sao_Paulo";
const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl format per language and options: building one costs far more than using it. */
function dateFormat(language: OfferedLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], options);
    formats.set(key, format);
  }
  return format;
}

/** Day, month and year as the language writes a date: "26/11/2026", "26 Nov 2026". */
function dayOptions(language: OfferedLanguage, timeZone: string, year = true): Intl.DateTimeFormatOptions {
  return language === "en"
    ? { day: "numeric", month: "short", ...(year ? { year: "numeric" } : {}), timeZone }
    : { day: "2-digit", month: "2-digit", ...(year ? { year: "numeric" } : {}), timeZone };
}

/** A calendar day "2026-11-26" as "26/11/2026" (English: "26 Nov 2026"). */
export function formatDay(day: string, language: OfferedLanguage = "pt"): string {
  return dateFormat(language, dayOptions(language, "UTC")).format(new Date(`${day}T12:00:00Z`));
}

/** A calendar day at midnight UTC (a chart's axis) as "26/11" (English: "26 Nov"). */
export function formatDayMonth(day: Date, language: OfferedLanguage = "pt"): string {
  return dateFormat(language, dayOptions(language, "UTC", false)).format(day);
}

/** A competence "2026-11" as "novembro de 2026" (English: "November 2026"). */
export function formatCompetence(competence: string, language: OfferedLanguage = "pt"): string {
  if (!/^\d{4}-\d{2}$/.test(competence)) return competence;
  return dateFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${competence}-15T12:00:00Z`),
  );
}

/** An invalid instant is shown as it came (a content document's words), never as "Invalid Date". */
function instantOf(at: string | Date): Date | null {
  const date = typeof at === "string" ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface InstantOptions {
  /** The reader's zone (their preference); São Paulo's by default. */
  timeZone?: string;
  /** Seconds too (delivery logs, where two attempts may fall in one minute). */
  seconds?: boolean;
  /** "long": "26 de novembro de 2026 14:05" (e-mails). */
  dateStyle?: "short" | "long";
}

/**
 * An instant as a day and time: "26/11/2026, 14:05" in São Paulo (English: "26 Nov 2026, 14:05":
 * 01/12/2026 reads as the 12th of January to half the English-speaking world).
 */
export function formatDateTime(
  at: string | Date,
  language: OfferedLanguage = "pt",
  options: InstantOptions = {},
): string {
  const date = instantOf(at);
  if (!date) return String(at);
  if (language === "en" && options.dateStyle !== "long")
    return dateFormat(language, {
      ...dayOptions(language, options.timeZone ?? SAO_PAULO),
      hour: "2-digit",
      minute: "2-digit",
      ...(options.seconds ? { second: "2-digit" } : {}),
    }).format(date);
  return dateFormat(language, {
    timeZone: options.timeZone ?? SAO_PAULO,
    dateStyle: options.dateStyle ?? "short",
    timeStyle: options.seconds ? "medium" : "short",
  }).format(date);
}

/** An instant's day in São Paulo: "26/11/2026" (English: "26 Nov 2026"). */
export function formatInstantDay(at: string | Date, language: OfferedLanguage = "pt"): string {
  const date = instantOf(at);
  if (!date) return String(at);
  return dateFormat(language, dayOptions(language, SAO_PAULO)).format(date);
}

/**
 * An instant as a sentence says it, in São Paulo: "26/11/2026 às 15:30" (English: "26 Nov 2026 at
 * 15:30"). A lead's deadline (B §9.2), a schedule, a preview link's validity.
 */
export function formatDayAtTime(at: string | Date, language: OfferedLanguage = "pt"): string {
  if (!instantOf(at)) return String(at);
  return `${formatInstantDay(at, language)} ${language === "en" ? "at" : "às"} ${formatTime(at, language)}`;
}

/** An instant's time in São Paulo: "14:05". */
export function formatTime(at: string | Date, language: OfferedLanguage = "pt"): string {
  const date = instantOf(at);
  if (!date) return String(at);
  return dateFormat(language, { hour: "2-digit", minute: "2-digit", timeZone: SAO_PAULO }).format(date);
}
