/** The languages of the site (A §3, §5): accepted codes, offered interfaces and URL prefixes. */

/** Every code the site accepts (A §5); only the offered ones have interface texts and a switcher entry. */
export const ACCEPTED_LANGUAGES = ["pt", "en", "es", "fr", "de", "it", "zh", "ja"] as const;
export const OFFERED_LANGUAGES = ["pt", "en"] as const;
/** Path prefixes recognised in URLs (A §2). */
export const PATH_LANGUAGES = ["pt", "en", "es"] as const;
export const DEFAULT_LANGUAGE = "pt";
export const LANGUAGE_COOKIE = "lang";

export type Language = (typeof ACCEPTED_LANGUAGES)[number];
export type OfferedLanguage = (typeof OFFERED_LANGUAGES)[number];

export function isAcceptedLanguage(value: unknown): value is Language {
  return typeof value === "string" && (ACCEPTED_LANGUAGES as readonly string[]).includes(value);
}

export function isOfferedLanguage(value: unknown): value is OfferedLanguage {
  return typeof value === "string" && (OFFERED_LANGUAGES as readonly string[]).includes(value);
}

/** Every accepted language's name, in Portuguese and in English: one table for every screen that names one. */
const LANGUAGE_NAMES: Record<Language, { pt: string; en: string }> = {
  pt: { pt: "Português", en: "Portuguese" },
  en: { pt: "Inglês", en: "English" },
  es: { pt: "Espanhol", en: "Spanish" },
  fr: { pt: "Francês", en: "French" },
  de: { pt: "Alemão", en: "German" },
  it: { pt: "Italiano", en: "Italian" },
  zh: { pt: "Chinês", en: "Chinese" },
  ja: { pt: "Japonês", en: "Japanese" },
};

/** A language's name ("Inglês"), in the reader's language; a code not accepted stays as it is. */
export function languageName(code: string, reader: OfferedLanguage = "pt"): string {
  return isAcceptedLanguage(code) ? LANGUAGE_NAMES[code][reader] : code;
}
