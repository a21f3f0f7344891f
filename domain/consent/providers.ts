/**
 * The marketing tags staff can turn on (decision 123): each provider's label, the consent category
 * it needs, the format of its ID, and the hosts its script talks to, which the page's
 * Content-Security-Policy allows only when the provider is configured. Shared by the admin (the
 * fields and their checks), the server (the CSP) and the browser (the loader): no zod here, the
 * browser loads this module.
 */

export type OptionalCategory = "measurement" | "marketing";

export interface TagProvider {
  /** The admin field's label, as the vendor names its product. */
  label: string;
  category: OptionalCategory;
  /** What a valid ID looks like. */
  pattern: RegExp;
  /** An ID of the right form, shown as the field's placeholder. */
  example: string;
  /** CSP sources by directive: what its script loads and where it sends. */
  sources: { script: string[]; connect: string[]; img: string[]; frame?: string[] };
}

export const TAG_PROVIDER_IDS = ["gtm", "ga4", "metaPixel", "clarity", "linkedIn"] as const;
export type TagProviderId = (typeof TAG_PROVIDER_IDS)[number];

const GOOGLE_SOURCES = {
  script: ["https://www.googletagmanager.com"],
  connect: [
    "https://www.googletagmanager.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
  ],
  img: ["https://www.googletagmanager.com", "https://*.google-analytics.com"],
};

export const TAG_PROVIDERS: Record<TagProviderId, TagProvider> = {
  gtm: {
    label: "Google Tag Manager",
    category: "measurement",
    pattern: /^GTM-[A-Z0-9]{4,12}$/,
    example: "GTM-AB12CD3",
    sources: { ...GOOGLE_SOURCES, frame: ["https://www.googletagmanager.com"] },
  },
  ga4: {
    label: "Google Analytics 4",
    category: "measurement",
    pattern: /^G-[A-Z0-9]{6,12}$/,
    example: "G-AB12CD34EF",
    sources: GOOGLE_SOURCES,
  },
  metaPixel: {
    label: "Meta Pixel",
    category: "marketing",
    pattern: /^\d{10,20}$/,
    example: "123456789012345",
    sources: {
      script: ["https://connect.facebook.net"],
      connect: ["https://connect.facebook.net", "https://www.facebook.com"],
      img: ["https://www.facebook.com"],
    },
  },
  clarity: {
    label: "Microsoft Clarity",
    category: "measurement",
    pattern: /^[a-z0-9]{8,12}$/,
    example: "abc123defg",
    sources: {
      script: ["https://www.clarity.ms", "https://*.clarity.ms"],
      connect: ["https://*.clarity.ms"],
      img: ["https://*.clarity.ms", "https://c.bing.com"],
    },
  },
  linkedIn: {
    label: "LinkedIn Insight",
    category: "marketing",
    pattern: /^\d{4,10}$/,
    example: "1234567",
    sources: {
      script: ["https://snap.licdn.com"],
      connect: ["https://px.ads.linkedin.com"],
      img: ["https://px.ads.linkedin.com"],
    },
  },
};

/** The configured tags: each provider's ID, absent when off. */
export type MarketingTags = Partial<Record<TagProviderId, string>>;

/** The configured providers, in the fixed order (the consent version and the CSP depend on it). */
export function configuredProviders(tags: MarketingTags): TagProviderId[] {
  return TAG_PROVIDER_IDS.filter(
    (id) => typeof tags[id] === "string" && TAG_PROVIDERS[id].pattern.test(tags[id]),
  );
}

/** The CSP sources the configured tags need, per directive, each once and sorted. */
export function tagSources(tags: MarketingTags): {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
} {
  const sets = {
    script: new Set<string>(),
    connect: new Set<string>(),
    img: new Set<string>(),
    frame: new Set<string>(),
  };
  for (const id of configuredProviders(tags)) {
    const { sources } = TAG_PROVIDERS[id];
    for (const source of sources.script) sets.script.add(source);
    for (const source of sources.connect) sets.connect.add(source);
    for (const source of sources.img) sets.img.add(source);
    for (const source of sources.frame ?? []) sets.frame.add(source);
  }
  return {
    script: [...sets.script].sort(),
    connect: [...sets.connect].sort(),
    img: [...sets.img].sort(),
    frame: [...sets.frame].sort(),
  };
}
