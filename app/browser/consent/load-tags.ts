import type { Granted } from "@domain/consent/choice.ts";
import {
  configuredProviders,
  type MarketingTags,
  TAG_PROVIDERS,
  type TagProviderId,
} from "@domain/consent/providers.ts";

/**
 * The configured marketing tags, loaded in the browser only once their category is granted
 * (decision 123), each from its vendor's address (the page's CSP allows exactly those). Google's
 * tags get Consent Mode v2: everything denied by default before their script, then updated with the
 * choice. The vendors' own inline snippets are written out here as code of this origin, so the page
 * needs no inline script for them.
 */

type Queue = ((...args: unknown[]) => void) & { q?: unknown[][]; queue?: unknown[][] };

export interface TagWindow {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  fbq?: Queue & {
    callMethod?: (...args: unknown[]) => void;
    loaded?: boolean;
    version?: string;
    push?: unknown;
  };
  _fbq?: unknown;
  clarity?: Queue;
  lintrk?: Queue;
  _linkedin_partner_id?: string;
  _linkedin_data_partner_ids?: string[];
}

/** Consent Mode v2's four signals for a choice. */
export function consentModeOf(granted: Granted): Record<string, "granted" | "denied"> {
  const of = (on: boolean) => (on ? "granted" : "denied");
  return {
    analytics_storage: of(granted.measurement),
    ad_storage: of(granted.marketing),
    ad_user_data: of(granted.marketing),
    ad_personalization: of(granted.marketing),
  };
}

/** The providers a choice lets load, in the fixed order. */
export function providersAllowed(tags: MarketingTags, granted: Granted): TagProviderId[] {
  return configuredProviders(tags).filter((id) => granted[TAG_PROVIDERS[id].category]);
}

const loaded = new Set<TagProviderId>();

function addScript(doc: Document, src: string): void {
  const script = doc.createElement("script");
  script.async = true;
  script.src = src;
  doc.head.append(script);
}

function googleTag(win: TagWindow): (...args: unknown[]) => void {
  if (!win.gtag) {
    win.dataLayer ??= [];
    // gtag.js reads the arguments objects it was given, as Google's snippet pushes them.
    win.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js expects the arguments object itself.
      win.dataLayer!.push(arguments);
    };
    win.gtag("consent", "default", {
      ...consentModeOf({ measurement: false, marketing: false }),
      wait_for_update: 500,
    });
  }
  return win.gtag;
}

const loaders: Record<TagProviderId, (id: string, win: TagWindow, doc: Document) => void> = {
  gtm(id, win, doc) {
    googleTag(win);
    win.dataLayer!.push({ "gtm.start": Date.now(), event: "gtm.js" });
    addScript(doc, `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`);
  },
  ga4(id, win, doc) {
    const gtag = googleTag(win);
    gtag("js", new Date());
    gtag("config", id);
    addScript(doc, `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
  },
  metaPixel(id, win, doc) {
    if (!win.fbq) {
      const fbq: NonNullable<TagWindow["fbq"]> = (...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod(...args);
        else fbq.queue!.push(args);
      };
      fbq.push = fbq;
      fbq.loaded = true;
      fbq.version = "2.0";
      fbq.queue = [];
      win.fbq = fbq;
      win._fbq = fbq;
    }
    addScript(doc, "https://connect.facebook.net/en_US/fbevents.js");
    win.fbq("init", id);
    win.fbq("track", "PageView");
  },
  clarity(id, win, doc) {
    if (!win.clarity) {
      const clarity: Queue = (...args: unknown[]) => {
        clarity.q ??= [];
        clarity.q.push(args);
      };
      win.clarity = clarity;
    }
    addScript(doc, `https://www.clarity.ms/tag/${encodeURIComponent(id)}`);
  },
  linkedIn(id, win, doc) {
    win._linkedin_partner_id = id;
    win._linkedin_data_partner_ids = [...(win._linkedin_data_partner_ids ?? []), id];
    if (!win.lintrk) {
      const lintrk: Queue = (...args: unknown[]) => {
        lintrk.q ??= [];
        lintrk.q.push(args);
      };
      win.lintrk = lintrk;
    }
    addScript(doc, "https://snap.licdn.com/li.lms-analytics/insight.min.js");
  },
};

/**
 * Brings the page's tags in line with a choice: Google's consent updated, and each tag now granted
 * loaded once. A tag already loaded stays for this page (a script cannot be taken back); the choice
 * withdrawn, it is denied through Consent Mode and not loaded on the next page.
 */
export function applyTags(
  tags: MarketingTags,
  granted: Granted,
  win: TagWindow,
  doc: Document,
): TagProviderId[] {
  if (win.gtag) win.gtag("consent", "update", consentModeOf(granted));
  const added: TagProviderId[] = [];
  for (const id of providersAllowed(tags, granted)) {
    if (loaded.has(id)) continue;
    loaded.add(id);
    loaders[id](tags[id]!, win, doc);
    added.push(id);
  }
  if (added.some((id) => id === "gtm" || id === "ga4"))
    win.gtag?.("consent", "update", consentModeOf(granted));
  return added;
}

/** A lead's success (A §5): GA4's generate_lead and Meta's Lead, with Marketing consent only. */
export function trackLeadEvents(
  lead: { form: string; temperature: string },
  granted: Granted,
  win: TagWindow,
): void {
  if (!granted.marketing) return;
  try {
    win.gtag?.("event", "generate_lead", { form: lead.form, temperature: lead.temperature });
  } catch {}
  try {
    win.fbq?.("track", "Lead", { form: lead.form, temperature: lead.temperature });
  } catch {}
}
