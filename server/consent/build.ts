import type { DomainParts, Platform } from "../wiring.ts";
import { MarketingTagsSettings } from "./marketing-tags.ts";
import { ConsentRecords } from "./records.ts";

/**
 * Cookie consent and marketing tags (decision 123): the tags staff turn on, and the record of every
 * visitor's choice. The retention job (server/privacy) deletes old records with the leads' period.
 */
export function buildConsent(platform: Platform) {
  const { db, cache, audit, seams } = platform;
  return {
    services: {
      /** The marketing tags staff turn on (GTM, GA4, Meta Pixel, Clarity, LinkedIn). */
      marketingTags: new MarketingTagsSettings(db, cache, audit, seams.now),
      /** Each visitor's cookie choice, the controller's proof. */
      consentRecords: new ConsentRecords(db, seams.now),
    },
  } satisfies DomainParts<object>;
}
