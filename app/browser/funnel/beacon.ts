import {
  FUNNEL_ATTRIBUTE,
  FUNNEL_BOOKED_ATTRIBUTE,
  FUNNEL_DONE_ATTRIBUTE,
  FUNNEL_MAX_EVENTS,
  FUNNEL_PATH,
  FUNNEL_STEP_ATTRIBUTE,
  type FunnelEventType,
  funnelAllowed,
} from "@domain/funnel/events.ts";
import { storedUtm } from "../outbox.ts";

/**
 * The funnel's first-party beacon (decision 104). Loaded after the page, when the
 * browser is idle (app/browser/after-page.ts): it adds nothing to what a page loads before interaction.
 *
 * Forms take part through attributes only (so they need none of this code): `data-funnel="{form}"`
 * on the element around the form, `data-funnel-step` with the 0-based step a multi-step form shows,
 * `data-funnel-done` while it shows that the submission was stored, `data-funnel-booked` inside it once
 * a demonstration is booked there. From these it records, once per page view and form: shown (any
 * part of it came into view), touched (a field was focused or changed), step N reached, submitted,
 * booked. The events wait in memory and leave in one `sendBeacon` when
 * the page is hidden or left (or when 30 are waiting): nothing is sent while the page loads.
 *
 * Nothing here names a person: a random id per page view (in memory only, never a cookie or
 * storage), the page's language, the visit's UTM tags and the host of the site before ours. With Do
 * Not Track or Global Privacy Control on it records, stores and sends nothing.
 */

interface QueuedEvent {
  form: string;
  type: FunnelEventType;
  step?: number;
}

/** The host of the site before ours when this tab's visit began (kept for the tab, like the UTM tags). */
const LANDING_REFERRER_KEY = "vertice-origem";

interface FunnelWindow {
  document: Document;
  location: Location;
  navigator: Navigator & { globalPrivacyControl?: boolean };
  sessionStorage?: Storage;
  IntersectionObserver?: typeof IntersectionObserver;
  MutationObserver: typeof MutationObserver;
  addEventListener: Window["addEventListener"];
  fetch: typeof fetch;
  crypto?: Crypto;
  doNotTrack?: string | null;
}

export interface FunnelWatcher {
  /** Sends what is waiting (the page does it itself when hidden or left). */
  flush(): void;
  /** Stops watching (tests). */
  stop(): void;
}

let current: FunnelWatcher | null = null;

