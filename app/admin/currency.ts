/**
 * The editor's currency input (B §5.5: prefix R$, step 0.01) writes reais with a decimal comma, as
 * staff read prices, whatever the browser's language: "1234,90". Typing accepts the comma or a point
 * ("1234.90", what a number pad gives); with a comma, points are thousands separators ("1.234,90").
 */

/** The step of B §5.5: one centavo. */
export const CURRENCY_STEP = 0.01;

/** "1234,9" → 1234.9; "" → undefined (an empty number stays empty, B §5.5); not a price → null. */
export function parseReais(text: string): number | undefined | null {
  const trimmed = text.replace(/\s+/g, "").replace(/^R\$/i, "");
  if (trimmed === "") return undefined;
  const normal = trimmed.includes(",") ? trimmed.replace(/\./g, "").replace(",", ".") : trimmed;
  if (!/^\d+(?:\.\d{1,2})?$/.test(normal)) return null;
  return Number(normal);
}

/** 1234.9 → "1234,90": two decimals, a comma, no thousands separator (so it reads back the same). */
export function formatReais(value: number): string {
  return value.toFixed(2).replace(".", ",");
}

/** The value one step up or down, kept to whole centavos and never below zero. */
export function stepReais(value: number | undefined, direction: 1 | -1): number {
  const centavos = Math.round((value ?? 0) * 100) + direction * Math.round(CURRENCY_STEP * 100);
  return Math.max(0, centavos) / 100;
}
