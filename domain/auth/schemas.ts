import { OFFERED_LANGUAGES } from "../languages.ts";
import { z } from "../zod.ts";

export const loginSchema = z.strictObject({
  email: z.email("E-mail inválido").max(200),
  password: z.string().min(1, "Informe a senha").max(200),
  remember: z.boolean().default(false),
  /** The second factor (decision 112): a 6-digit TOTP code or a recovery code; spaces and dashes allowed. */
  code: z.string().trim().max(20, "Código inválido").optional(),
});

export const preferencesSchema = z.strictObject({
  language: z.enum(OFFERED_LANGUAGES).optional(),
  timezone: z.string().max(60).optional(),
});

export const profileUpdateSchema = z.strictObject({
  name: z.string().trim().min(2).max(120).optional(),
  preferences: preferencesSchema.optional(),
});