/** Starts the funnel on this page once; null when the visitor's browser asks not to be tracked. */
export function watchFunnel(win: FunnelWindow = window as unknown as FunnelWindow): FunnelWatcher | null {
  if (current) return current;
  const { document: doc, navigator: nav } = win;
  if (
    !funnelAllowed({
      doNotTrack: nav.doNotTrack ?? win.doNotTrack,
      globalPrivacyControl: nav.globalPrivacyControl,
    })
  )
    return null;

  const referrer = landingReferrer(win);
  let view = "";
  let path: string | null = null;
  let lang = "pt";
  let recorded = new Set<string>();
  let queue: QueuedEvent[] = [];
  const watched = new WeakSet<Element>();

  const flush = () => {
    if (!queue.length) return;
    const utm = storedUtm();
    const body = JSON.stringify({
      view,
      lang,
      ...(utm && Object.keys(utm).length ? { utm } : {}),
      ...(referrer ? { referrer } : {}),
      events: queue,
    });
    queue = [];
    let queued = false;
    try {
      queued = nav.sendBeacon?.(FUNNEL_PATH, body) ?? false;
    } catch {}
    if (!queued)
      void win
        .fetch(FUNNEL_PATH, { method: "POST", body, keepalive: true, credentials: "same-origin" })
        .catch(() => {});
  };

  /** A new page view begins at each new address (a client-side navigation too). */
  const viewOfPage = () => {
    if (win.location.pathname === path) return;
    flush();
    path = win.location.pathname;
    view = randomId(win);
    lang = (doc.documentElement.lang || "pt").slice(0, 2).toLowerCase();
    recorded = new Set();
  };

  const record = (element: Element, type: FunnelEventType, step?: number) => {
    const form = element.getAttribute(FUNNEL_ATTRIBUTE);
    if (!form) return;
    viewOfPage();
    const key = `${form} ${type} ${step ?? ""}`;
    if (recorded.has(key)) return;
    recorded.add(key);
    queue.push(step ? { form, type, step } : { form, type });
    if (queue.length >= FUNNEL_MAX_EVENTS) flush();
  };

  // Forms stay observed: one that outlives a navigation (the chat popup) is shown again in the next view.
  const visible = win.IntersectionObserver
    ? new win.IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          // A success screen that replaced its form counts as submitted, not as a form shown again.
          if (!entry.target.hasAttribute(FUNNEL_DONE_ATTRIBUTE)) record(entry.target, "shown");
        }
      })
    : null;

  /** Reads every form's state: new forms are watched, steps and submissions recorded. */
  const scan = () => {
    for (const element of doc.querySelectorAll(`[${FUNNEL_ATTRIBUTE}]`)) {
      if (!watched.has(element)) {
        watched.add(element);
        visible?.observe(element);
      }
      const step = Number(element.getAttribute(FUNNEL_STEP_ATTRIBUTE));
      // A demonstration booked on the success screen is a submission too.
      const booked = element.querySelector(`[${FUNNEL_BOOKED_ATTRIBUTE}]`) !== null;
      const done = booked || element.hasAttribute(FUNNEL_DONE_ATTRIBUTE);
      // Nobody reaches step 2 or sends a form without seeing it and touching a field: said here
      // too, for a visitor quicker than this script (it starts when the browser is idle).
      // Step N (1-based) is reached through every step before it.
      if ((Number.isInteger(step) && step >= 1) || done) {
        record(element, "shown");
        record(element, "touched");
      }
      if (Number.isInteger(step)) for (let n = 2; n <= step + 1; n++) record(element, "step", n);
      if (done) record(element, "submitted");
      if (booked) record(element, "booked");
    }
  };

  const touched = (event: Event) => {
    const target = event.target as Element | null;
    if (!target || !/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    if ((target as HTMLInputElement).type === "hidden") return;
    const form = target.closest(`[${FUNNEL_ATTRIBUTE}]`);
    if (!form || form.hasAttribute(FUNNEL_DONE_ATTRIBUTE)) return;
    record(form, "shown");
    record(form, "touched");
  };

  let scheduled = false;
  const mutations = new win.MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      scan();
    });
  });
  mutations.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [FUNNEL_ATTRIBUTE, FUNNEL_STEP_ATTRIBUTE, FUNNEL_DONE_ATTRIBUTE],
  });
  const hidden = () => {
    if (doc.visibilityState === "hidden") flush();
  };
  doc.addEventListener("focusin", touched, true);
  doc.addEventListener("change", touched, true);
  doc.addEventListener("visibilitychange", hidden);
  win.addEventListener("pagehide", flush);
  scan();
  // A visitor quicker than the browser's idle time may be in a field already.
  if (doc.activeElement) touched({ target: doc.activeElement } as unknown as Event);

  current = {
    flush,
    stop() {
      mutations.disconnect();
      visible?.disconnect();
      doc.removeEventListener("focusin", touched, true);
      doc.removeEventListener("change", touched, true);
      doc.removeEventListener("visibilitychange", hidden);
      current = null;
    },
  };
  return current;
}

function randomId(win: FunnelWindow): string {
  if (win.crypto?.randomUUID) return win.crypto.randomUUID();
  const bytes = new Uint8Array(16);
  win.crypto?.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The host of the site this tab's visit came from, read once per tab (the first page the beacon
 * runs on) and kept for the tab: a later full page load has our own site as its referrer.
 */
function landingReferrer(win: FunnelWindow): string | undefined {
  let host: string | null = null;
  try {
    host = win.sessionStorage?.getItem(LANDING_REFERRER_KEY) ?? null;
  } catch {}
  if (host === null) {
    try {
      host = win.document.referrer ? new URL(win.document.referrer).hostname : "";
    } catch {
      host = "";
    }
    try {
      win.sessionStorage?.setItem(LANDING_REFERRER_KEY, host);
    } catch {}
  }
  return host || undefined;
}
