import type { OfferedLanguage } from "../languages.ts";
import { formatPrice } from "../number-format.ts";

/**
 * Money is integer centavos everywhere (DESIGN: the portal): never a float in storage or sums. Only
 * the display divides by 100, exactly (an integer of centavos is exact in a double).
 */

/** "R$ 1.234,56" for 123456 centavos (English: "R$1,234.56"). */
export function formatCentavos(centavos: number, language: OfferedLanguage = "pt"): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`not an integer of centavos: ${centavos}`);
  return formatPrice(centavos / 100, language);
}

/** A price of plans-data (reais with up to 2 decimals, e.g. 299.9) as integer centavos, rounded once. */
export function reaisToCentavos(reais: number): number {
  return Math.round(reais * 100);
}
