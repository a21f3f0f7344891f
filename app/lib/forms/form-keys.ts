/** The forms of the site (content documents form-{key}). */
export const FORM_KEYS = ["demo", "parceiros", "contato", "trial", "newsletter", "whatsapp"] as const;
export type FormKey = (typeof FORM_KEYS)[number];

/** The campaign parameters kept with a lead (B §3.5). */
export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
