import {
  CLICK_ID_KEYS,
  encodeTouch,
  FIRST_TOUCH_COOKIE,
  FIRST_TOUCH_DAYS,
  type Touch,
  touchOf,
} from "@domain/attribution/touch.ts";
import type { Granted } from "@domain/consent/choice.ts";

/**
 * Runs after the page (in the after-page chunk, app/browser/after-page.ts: public pages carry nothing
 * for it before interaction), with what the visitor's cookie choice grants (decision 123). Keeps the
 * visit's own campaign tags for the session (the forms send them: no cookie, no identifier), the
 * ad networks' click ids among them only with Marketing; writes the first-touch cookie once, for
 * 90 days, only with Medição (its click ids, again, only with Marketing).
 */
export const LAST_TOUCH_KEY = "vertice-utm";

export function rememberTouch(granted: Granted, now = new Date()): void {
  const touch = withoutClickIds(touchOf(window.location.href, document.referrer, now), granted.marketing);
  try {
    // The forms send these tags as the lead's last touch (storedUtm in app/browser/outbox.ts).
    if (touch.tags) sessionStorage.setItem(LAST_TOUCH_KEY, JSON.stringify(touch.tags));
  } catch {}
  if (!granted.measurement) return;
  if (document.cookie.split("; ").some((c) => c.startsWith(`${FIRST_TOUCH_COOKIE}=`))) return;
  // A visit straight to an inner page with nothing to attribute still is the first touch: direct.
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${FIRST_TOUCH_COOKIE}=${encodeTouch(touch)}; Max-Age=${FIRST_TOUCH_DAYS * 86400}; Path=/; SameSite=Lax${secure}`;
}

/** The touch without the ad networks' click ids, unless Marketing is granted. */
export function withoutClickIds(touch: Touch, marketing: boolean): Touch {
  if (marketing || !touch.tags) return touch;
  const tags = Object.fromEntries(
    Object.entries(touch.tags).filter(([key]) => !(CLICK_ID_KEYS as readonly string[]).includes(key)),
  );
  return { ...touch, tags: Object.keys(tags).length ? tags : undefined };
}
