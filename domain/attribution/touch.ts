import { UTM_KEYS } from "../forms/form-keys.ts";

/**
 * Campaign attribution (decision 105). A "touch" is how a visit began: its campaign tags (UTM),
 * the ad networks' click ids, the site it came from and the page it landed on. The first touch is
 * kept 90 days in a first-party cookie the browser writes (the pages come from a shared cache, so
 * the server never sets it) and the server reads with the lead; the last touch is the visit's own,
 * sent with the form. No personal data: tags, addresses and a date. Decision 105.
 */

export const CLICK_ID_KEYS = ["gclid", "fbclid", "gbraid", "wbraid"] as const;
/** Every tag of a touch, as they arrive in a query string. */
export const TOUCH_TAG_KEYS = [...UTM_KEYS, ...CLICK_ID_KEYS] as const;
export type TouchTag = (typeof TOUCH_TAG_KEYS)[number];

export const FIRST_TOUCH_COOKIE = "vertice_ft";
export const FIRST_TOUCH_DAYS = 90;

/**
 * A touch as kept (the cookie's JSON; touch-cookie.ts checks one read back). No zod here: this
 * module runs in the browser's after-page chunk, and zod there would cost 60 KB and an eval the
 * CSP refuses.
 */
export interface Touch {
  tags?: Partial<Record<TouchTag, string>>;
  /** The external site the visit came from (origin and path, no query); absent for a direct visit. */
  referrer?: string;
  /** The address the visit landed on, query included (its tags are what `tags` holds). */
  landing?: string;
  /** When (ISO date-time). */
  at?: string;
}

const SHARED_SUFFIX = /^(com|net|org|gov|edu|co|art|blog|app|ind|inf)\.[a-z]{2}$/;

