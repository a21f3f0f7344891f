import { encodeTouch, FIRST_TOUCH_COOKIE, FIRST_TOUCH_DAYS, touchOf } from "./touch.ts";

/**
 * Runs after the page (in the after-page chunk, app/lib/after-page.ts: public pages carry nothing
 * for it before interaction). Keeps the visit's last touch for the session, and writes the
 * first-touch cookie once, for 90 days. Visitors who ask not to be tracked (Do Not Track, Global
 * Privacy Control) get neither.
 */
export const LAST_TOUCH_KEY = "vertice-utm";

export function rememberTouch(now = new Date()): void {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  if (nav.doNotTrack === "1" || nav.globalPrivacyControl === true) return;
  const touch = touchOf(window.location.href, document.referrer, now);
  try {
    // The forms send these tags as the lead's last touch (storedUtm in app/lib/outbox.ts).
    if (touch.tags) sessionStorage.setItem(LAST_TOUCH_KEY, JSON.stringify(touch.tags));
  } catch {}
  if (document.cookie.split("; ").some((c) => c.startsWith(`${FIRST_TOUCH_COOKIE}=`))) return;
  // A visit straight to an inner page with nothing to attribute still is the first touch: direct.
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${FIRST_TOUCH_COOKIE}=${encodeTouch(touch)}; Max-Age=${FIRST_TOUCH_DAYS * 86400}; Path=/; SameSite=Lax${secure}`;
}
