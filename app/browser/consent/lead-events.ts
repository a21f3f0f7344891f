import { grantedNow, type PrivacySignals, readChoice } from "@domain/consent/choice.ts";
import { type TagWindow, trackLeadEvents } from "./load-tags.ts";

/**
 * A lead's success events (GA4's generate_lead, Meta's Lead) under the choice the browser holds
 * now: Marketing granted, and the tags loaded (decision 123). Nothing happens otherwise.
 */
export function trackLead(lead: { form: string; temperature: string }): void {
  try {
    const granted = grantedNow(readChoice(document.cookie), null, navigator as Navigator & PrivacySignals);
    trackLeadEvents(lead, granted, window as unknown as TagWindow);
  } catch {}
}