/** Whether `other` is this site: the same host, a subdomain of one another, or a sibling segment subdomain. */
export function sameSite(host: string, other: string): boolean {
  const a = host.toLowerCase();
  const b = other.toLowerCase();
  if (a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`)) return true;
  const parentA = a.slice(a.indexOf(".") + 1);
  const parentB = b.slice(b.indexOf(".") + 1);
  return (
    a.includes(".") &&
    parentA === parentB &&
    (parentA.split(".").length >= 3 ||
      (parentA.includes(".") && !SHARED_SUFFIX.test(parentA)) ||
      parentA === "localhost")
  );
}

/** The first `max` characters of a text, never half of one (an emoji is two UTF-16 units). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

/** The tags of a query string (values cut at 200 characters). */
export function tagsFrom(search: string): Partial<Record<TouchTag, string>> {
  const params = new URLSearchParams(search);
  const tags: Partial<Record<TouchTag, string>> = {};
  for (const key of TOUCH_TAG_KEYS) {
    const value = params.get(key)?.trim();
    if (value) tags[key] = cut(value, 200);
  }
  return tags;
}

/**
 * An external referrer as kept: origin and path, its query (which may hold personal data) dropped;
 * undefined for this site's own pages (moving from the home to a form is not a source).
 */
export function externalReferrer(referrer: string, host: string): string | undefined {
  try {
    const url = new URL(referrer);
    if (!/^https?:$/.test(url.protocol) || sameSite(host, url.hostname)) return undefined;
    return cut(`${url.origin}${url.pathname}`, 500);
  } catch {
    return undefined;
  }
}

/** The touch of a page view: its address, the document's referrer, and the time. */
export function touchOf(href: string, referrer: string, at: Date): Touch {
  const url = new URL(href);
  const tags = tagsFrom(url.search);
  const from = referrer ? externalReferrer(referrer, url.hostname) : undefined;
  return {
    ...(Object.keys(tags).length ? { tags } : {}),
    ...(from ? { referrer: from } : {}),
    landing: cut(`${url.pathname}${url.search}`, 1_000),
    at: at.toISOString(),
  };
}

/** Whether a page view starts a new visit worth attributing: tagged, or from another site. */
export function isCampaignTouch(touch: Touch): boolean {
  return Boolean(touch.tags || touch.referrer);
}

/** Longest cookie value written: browsers keep about 4 KB per cookie, name and attributes included. */
const MAX_COOKIE_VALUE = 3_500;

/**
 * The cookie's value: URI-encoded JSON. A touch too long for a cookie (a landing address full of
 * escapes) keeps its tags and drops the landing's query, then the landing and referrer.
 */
export function encodeTouch(touch: Touch): string {
  const landingPath = touch.landing?.split("?")[0];
  const shorter: Touch[] = [
    touch,
    { ...touch, ...(landingPath ? { landing: landingPath } : {}) },
    { ...(touch.tags ? { tags: touch.tags } : {}), ...(touch.at ? { at: touch.at } : {}) },
  ];
  for (const candidate of shorter) {
    const value = encodeURIComponent(JSON.stringify(candidate));
    if (value.length <= MAX_COOKIE_VALUE) return value;
  }
  return encodeURIComponent(JSON.stringify({ ...(touch.at ? { at: touch.at } : {}) }));
}

/** A touch's source as reports group it: utm_source, else the ad network of a click id, else the referrer's host, else "direct". */
export function touchSource(touch: Touch | null | undefined): string {
  const tags = touch?.tags ?? {};
  if (tags.utm_source) return tags.utm_source;
  if (tags.gclid || tags.gbraid || tags.wbraid) return "google";
  if (tags.fbclid) return "facebook";
  if (touch?.referrer) {
    try {
      return new URL(touch.referrer).hostname.replace(/^www\./, "");
    } catch {}
  }
  return "direct";
}

/** What reports say of a first touch the visitor did not allow to be kept (no Medição, decision 123). */
export const NO_CONSENT = "sem consentimento";
/** That first touch: unknown, and said so rather than guessed from the last one. */
export const UNCONSENTED_TOUCH: Touch = Object.freeze({ tags: Object.freeze({ utm_source: NO_CONSENT }) });

/** A touch's medium: utm_medium, "cpc" for a click id, "referral" or "(none)". */
export function touchMedium(touch: Touch | null | undefined): string {
  if (touch === UNCONSENTED_TOUCH) return NO_CONSENT;
  const tags = touch?.tags ?? {};
  if (tags.utm_medium) return tags.utm_medium;
  if (tags.gclid || tags.gbraid || tags.wbraid || tags.fbclid) return "cpc";
  return touch?.referrer ? "referral" : "(none)";
}

/**
 * Where a visit came from, for people (the admin's leads and reports, the Jira ticket):
 * "google / cpc / black-friday"; a visit with no campaign and no referrer reads "Acesso direto", one
 * from another site "bing.com (outro site)", never the report tokens "direct / (none)" (decision 116).
 */
export function touchOrigin(touch: Touch | null | undefined): string {
  if (touch === UNCONSENTED_TOUCH) return NO_CONSENT;
  const campaign = touch?.tags?.utm_campaign;
  const source = touchSource(touch);
  const medium = touchMedium(touch);
  if (medium === "(none)" && source === "direct" && !campaign) return "Acesso direto";
  if (medium === "referral" && !touch?.tags?.utm_medium && !campaign) return `${source} (outro site)`;
  return [source, medium === "(none)" ? "" : medium, campaign].filter(Boolean).join(" / ");
}

/** One line for people: the origin, the click ids and the landing ("… · entrada em /demonstracao"). */
export function describeTouch(touch: Touch | null | undefined): string {
  if (!touch) return "";
  const ids = CLICK_ID_KEYS.filter((key) => touch.tags?.[key]).join(", ");
  return [touchOrigin(touch), ids ? `(${ids})` : "", touch.landing ? `· entrada em ${touch.landing}` : ""]
    .filter(Boolean)
    .join(" ");
}
