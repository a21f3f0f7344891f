import type { OfferedLanguage } from "./languages.ts";

/**
 * Numbers and prices as the visitor's language writes them ("1.234,5" / "1,234.5"). Each format is
 * built once per language: `Intl.NumberFormat` (and `toLocaleString`, which builds one per call) costs
 * far more than formatting, and the home's metric counters format on every animation frame.
 */

const LOCALES: Record<OfferedLanguage, string> = { pt: "pt-BR", en: "en-US" };

/** Intl separates the currency sign with a no-break (or narrow no-break) space: a plain space is stable. */
function plainSpaces(value: string): string {
  return value.replace(/[\u00a0\u202f]/g, " ");
}

function cachedFormat(options: Intl.NumberFormatOptions) {
  const formats = new Map<OfferedLanguage, Intl.NumberFormat>();
  return (value: number, language: OfferedLanguage): string => {
    let format = formats.get(language);
    if (!format) {
      format = new Intl.NumberFormat(LOCALES[language], options);
      formats.set(language, format);
    }
    return plainSpaces(format.format(value));
  };
}

const currency = cachedFormat({
  style: "currency",
  currency: "BRL",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const decimal = cachedFormat({ maximumFractionDigits: 2 });
const oneDecimal = cachedFormat({ maximumFractionDigits: 1 });

/** A price in reais with 2 decimals (A §9): "R$ 1.234,50" (English: "R$1,234.50"). */
export function formatPrice(value: number, language: OfferedLanguage = "pt"): string {
  return currency(value, language);
}

/** A number with at most 2 decimals: "1.234,5" (English: "1,234.5"). */
export function formatNumber(value: number, language: OfferedLanguage = "pt"): string {
  return decimal(value, language);
}

/** A file's size: "512 B", "12,3 KB", "1,5 MB" (English: "1.5 MB"). */
export function formatFileSize(bytes: number, language: OfferedLanguage = "pt"): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${oneDecimal(bytes / 1024, language)} KB`;
  return `${oneDecimal(bytes / 1024 / 1024, language)} MB`;
}

/** A share from 0 to 1 as a percentage with at most one decimal: "42,9%" (English: "42.9%"). */
export function formatPercent(share: number, language: OfferedLanguage = "pt"): string {
  return `${oneDecimal(Math.round(share * 1000) / 10, language)}%`;
}
