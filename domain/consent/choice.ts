import { CONSENT_COOKIE, CONSENT_DAYS } from "./cookie-list.ts";
import type { OptionalCategory } from "./providers.ts";

/**
 * A visitor's cookie choice (decision 123), as kept in the necessary cookie `vertice_consent` and
 * recorded by POST /api/consent: the anonymous id of the record, the list version it was made
 * against, the optional categories granted, how it was made and when. Plain functions over strings
 * so that the banner, the forms and the server read it by the same rules. The server reads the
 * cookie as any input from the browser: decodeChoice refuses anything not of this form.
 */

export const CHOICE_METHODS = ["accept_all", "reject_all", "custom", "browser_signal"] as const;
export type ChoiceMethod = (typeof CHOICE_METHODS)[number];

export type Granted = Record<OptionalCategory, boolean>;

export interface Choice extends Granted {
  id: string;
  version: string;
  method: ChoiceMethod;
  /** When, in whole seconds since the epoch. */
  at: number;
}

/** A choice's anonymous id: a random UUID the browser drew. */
export const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A list version: COOKIE_LIST_VERSION and the configured providers (cookie-list.ts consentVersion). */
export const LIST_VERSION = /^[0-9a-zA-Z:+]{1,80}$/;

export const NOTHING_GRANTED: Granted = { measurement: false, marketing: false };

/** The cookie's value: `id.version.flags.method.at`, URL-safe, no separator a cookie refuses. */
export function encodeChoice(choice: Choice): string {
  const flags = `${choice.measurement ? 1 : 0}${choice.marketing ? 1 : 0}`;
  return [choice.id, encodeURIComponent(choice.version), flags, choice.method, choice.at].join(".");
}

/** A cookie value read back, or null when it is not a choice of this form. */
export function decodeChoice(value: string | null | undefined): Choice | null {
  if (!value || value.length > 200) return null;
  const [id, rawVersion, flags, method, at, ...rest] = value.split(".");
  if (rest.length || !id || !VISITOR_ID.test(id) || !flags || !/^[01]{2}$/.test(flags)) return null;
  let version: string;
  try {
    version = decodeURIComponent(rawVersion ?? "");
  } catch {
    return null;
  }
  if (!LIST_VERSION.test(version) || !(CHOICE_METHODS as readonly string[]).includes(method ?? ""))
    return null;
  const seconds = Number(at);
  if (!Number.isSafeInteger(seconds) || seconds <= 0) return null;
  return {
    id,
    version,
    measurement: flags[0] === "1",
    marketing: flags[1] === "1",
    method: method as ChoiceMethod,
    at: seconds,
  };
}

/** The choice in a Cookie header (or document.cookie), or null. */
export function readChoice(cookieHeader: string | null | undefined): Choice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === CONSENT_COOKIE)
      return decodeChoice(part.slice(index + 1).trim());
  }
  return null;
}

/** The Set-Cookie (document.cookie) line that keeps a choice: a necessary, first-party cookie. */
export function choiceCookie(choice: Choice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${encodeChoice(choice)}; Max-Age=${CONSENT_DAYS * 86400}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether the visitor must be asked: no choice yet, or one made against another version of the list. */
export function needsChoice(choice: Choice | null, version: string): boolean {
  return !choice || choice.version !== version;
}

/** What a browser says of tracking: Do Not Track or Global Privacy Control refuse both optional categories. */
export interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
  msDoNotTrack?: string;
}

export function refusesTracking(signals: PrivacySignals): boolean {
  return signals.doNotTrack === "1" || signals.msDoNotTrack === "1" || signals.globalPrivacyControl === true;
}

/**
 * What may run now: nothing optional before a choice or after one made against another version;
 * a browser's refusal signal wins over any choice.
 */
export function grantedNow(choice: Choice | null, version: string | null, signals: PrivacySignals): Granted {
  if (!choice || refusesTracking(signals)) return NOTHING_GRANTED;
  if (version !== null && choice.version !== version) return NOTHING_GRANTED;
  return { measurement: choice.measurement, marketing: choice.marketing };
}

/** The categories a method grants: all, none, or what the visitor ticked. */
export function grantedBy(method: ChoiceMethod, ticked: Granted, signals: PrivacySignals): Granted {
  if (method === "reject_all" || method === "browser_signal" || refusesTracking(signals))
    return NOTHING_GRANTED;
  if (method === "accept_all") return { measurement: true, marketing: true };
  return { measurement: ticked.measurement, marketing: ticked.marketing };
}
