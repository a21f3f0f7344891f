import { z } from "../zod.ts";

export const loginSchema = z.strictObject({
  email: z.email("E-mail inválido").max(200),
  password: z.string().min(1, "Informe a senha").max(200),
  remember: z.boolean().default(false),
});

export const preferencesSchema = z.strictObject({
  language: z.enum(["pt", "en"]).optional(),
  timezone: z.string().max(60).optional(),
});

export const profileUpdateSchema = z.strictObject({
  name: z.string().trim().min(2).max(120).optional(),
  preferences: preferencesSchema.optional(),
});

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
