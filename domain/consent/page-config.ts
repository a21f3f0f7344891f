import { configuredProviders, type MarketingTags, TAG_PROVIDER_IDS, TAG_PROVIDERS } from "./providers.ts";

/**
 * What a public page tells the browser of its cookie choice (decision 123): the list's version, the
 * language, the privacy policy's address and the configured tags. A JSON data block, the same for
 * every visitor (the page stays cacheable by anyone); the server builds the page's CSP from the
 * same block, so the page allows exactly the hosts of the tags it may load.
 */
export const CONSENT_CONFIG_ID = "consent-config";

export interface ConsentPageConfig {
  version: string;
  lang: "pt" | "en";
  policyUrl: string;
  tags: MarketingTags;
}

/** The block's text: JSON with `<` escaped, so no content can close the script element. */
export function consentConfigJson(config: ConsentPageConfig): string {
  return JSON.stringify(config).replace(/</g, "\\u003c");
}

/** The block read back (it is in the page, but a page may be old or altered): null when it is not one. */
export function parseConsentConfig(text: string | null | undefined): ConsentPageConfig | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ConsentPageConfig>;
    if (typeof value.version !== "string" || typeof value.policyUrl !== "string") return null;
    const tags: MarketingTags = {};
    for (const id of TAG_PROVIDER_IDS) {
      const tag = value.tags?.[id];
      if (typeof tag === "string" && TAG_PROVIDERS[id].pattern.test(tag)) tags[id] = tag;
    }
    return {
      version: value.version,
      lang: value.lang === "en" ? "en" : "pt",
      policyUrl: value.policyUrl,
      tags,
    };
  } catch {
    return null;
  }
}

const BLOCK = new RegExp(`<script type="application/json" id="${CONSENT_CONFIG_ID}">([^<]*)</script>`);

/** The tags a rendered page may load, from its block (none when it has no block). */
export function tagsOfPage(html: string): MarketingTags {
  const config = parseConsentConfig(BLOCK.exec(html)?.[1]);
  if (!config) return {};
  return Object.fromEntries(configuredProviders(config.tags).map((id) => [id, config.tags[id]]));
}
