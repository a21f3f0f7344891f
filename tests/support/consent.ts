import { encodeChoice, type Granted } from "@domain/consent/choice.ts";
import { CONSENT_COOKIE, COOKIE_LIST_VERSION } from "@domain/consent/cookie-list.ts";

/**
 * The cookie of a visitor who answered the cookie choice (decision 123) for the current list with no
 * tags configured: by default 'Aceitar todos', as the tests written before the choice saw the site.
 */
export function consentCookie(granted: Granted = { measurement: true, marketing: true }): string {
  const value = encodeChoice({
    id: "00000000-0000-4000-8000-000000000000",
    version: String(COOKIE_LIST_VERSION),
    ...granted,
    method: granted.measurement && granted.marketing ? "accept_all" : "custom",
    at: 1_796_000_000,
  });
  return `${CONSENT_COOKIE}=${value}`;
}
