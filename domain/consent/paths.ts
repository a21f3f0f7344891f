/** Where the browser records a cookie choice (server/consent/http.ts). */
export const CONSENT_PATH = "/api/consent";
/** A choice's record is a few hundred bytes. */
export const CONSENT_MAX_BYTES = 2 * 1024;
