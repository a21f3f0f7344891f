/* Rules the browser needs too, kept apart from the zod schemas so its bundle stays small. */

/** Timezones offered on the dashboard: Brazil's, then a few common ones. */
export const TIMEZONES = [
  "America/Sao_Paulo",
  "America/Manaus",
  "America/Cuiaba",
  "America/Porto_Velho",
  "America/Rio_Branco",
  "America/Belem",
  "America/Fortaleza",
  "America/Recife",
  "America/Noronha",
  "America/New_York",
  "Europe/Lisbon",
  "UTC",
] as const;

/** Only local paths are followed after signing in (no open redirects). */
export function safeRedirect(target: string | null | undefined, fallback = "/dashboard"): string {
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.com" would become "//evil.com".
  if (
    !target?.startsWith("/") ||
    target.startsWith("//") ||
    target.startsWith("/\\") ||
    hasControlCharacter(target)
  ) {
    return fallback;
  }
  return target;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Where a person sets up two-factor sign-in (decision 112); staff are sent there after their password. */
export const TWO_FACTOR_SETUP_PATH = "/conta/dois-fatores";

/** The set-up page, then where the person was going. */
export function twoFactorSetupPath(redirectTo: string): string {
  return `${TWO_FACTOR_SETUP_PATH}?redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}`;
}
