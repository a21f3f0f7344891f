import type { OfferedLanguage } from "@domain/locale.ts";

/** Where the newsletter's one-click unsubscribe is posted (RFC 8058; server/http/newsletter-unsubscribe.ts). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/newsletter/unsubscribe";
/** The page that confirms an unsubscribe with a button (app/routes/newsletter-unsubscribe.tsx). */
export const UNSUBSCRIBE_PAGE_PATH = "/newsletter/cancelar";

/** The page that confirms an unsubscribe, in the subscriber's language ("" as base: a path). */
export function unsubscribePageUrl(publicBaseUrl: string, language: OfferedLanguage, token: string): string {
  const prefix = language === "pt" ? "" : `/${language}`;
  return `${publicBaseUrl}${prefix}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The address mail clients post `List-Unsubscribe=One-Click` to (RFC 8058). */
export function oneClickUnsubscribeUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
