/* Rules the browser needs too, kept apart from the zod schemas so its bundle stays small. */
import { isStaffRole, staffHome } from "./staff.ts";

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

/**
 * How a person reads each offered timezone: the clock and its city, in their language, never the
 * database identifier ("America/Sao_Paulo"). Written out rather than asked of Intl, whose names
 * differ between the server's and the browser's ICU (the page is hydrated).
 */
const TIMEZONE_LABELS: Record<(typeof TIMEZONES)[number], { pt: string; en: string }> = {
  "America/Sao_Paulo": { pt: "Horário de Brasília (São Paulo)", en: "Brasília time (São Paulo)" },
  "America/Manaus": { pt: "Horário do Amazonas (Manaus)", en: "Amazon time (Manaus)" },
  "America/Cuiaba": { pt: "Horário do Amazonas (Cuiabá)", en: "Amazon time (Cuiabá)" },
  "America/Porto_Velho": { pt: "Horário do Amazonas (Porto Velho)", en: "Amazon time (Porto Velho)" },
  "America/Rio_Branco": { pt: "Horário do Acre (Rio Branco)", en: "Acre time (Rio Branco)" },
  "America/Belem": { pt: "Horário de Brasília (Belém)", en: "Brasília time (Belém)" },
  "America/Fortaleza": { pt: "Horário de Brasília (Fortaleza)", en: "Brasília time (Fortaleza)" },
  "America/Recife": { pt: "Horário de Brasília (Recife)", en: "Brasília time (Recife)" },
  "America/Noronha": { pt: "Horário de Fernando de Noronha", en: "Fernando de Noronha time" },
  "America/New_York": { pt: "Horário de Nova York", en: "New York time" },
  "Europe/Lisbon": { pt: "Horário de Lisboa", en: "Lisbon time" },
  UTC: { pt: "UTC (tempo universal)", en: "UTC (universal time)" },
};

/** A timezone as the dashboard shows it; one not offered (kept from before) by its identifier. */
export function timezoneLabel(zone: string, language: "pt" | "en"): string {
  const label = TIMEZONE_LABELS[zone as (typeof TIMEZONES)[number]];
  return label ? label[language] : zone.replace(/_/g, " ");
}

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

/**
 * Where a person goes after signing in: where they were going (a local path), else their home:
 * staff the admin, customers their portal.
 */
export function landingAfterSignIn(role: string, asked: string | null | undefined): string {
  const home = isStaffRole(role) ? staffHome(role) : "/dashboard";
  return asked ? safeRedirect(asked, home) : home;
}

/** Where a person sets up two-factor sign-in (decision 112); staff are sent there after their password. */
export const TWO_FACTOR_SETUP_PATH = "/conta/dois-fatores";

/** The set-up page, then where the person was going. */
export function twoFactorSetupPath(redirectTo: string): string {
  return `${TWO_FACTOR_SETUP_PATH}?redirectTo=${encodeURIComponent(safeRedirect(redirectTo))}`;
}
