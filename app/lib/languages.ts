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
