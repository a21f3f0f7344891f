import { FORM_KEYS, FORMS, type FormKey } from "@domain/forms/manifest.ts";

/** The site's forms as staff name them (lead lists, funnel, sales rules, lead detail): the manifest's. */
export const FORM_NAMES = Object.fromEntries(FORM_KEYS.map((key) => [key, FORMS[key].staffName])) as Record<
  FormKey,
  string
>;

/** A stored form key by its name; one the site no longer has stays as it is. */
export function formName(key: string): string {
  return FORM_NAMES[key as FormKey] ?? key;
}
