/**
 * The form funnel (decision 104): what the first-party beacon records and the
 * rules shared by the browser, the server and the admin. No zod here: the beacon is a public chunk
 * (decision 035); the request schema is in ./schema.ts, for the server only.
 */

/** Where the beacon posts its batches (answered by Express, server/http/funnel-beacon.ts). */
export const FUNNEL_PATH = "/api/leads/funnel";

/**
 * What happens to a form: it came into view, a field of it was touched (focused or changed), the
 * visitor reached step N (N ≥ 2; step 1 is the form shown), it was sent and stored, and (for the
 * forms that book demonstrations, decision 138) a demonstration was booked on its success screen.
 */
export const FUNNEL_EVENTS = ["shown", "touched", "step", "submitted", "booked"] as const;
export type FunnelEventType = (typeof FUNNEL_EVENTS)[number];

/** Events in one batch at most: a page has few forms, each with a few events (decision 104). */
export const FUNNEL_MAX_EVENTS = 30;
/** A batch's body at most, in bytes (30 events are under 2 KB). */
export const FUNNEL_MAX_BYTES = 4 * 1024;
/** The highest step number a `step` event may name. */
export const FUNNEL_MAX_STEP = 20;

/** The DOM contract between the forms and the beacon (app/browser/funnel/beacon.ts). */
export const FUNNEL_ATTRIBUTE = "data-funnel";
/** The 0-based index of the step a multi-step form shows. */
export const FUNNEL_STEP_ATTRIBUTE = "data-funnel-step";
/** Present while the form shows that its submission was stored (success screen or message). */
export const FUNNEL_DONE_ATTRIBUTE = "data-funnel-done";
/** On the confirmation of a demonstration booked inside a form's success screen. */
export const FUNNEL_BOOKED_ATTRIBUTE = "data-funnel-booked";

/** The browser's privacy signals the beacon reads. */
export interface PrivacySignals {
  /** navigator.doNotTrack (or window.doNotTrack in older browsers): "1" asks not to be tracked. */
  doNotTrack?: string | null;
  /** Global Privacy Control (navigator.globalPrivacyControl): true refuses the sale or sharing of data. */
  globalPrivacyControl?: boolean | null;
}

/**
 * Whether the beacon may record anything in this browser: never with Do Not Track or Global
 * Privacy Control on. The funnel keeps no personal data, sets no cookie and reads none, so it asks
 * no consent (decision 104); these signals are a refusal and are honoured as one.
 */
export function funnelAllowed(signals: PrivacySignals): boolean {
  const dnt = String(signals.doNotTrack ?? "").toLowerCase();
  if (dnt === "1" || dnt === "yes") return false;
  return signals.globalPrivacyControl !== true;
}

/** The same refusal as request headers (`DNT: 1`, `Sec-GPC: 1`): the server drops such a batch. */
export function headersRefuseTracking(headers: Record<string, string | string[] | undefined>): boolean {
  return String(headers.dnt ?? "").trim() === "1" || String(headers["sec-gpc"] ?? "").trim() === "1";
}

/** Where a visit came from, as the funnel and the leads-by-source table count it. */
export interface TrafficSource {
  source: string;
  medium: string;
  campaign: string;
}

/** No campaign tag and no other site before ours. */
export const DIRECT: TrafficSource = { source: "(direct)", medium: "(none)", campaign: "" };
/** Tagged with a campaign but no medium. */
export const NO_MEDIUM = "(not set)";

const SEARCH_ENGINES: Array<[RegExp, string]> = [
  [/(^|\.)google\.[a-z.]+$/, "google"],
  [/(^|\.)bing\.com$/, "bing"],
  [/(^|\.)duckduckgo\.com$/, "duckduckgo"],
  [/(^|\.)search\.yahoo\.com$|(^|\.)yahoo\.com$/, "yahoo"],
  [/(^|\.)ecosia\.org$/, "ecosia"],
  [/(^|\.)yandex\.[a-z.]+$/, "yandex"],
  [/(^|\.)baidu\.com$/, "baidu"],
];
const SOCIAL: Array<[RegExp, string]> = [
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$/, "facebook"],
  [/(^|\.)instagram\.com$/, "instagram"],
  [/(^|\.)(linkedin\.com|lnkd\.in)$/, "linkedin"],
  [/(^|\.)(twitter\.com|x\.com|t\.co)$/, "x"],
  [/(^|\.)(youtube\.com|youtu\.be)$/, "youtube"],
  [/(^|\.)(whatsapp\.com|wa\.me)$/, "whatsapp"],
  [/(^|\.)tiktok\.com$/, "tiktok"],
  [/(^|\.)pinterest\.[a-z.]+$/, "pinterest"],
];

/** A tag value as counted: trimmed, at most 100 characters, never an e-mail address. */
export function tagValue(value: string | undefined | null): string {
  const trimmed = (value ?? "").trim().slice(0, 100);
  // A campaign tag that carries an address (utm_content=ana@…) would be personal data.
  return trimmed.includes("@") ? "(removido)" : trimmed;
}

/** The host name of an address, lower case, without `www.`; null when it is none. */
export function hostOf(address: string | undefined | null): string | null {
  if (!address) return null;
  try {
    const host = new URL(address.includes("://") ? address : `https://${address}`).hostname.toLowerCase();
    return host ? host.replace(/^www\./, "") : null;
  } catch {
    return null;
  }
}

/**
 * The source, medium and campaign of a visit (last touch): its UTM tags when it has them;
 * otherwise the site before ours, as search ("organic"), social ("social") or another site
 * ("referral"); otherwise "(direct)". `ownHosts` are this site's hosts (a referrer from one of
 * them is a navigation inside the site, not a source). The one place both the funnel and the
 * leads-by-source table decide it; first-touch attribution (decision 105) builds on it.
 */
export function trafficSource(
  visit: { utm?: Partial<Record<string, string>> | null; referrer?: string | null },
  ownHosts: (host: string) => boolean = () => false,
): TrafficSource {
  const source = tagValue(visit.utm?.utm_source);
  if (source) {
    return {
      source,
      medium: tagValue(visit.utm?.utm_medium) || NO_MEDIUM,
      campaign: tagValue(visit.utm?.utm_campaign),
    };
  }
  const host = hostOf(visit.referrer);
  if (!host || ownHosts(host)) return DIRECT;
  const engine = SEARCH_ENGINES.find(([pattern]) => pattern.test(host));
  if (engine) return { source: engine[1], medium: "organic", campaign: "" };
  const social = SOCIAL.find(([pattern]) => pattern.test(host));
  if (social) return { source: social[1], medium: "social", campaign: "" };
  return { source: tagValue(host), medium: "referral", campaign: "" };
}
