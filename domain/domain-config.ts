import { ACCEPTED_LANGUAGES } from "./languages.ts";
import { z } from "./zod.ts";

/* Kept apart from locale.ts so the browser bundle, which needs the language rules, does not need zod. */
export const languageSchema = z.enum(ACCEPTED_LANGUAGES);

/** The domain configuration file (content/config/domains.json): which subdomains are segments, default languages. */
export const domainConfigSchema = z.strictObject({
  domain: z.strictObject({ defaultLanguage: languageSchema.optional() }),
  ignoredSubdomains: z.array(z.string()),
  adminSubdomain: z.string(),
  subdomains: z.record(
    z.string().regex(/^[a-z0-9-]+$/, "subdomain names use letters, digits and hyphens"),
    z.strictObject({ name: z.string(), defaultLanguage: languageSchema.optional() }),
  ),
});
export type DomainConfig = z.infer<typeof domainConfigSchema>;
