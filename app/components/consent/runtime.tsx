import { FIRST_TOUCH_COOKIE } from "@domain/attribution/touch.ts";
import {
  type Choice,
  choiceCookie,
  type Granted,
  grantedBy,
  grantedNow,
  NOTHING_GRANTED,
  needsChoice,
  type PrivacySignals,
  readChoice,
  refusesTracking,
} from "@domain/consent/choice.ts";
import {
  CONSENT_CONFIG_ID,
  type ConsentPageConfig,
  parseConsentConfig,
} from "@domain/consent/page-config.ts";
import { CONSENT_PATH } from "@domain/consent/paths.ts";
import { consentTexts } from "@domain/consent/texts.ts";
import { createRoot, type Root } from "react-dom/client";
import { applyTags, type TagWindow } from "../../browser/consent/load-tags.ts";
import { ConsentBanner, type Decision } from "./ConsentBanner.tsx";

/** The cookies an optional category's tags set: removed when the category is withdrawn. */
const OPTIONAL_COOKIES = [FIRST_TOUCH_COOKIE, "_ga", "_gid", "_gcl_au", "_clck", "_clsk", "_fbp", "li_sugr"];

/**
 * The cookie choice in the browser (decision 123): started once the page is interactive (the
 * after-page chunk), it asks when there is no choice for this version of the list, applies the one
 * there is, and reopens from any `[data-consent-open]` link (the footer's). `onGranted` hears every
 * choice, the stored one first: the first touch is kept only with Medição (decision 105).
 */
export function startConsent(onGranted: (granted: Granted) => void): void {
  const signals = navigator as Navigator & PrivacySignals;
  const stored = readChoice(document.cookie);
  const config = parseConsentConfig(document.getElementById(CONSENT_CONFIG_ID)?.textContent);
  // A page without the block (sign-in, the portal, the admin) asks nothing and loads no tag.
  if (!config) {
    onGranted(grantedNow(stored, null, signals));
    return;
  }
  const session = new ConsentSession(config, stored, signals, onGranted);
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("[data-consent-open]") : null;
    if (!link) return;
    event.preventDefault();
    session.show(true, link instanceof HTMLElement ? link : null);
  });
  session.begin();
}

class ConsentSession {
  private root: Root | null = null;
  private container: HTMLElement | null = null;
  private granted: Granted;

  constructor(
    private readonly config: ConsentPageConfig,
    private choice: Choice | null,
    private readonly signals: PrivacySignals,
    private readonly onGranted: (granted: Granted) => void,
  ) {
    this.granted = grantedNow(choice, config.version, signals);
  }

  begin(): void {
    if (!needsChoice(this.choice, this.config.version)) this.apply();
    // The browser already said no (GPC, DNT): that is the choice, recorded, and nothing is asked.
    else if (refusesTracking(this.signals)) this.decide({ method: "reject_all" }, "browser_signal");
    else {
      this.onGranted(NOTHING_GRANTED);
      this.show(false, null);
    }
  }

  show(reopened: boolean, returnTo: HTMLElement | null): void {
    if (!this.container) {
      this.container = document.createElement("div");
      this.container.className = "consent-root";
      // First in the page's order: a screen reader and the Tab key meet the choice first.
      document.body.prepend(this.container);
      this.root = createRoot(this.container);
    }
    const texts = consentTexts[this.config.lang];
    this.root!.render(
      <ConsentBanner
        key={reopened ? "reopened" : "first"}
        texts={texts}
        policyUrl={this.config.policyUrl}
        granted={this.granted}
        signal={refusesTracking(this.signals)}
        reopened={reopened}
        onDecide={(decision) => {
          this.decide(decision);
          this.close();
          returnTo?.focus();
        }}
        onHeight={reserveRoom}
      />,
    );
  }

  private close(): void {
    this.root?.unmount();
    this.container?.remove();
    this.root = null;
    this.container = null;
    document.documentElement.style.removeProperty("--consent-height");
  }

  private decide(decision: Decision, method: Choice["method"] = decision.method): void {
    const ticked = decision.method === "custom" ? decision.ticked : NOTHING_GRANTED;
    const granted = grantedBy(method, ticked, this.signals);
    const withdrawn =
      (this.granted.measurement && !granted.measurement) || (this.granted.marketing && !granted.marketing);
    const choice: Choice = {
      id: this.choice?.id ?? crypto.randomUUID(),
      version: this.config.version,
      ...granted,
      method,
      at: Math.floor(Date.now() / 1000),
    };
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
    document.cookie = choiceCookie(choice, location.protocol === "https:");
    this.choice = choice;
    this.granted = granted;
    if (withdrawn) forgetOptionalCookies();
    record(choice);
    this.apply();
  }

  private apply(): void {
    applyTags(this.config.tags, this.granted, window as unknown as TagWindow, document);
    this.onGranted(this.granted);
  }
}

/** The page keeps room for the choice below its last line and above what is scrolled to (app.css). */
function reserveRoom(height: number): void {
  document.documentElement.style.setProperty("--consent-height", `${Math.ceil(height)}px`);
}

/** The record of a choice, the proof the controller keeps (LGPD art. 8 §2). Never delays the page. */
function record(choice: Choice): void {
  const body = JSON.stringify({
    id: choice.id,
    version: choice.version,
    measurement: choice.measurement,
    marketing: choice.marketing,
    method: choice.method,
    page: location.pathname,
  });
  void fetch(CONSENT_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => {});
}

/** Removes the optional categories' cookies from this host and its parent domains. */
function forgetOptionalCookies(): void {
  const names = new Set<string>();
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]!.trim();
    if (OPTIONAL_COOKIES.includes(name) || name.startsWith("_ga_")) names.add(name);
  }
  const labels = location.hostname.split(".");
  const domains = [""];
  for (let i = 0; i < labels.length - 1; i++) domains.push(`; Domain=${labels.slice(i).join(".")}`);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  for (const name of names)
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain}`;
}
