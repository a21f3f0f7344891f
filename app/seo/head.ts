import { splitLanguagePrefix } from "@domain/locale.ts";
import type { SeoConfig, SeoSegment, TemplateEntry, TemplatePlaceholder } from "@domain/seo/config.ts";
import type { MetaDescriptor } from "react-router";

/**
 * Page-head rules (spec A §2, §9): title, description, keywords, social cards, canonical and language
 * alternates, theme colour and structured data, from the "seo-config" document. Pure functions, no I/O:
 * a route's `meta` calls buildPageHead with what the root loader resolved.
 */

/** Limits of A §9, in characters; a truncated text ends with '...', counted in the limit. */
export const LIMITS = {
  title: 60,
  socialTitle: 70,
  description: 160,
  ogDescription: 300,
  twitterDescription: 200,
  keywords: 20,
} as const;

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

const IMAGE_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

/** MIME type of a share image from its extension; undefined when it cannot be told. */
export function imageType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return extension ? IMAGE_TYPES[extension] : undefined;
}
/** Cache hint of A §9 for the head's resources (sitemap, robots), in seconds. */
export const SEO_CACHE_SECONDS = 3600;

const ELLIPSIS = "...";
/** Characters that look wrong just before the ellipsis ("ERP, ..." or "ERP | ..."). */
const DANGLING = /[\s,;:|/\-–—(]+$/u;

export type HeadLanguage = "pt" | "en";
export type PathLanguage = "pt" | "en" | "es";

/** Languages of the page head (A §9): pt (the default, no prefix), en and es, each with its own address. */
export const HEAD_LANGUAGES: readonly PathLanguage[] = ["pt", "en", "es"];

/**
 * Cuts `text` to at most `limit` characters (code points), the '...' included. Whitespace runs become one
 * space and the ends are trimmed; a text that fits is returned whole. The cut falls after the last
 * whole word when that keeps at least half of the room, otherwise inside the word.
 */
export function truncate(text: string, limit: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(clean);
  if (chars.length <= limit) return clean;
  if (limit <= ELLIPSIS.length) return ELLIPSIS.slice(0, Math.max(0, limit));
  const room = limit - ELLIPSIS.length;
  let cut = chars.slice(0, room).join("");
  // The next character being a space means the cut already ends on a whole word.
  if (chars[room] !== " ") {
    const lastSpace = cut.lastIndexOf(" ");
    if (lastSpace >= room / 2) cut = cut.slice(0, lastSpace);
  }
  const trimmed = cut.replace(DANGLING, "");
  return (trimmed || cut.trimEnd()) + ELLIPSIS;
}

export type TemplateValues = Partial<Record<TemplatePlaceholder, string | null | undefined>>;

/** Separators a template puts between parts ("Planos | Vértice"); left alone at an end they are dropped. */
const SEPARATOR = "[|•·–—:-]";

/**
 * Fills "{name}" placeholders. A missing or empty value leaves nothing behind: the separator next to it
 * and doubled spaces go too, so "{pageTitle} | {siteName}" without a page title reads "Vértice".
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = Object.hasOwn(values, name) ? (values as Record<string, unknown>)[name] : undefined;
    return typeof value === "string" ? value.trim() : "";
  });
  return (
    filled
      .replace(/\s+/g, " ")
      .replace(new RegExp(`(\\s${SEPARATOR})(\\s${SEPARATOR})+(?=\\s)`, "g"), "$1")
      .replace(new RegExp(`^\\s*${SEPARATOR}\\s+|(?:\\s+${SEPARATOR}|\\s*:)\\s*$`, "g"), "")
      .trim()
      .split(new RegExp(`(\\s${SEPARATOR}\\s)`))
      // A page title that already ends with the site's name is not given it twice
      // ("Política de Privacidade | Vértice" + " | Vértice"): a part equal to the one before it goes.
      .reduce<string[]>((parts, part, index, all) => {
        const previousPart = index >= 2 ? all[index - 2] : undefined;
        if (index % 2 === 0 && previousPart?.toLowerCase() === part.toLowerCase()) parts.pop();
        else parts.push(part);
        return parts;
      }, [])
      .join("")
  );
}

/**
 * Keywords from several lists, in order: trimmed, empty ones dropped, duplicates removed without regard
 * to case (the first spelling stays), inner spaces collapsed; at most 20 (LIMITS.keywords, A §9).
 */
export function uniqueKeywords(...lists: ReadonlyArray<readonly string[] | null | undefined>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const list of lists) {
    for (const raw of list ?? []) {
      const keyword = raw.replace(/\s+/g, " ").trim();
      const key = keyword.toLocaleLowerCase("pt-BR");
      if (!keyword || seen.has(key)) continue;
      seen.add(key);
      result.push(keyword);
      if (result.length === LIMITS.keywords) return result;
    }
  }
  return result;
}

