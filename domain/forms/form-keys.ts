/** The forms of the site (content documents form-{key}), from their manifest. */
export { FORM_KEYS, type FormKey } from "./manifest.ts";

/** The campaign parameters kept with a lead (B §3.5). */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
