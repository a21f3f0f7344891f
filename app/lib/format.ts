import type { OfferedLanguage } from "./locale.ts";

/**
 * How the product writes days, months, money and CNPJs on every screen and e-mail (portal, admin,
 * invoices, reminders), in the reader's language. Billing days are São Paulo's calendar days
 * ("YYYY-MM-DD"), formatted as days, never through a time zone.
 */
export { formatCentavos } from "./billing/money.ts";
export { formatCnpjForDisplay } from "./cnpj.ts";

const LOCALES: Record<OfferedLanguage, string> = { pt: "pt-BR", en: "en-GB" };
const dayFormats = new Map<OfferedLanguage, Intl.DateTimeFormat>();
const monthFormats = new Map<OfferedLanguage, Intl.DateTimeFormat>();

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