/**
 * Default share image of a segment (A §9: derived from the segment), or of the main site. PNG, since
 * social networks do not show SVG cards; scripts/render-share-images.mjs renders them from the SVGs.
 */
export function shareImageFor(segment: string | null): string {
  return `/images/og/${segment ?? "default"}.png`;
}

function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}

/** An address under the site: absolute when a base is known, the path itself otherwise. */
export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${trimBase(baseUrl)}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The path without query, fragment, language prefix, doubled or trailing slashes ("/" for the home). */
export function normalizePath(path: string): string {
  const bare = (path.split(/[?#]/)[0] ?? "").replace(/\/{2,}/g, "/");
  const { path: unprefixed } = splitLanguagePrefix(bare.startsWith("/") ? bare : `/${bare}`);
  const trimmed = unprefixed.replace(/\/+$/, "");
  return trimmed || "/";
}

/**
 * Canonical address of a page in a language: Portuguese has no prefix, English and Spanish have /en
 * and /es. No trailing slash, except the main site's root ("https://example.com/"). A language prefix
 * already in `path` is replaced.
 */
export function canonicalUrl(baseUrl: string, path: string, language: PathLanguage): string {
  const page = normalizePath(path);
  const base = trimBase(baseUrl);
  if (language === "pt") return `${base}${page}`;
  return `${base}/${language}${page === "/" ? "" : page}`;
}

/**
 * The language an address names by its prefix (/en/planos is English, /es/planos Spanish, /pt/planos
 * Portuguese), or null without one.
 */
export function pathLanguage(path: string): PathLanguage | null {
  const bare = (path.split(/[?#]/)[0] ?? "").replace(/\/{2,}/g, "/");
  const { language } = splitLanguagePrefix(bare.startsWith("/") ? bare : `/${bare}`);
  return language === "pt" || language === "en" || language === "es" ? language : null;
}

export interface Alternate {
  hrefLang: "pt-BR" | "en" | "es" | "x-default";
  href: string;
}

const HREFLANG: Record<PathLanguage, Alternate["hrefLang"]> = { pt: "pt-BR", en: "en", es: "es" };

/**
 * hreflang alternates of a page: one per language, then the Portuguese page again as x-default. The
 * page head lists the languages of A §9 (HEAD_LANGUAGES: pt, en, es); by default only the offered ones,
 * pt and en, as the sitemap lists its pages.
 */
export function alternates(
  baseUrl: string,
  path: string,
  languages: readonly PathLanguage[] = ["pt", "en"],
): Alternate[] {
  return [
    ...languages.map((language) => ({
      hrefLang: HREFLANG[language],
      href: canonicalUrl(baseUrl, path, language),
    })),
    { hrefLang: "x-default", href: canonicalUrl(baseUrl, path, "pt") },
  ];
}

const OG_LOCALES: Record<HeadLanguage, string> = { pt: "pt_BR", en: "en_US" };

/** Open Graph locale: the document's own (pt_PT, en_GB...) when it is of that language, else the usual one. */
export function ogLocale(language: HeadLanguage, configured?: string): string {
  return configured?.startsWith(`${language}_`) ? configured : OG_LOCALES[language];
}

/**
 * A Brazilian number as written on the site ("(62) 3333-4000") in the international form structured
 * data wants ("+55 62 3333-4000"). Numbers already starting with + or of another shape stay as they are.
 */
export function internationalPhone(phone: string, country: string): string {
  const value = phone.trim();
  if (value.startsWith("+") || !/^(br|brasil|brazil)$/i.test(country.trim())) return value;
  const digits = value.replace(/\D/g, "");
  if (digits.length !== 10 && digits.length !== 11) return value;
  const local = digits.slice(2);
  const split = local.length - 4;
  return `+55 ${digits.slice(0, 2)} ${local.slice(0, split)}-${local.slice(split)}`;
}

export interface PlanOffer {
  id?: string;
  name: string;
  description?: string;
  monthly_price: number;
}

export interface PageHeadInput {
  config: SeoConfig;
  /** Key of the route's templates ("home", "planos", ...); an unknown key uses "default". */
  routeKey: string;
  /** The request path, with or without a language prefix. */
  path: string;
  language: HeadLanguage;
  segment: string | null;
  pageTitle?: string | null;
  pageDescription?: string | null;
  /** Keywords of the page, after those of the site and of the segment. */
  pageKeywords?: readonly string[];
  /** Base address of this host (PUBLIC_BASE_URL, or its segment subdomain); wins over global.baseUrl. */
  baseUrl: string;
  /**
   * Base address of the main site (PUBLIC_BASE_URL), which identifies the organisation in the structured
   * data whatever the host; defaults to `baseUrl`.
   */
  mainBaseUrl?: string;
  /** Plans shown on the page: adds a Product with one Offer per plan to the structured data. */
  plans?: readonly PlanOffer[];
}

/**
 * The document as one host needs it: only its own segment's entry is kept, so the root loader sends the
 * browser (which runs `meta` again on client navigations) a smaller copy. buildPageHead gives the same
 * result with either.
 */
export function seoForHost(config: SeoConfig, segment: string | null): SeoConfig {
  const own = segmentOf(config, segment);
  return { ...config, segmentos: own && segment ? { [segment]: own } : {} };
}

/** The segment's entry; a segment the document does not know is treated as the main site. */
function segmentOf(config: SeoConfig, segment: string | null): SeoSegment | null {
  return segment && Object.hasOwn(config.segmentos, segment) ? config.segmentos[segment]! : null;
}

function pickTemplate(entry: TemplateEntry | undefined, hasSegment: boolean): string {
  if (entry === undefined) return "";
  if (typeof entry === "string") return entry;
  return hasSegment ? entry.segment : entry.default;
}

function templateFor(map: Record<string, TemplateEntry>, routeKey: string, hasSegment: boolean): string {
  return pickTemplate(Object.hasOwn(map, routeKey) ? map[routeKey] : map.default, hasSegment);
}

export interface ResolvedHead {
  title: string;
  description: string;
  keywords: string[];
  canonical: string;
  image: string;
  themeColor: string;
}

/** The texts and addresses of a page's head, before they become tags (shared by buildPageHead and tests). */
export function resolveHead(
  input: PageHeadInput,
): ResolvedHead & { fullTitle: string; fullDescription: string } {
  const { config } = input;
  const segment = segmentOf(config, input.segment);
  const page = config.dynamicContent?.[input.routeKey];
  const values: TemplateValues = {
    siteName: config.global.siteName,
    companyName: config.global.company.name,
    segmentName: segment?.name,
    segmentDescription: segment?.description,
    pageTitle: input.pageTitle || page?.title,
    pageDescription: input.pageDescription || page?.description,
  };
  const fullTitle =
    fillTemplate(templateFor(config.titleTemplates, input.routeKey, segment !== null), values) ||
    config.global.siteName;
  const fullDescription =
    fillTemplate(templateFor(config.descriptionTemplates, input.routeKey, segment !== null), values) ||
    config.schema.description;
  const base = input.baseUrl || config.global.baseUrl;
  const imagePath = segment
    ? (segment.shareImage ?? shareImageFor(input.segment))
    : config.seoDefaults.shareImage;
  return {
    fullTitle,
    fullDescription,
    title: truncate(fullTitle, LIMITS.title),
    description: truncate(fullDescription, LIMITS.description),
    keywords: uniqueKeywords(config.keywords, segment?.keywords, page?.keywords, input.pageKeywords),
    // The address's own language first: a page under /es is the Spanish page, although its interface
    // language (input.language) is Portuguese, es being recognised but not offered (decision 004).
    canonical: canonicalUrl(base, input.path, pathLanguage(input.path) ?? input.language),
    image: absoluteUrl(base, imagePath),
    themeColor: segment?.color ?? config.seoDefaults.themeColor,
  };
}

/** A JSON-LD object as React Router's `script:ld+json` descriptor accepts it. */
export type JsonLd = Exclude<
  Extract<MetaDescriptor, { "script:ld+json": unknown }>["script:ld+json"],
  unknown[]
>;

/** Structured data: Organization and WebSite always, a Product with Offers when plans are shown. */
export function structuredData(input: PageHeadInput, head: ResolvedHead): JsonLd[] {
  const { config } = input;
  const { company } = config.global;
  const base = input.baseUrl || config.global.baseUrl;
  const mainBase = input.mainBaseUrl || base;
  const home = canonicalUrl(base, "/", "pt");
  const mainHome = canonicalUrl(mainBase, "/", "pt");
  const organizationId = `${mainHome.replace(/\/$/, "")}/#organization`;
  const segment = segmentOf(config, input.segment);
  const telephone = internationalPhone(company.phone, company.address.country);
  const organization: JsonLd = {
    "@context": "https://schema.org",
    "@type": config.schema.type,
    "@id": organizationId,
    name: company.name,
    ...(config.schema.legalName ? { legalName: config.schema.legalName } : {}),
    url: mainHome,
    logo: absoluteUrl(mainBase, company.logo),
    description: config.schema.description,
    ...(config.schema.foundingDate ? { foundingDate: config.schema.foundingDate } : {}),
    email: company.email,
    telephone,
    address: {
      "@type": "PostalAddress",
      ...(company.address.locality ? { addressLocality: company.address.locality } : {}),
      addressRegion: company.address.region,
      addressCountry: company.address.country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: config.schema.contactType,
      telephone,
      email: company.email,
      areaServed: config.schema.areaServed,
      availableLanguage: config.schema.availableLanguage,
    },
    sameAs: company.socialMedia,
  };
  const website: JsonLd = {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${home.replace(/\/$/, "")}/#website`,
    url: home,
    name: config.global.siteName,
    inLanguage: input.language === "pt" ? "pt-BR" : "en",
    publisher: { "@id": organizationId },
  };
  const result: JsonLd[] = [organization, website];
  if (input.plans && input.plans.length > 0) {
    result.push({
      "@context": "https://schema.org",
      "@type": "Product",
      name: segment ? `${config.global.siteName} ${segment.name}` : config.global.siteName,
      description: head.description,
      image: head.image,
      url: head.canonical,
      brand: { "@type": "Brand", name: config.global.siteName },
      offers: input.plans.map((plan) => {
        const price = plan.monthly_price.toFixed(2);
        return {
          "@type": "Offer",
          name: plan.name,
          ...(plan.description ? { description: plan.description } : {}),
          price,
          priceCurrency: "BRL",
          priceSpecification: {
            "@type": "UnitPriceSpecification",
            price,
            priceCurrency: "BRL",
            unitCode: "MON",
          },
          url: plan.id ? absoluteUrl(base, `/teste-gratis/${plan.id}`) : head.canonical,
        };
      }),
    });
  }
  return result;
}

/**
 * Every head element of a page, for a route's `meta` export. React Router replaces the parent's meta
 * with the child's, so this list is complete on its own.
 */
export function buildPageHead(input: PageHeadInput): MetaDescriptor[] {
  const head = resolveHead(input);
  const { config } = input;
  const socialTitle = truncate(head.fullTitle, LIMITS.socialTitle);
  const base = input.baseUrl || config.global.baseUrl;
  const locale = ogLocale(input.language, config.seoDefaults.locale);
  const otherLocale = ogLocale(input.language === "pt" ? "en" : "pt");
  const imageAlt = socialTitle;
  const type = imageType(head.image);
  const meta: MetaDescriptor[] = [
    { title: head.title },
    { name: "description", content: head.description },
    ...(head.keywords.length > 0 ? [{ name: "keywords", content: head.keywords.join(", ") }] : []),
    { name: "theme-color", content: head.themeColor },
    { tagName: "link", rel: "canonical", href: head.canonical },
    ...alternates(base, input.path, HEAD_LANGUAGES).map((alt) => ({
      tagName: "link" as const,
      rel: "alternate",
      hrefLang: alt.hrefLang,
      href: alt.href,
    })),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: config.global.siteName },
    { property: "og:title", content: socialTitle },
    { property: "og:description", content: truncate(head.fullDescription, LIMITS.ogDescription) },
    { property: "og:url", content: head.canonical },
    { property: "og:locale", content: locale },
    { property: "og:locale:alternate", content: otherLocale },
    { property: "og:image", content: head.image },
    ...(type ? [{ property: "og:image:type", content: type }] : []),
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    ...(config.seoDefaults.twitterHandle
      ? [{ name: "twitter:site", content: config.seoDefaults.twitterHandle }]
      : []),
    { name: "twitter:title", content: socialTitle },
    { name: "twitter:description", content: truncate(head.fullDescription, LIMITS.twitterDescription) },
    { name: "twitter:image", content: head.image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  for (const item of structuredData(input, head)) meta.push({ "script:ld+json": item });
  return meta;
}
