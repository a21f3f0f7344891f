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
const dayFormats = new Map<OfferedLanguage, Intl.DateTimeFormat>();
const monthFormats = new Map<OfferedLanguage, Intl.DateTimeFormat>();
const dayMonthFormats = new Map<OfferedLanguage, Intl.DateTimeFormat>();

/** A calendar day "2026-11-26" as "26/11/2026" (English: "26 Nov 2026"). */
export function formatDay(day: string, language: OfferedLanguage = "pt"): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(
      LOCALES[language],
      language === "en"
        ? { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }
        : { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" },
    );
    dayFormats.set(language, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}

/** A calendar day at midnight UTC (a chart's axis) as "26/11" (English: "26 Nov"). */
export function formatDayMonth(day: Date, language: OfferedLanguage = "pt"): string {
  let format = dayMonthFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(
      LOCALES[language],
      language === "en"
        ? { day: "numeric", month: "short", timeZone: "UTC" }
        : { day: "2-digit", month: "2-digit", timeZone: "UTC" },
    );
    dayMonthFormats.set(language, format);
  }
  return format.format(day);
}

/** A competence "2026-11" as "novembro de 2026" (English: "November 2026"). */
export function formatCompetence(competence: string, language: OfferedLanguage = "pt"): string {
  let format = monthFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { month: "long", year: "numeric", timeZone: "UTC" });
    monthFormats.set(language, format);
  }
  if (!/^\d{4}-\d{2}$/.test(competence)) return competence;
  return format.format(new Date(`${competence}-15T12:00:00Z`));
}

/** São Paulo: every time the product shows is this zone's unless the reader chose another. */
const SAO_PAULO = "America/Sao_Paulo";
const instantFormats = new Map<string, Intl.DateTimeFormat>();

function instantFormat(language: OfferedLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = instantFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], options);
    instantFormats.set(key, format);
  }
  return format;
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

/** An instant as a day and time: "26/11/2026, 14:05" in São Paulo (English: "26/11/2026, 14:05"). */
export function formatDateTime(
  at: string | Date,
  language: OfferedLanguage = "pt",
  options: InstantOptions = {},
): string {
  const date = instantOf(at);
  if (!date) return String(at);
  return instantFormat(language, {
    timeZone: options.timeZone ?? SAO_PAULO,
    dateStyle: options.dateStyle ?? "short",
    timeStyle: options.seconds ? "medium" : "short",
  }).format(date);
}

/** An instant's day in São Paulo: "26/11/2026" (English: "26 Nov 2026"). */
export function formatInstantDay(at: string | Date, language: OfferedLanguage = "pt"): string {
  const date = instantOf(at);
  if (!date) return String(at);
  return instantFormat(
    language,
    language === "en"
      ? { day: "numeric", month: "short", year: "numeric", timeZone: SAO_PAULO }
      : { day: "2-digit", month: "2-digit", year: "numeric", timeZone: SAO_PAULO },
  ).format(date);
}

/** An instant's time in São Paulo: "14:05". */
export function formatTime(at: string | Date, language: OfferedLanguage = "pt"): string {
  const date = instantOf(at);
  if (!date) return String(at);
  return instantFormat(language, { hour: "2-digit", minute: "2-digit", timeZone: SAO_PAULO }).format(date);
}
