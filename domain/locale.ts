import type { DomainConfig } from "./domain-config.ts";
import {
  DEFAULT_LANGUAGE,
  isAcceptedLanguage,
  isOfferedLanguage,
  type Language,
  type OfferedLanguage,
  PATH_LANGUAGES,
} from "./languages.ts";

export type { DomainConfig } from "./domain-config.ts";
export {
  ACCEPTED_LANGUAGES,
  DEFAULT_LANGUAGE,
  isAcceptedLanguage,
  isOfferedLanguage,
  LANGUAGE_COOKIE,
  type Language,
  OFFERED_LANGUAGES,
  type OfferedLanguage,
  PATH_LANGUAGES,
} from "./languages.ts";

export type HostTarget = { kind: "site"; segment: string | null } | { kind: "admin" };

const SUBDOMAIN_PATTERN = /^[a-z0-9-]+$/;
const IP_HOST = /^(\d{1,3}\.){3}\d{1,3}$|^\[.*\]$/;

/**
 * Segment from the Host header's first label (A §4, DESIGN "Contracts"):
 * `agronegocio.example.com` and `agronegocio.localhost` give agronegocio; 'www' is ignored,
 * 'admin' opens the admin area, unknown labels and IP addresses mean no segment.
 */
export function resolveHost(hostHeader: string | undefined, config: DomainConfig): HostTarget {
  const hostname = (hostHeader ?? "").trim().toLowerCase().replace(/:\d+$/, "");
  if (!hostname || IP_HOST.test(hostname)) return { kind: "site", segment: null };
  const labels = hostname.split(".");
  // A bare name ('localhost', 'example') has no subdomain.
  if (labels.length < 2) return { kind: "site", segment: null };
  const first = labels[0]!;
  if (!SUBDOMAIN_PATTERN.test(first) || config.ignoredSubdomains.includes(first)) {
    return { kind: "site", segment: null };
  }
  if (first === config.adminSubdomain) return { kind: "admin" };
  return { kind: "site", segment: Object.hasOwn(config.subdomains, first) ? first : null };
}

/** A language prefix at the start of a path: /pt, /en or /es, alone or followed by a slash. */
const LANGUAGE_PREFIX = new RegExp(`^/(${PATH_LANGUAGES.join("|")})(?=/|$)`);

/** Splits a recognised language prefix off a path: '/en/planos' gives en and '/planos'. */
export function splitLanguagePrefix(pathname: string): { language: Language | null; path: string } {
  const match = LANGUAGE_PREFIX.exec(pathname);
  if (!match) return { language: null, path: pathname };
  return { language: match[1] as Language, path: pathname.slice(match[0].length) || "/" };
}

/** The login page, under any language prefix, with or without a trailing slash. */
export function isLoginPath(pathname: string): boolean {
  return splitLanguagePrefix(pathname).path.replace(/\/+$/, "") === "/login";
}

/** Areas that live only at the root: the customer and admin areas, the API, and the feeds. */
const UNPREFIXED = /^\/(?:api|conta|dashboard|user|admin|logout|system|sitemap\.xml|robots\.txt)(?:[/?#.]|$)/;

export function livesAtRoot(path: string): boolean {
  return UNPREFIXED.test(path);
}

/**
 * A site link under the visitor's language prefix, so a click from /en/planos stays in English:
 * '/contato' becomes '/en/contato'. External, anchor and file links, paths already prefixed and the
 * areas that live only at the root are left as they are.
 */
export function localizeHref(href: string, language: Language | null): string {
  if (!language || !href.startsWith("/") || href.startsWith("//")) return href;
  if (splitLanguagePrefix(href.split(/[?#]/)[0]!).language || livesAtRoot(href)) return href;
  if (/\.[a-z0-9]+(?:[?#]|$)/i.test(href.split(/[?#]/)[0]!)) return href;
  return href === "/" ? `/${language}` : `/${language}${href}`;
}

/** The accepted language codes of an Accept-Language header, best first (q-values honoured). */
export function parseAcceptLanguage(header: string | undefined | null): Language[] {
  if (!header) return [];
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return {
        code: tag.trim().toLowerCase().split("-")[0] ?? "",
        quality: Number.isNaN(quality) ? 0 : quality,
        index,
      };
    })
    .filter((entry) => entry.quality > 0 && isAcceptedLanguage(entry.code))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return [...new Set(ranked.map((entry) => entry.code as Language))];
}

export interface LanguageInputs {
  /** Language prefix of the path (/pt, /en, /es): an explicit URL beats everything else. */
  pathPrefix?: Language | null;
  /** The saved choice (cookie, per subdomain since the cookie is host-only). */
  cookie?: string | null;
  /** The `lang` query parameter; honoured outside production only. */
  query?: string | null;
  isProduction: boolean;
  segment: string | null;
  domainConfig: DomainConfig;
  acceptLanguage?: string | null;
}

export type LanguageSource =
  | "path"
  | "cookie"
  | "query"
  | "subdomain-default"
  | "domain-default"
  | "browser"
  | "fallback";

/**
 * Language choice order of A §4: saved preference, lang query (development only), the domain
 * configuration default (subdomain default first, then domain default), browser language, pt.
 */
export function resolveLanguage(inputs: LanguageInputs): { language: Language; source: LanguageSource } {
  if (inputs.pathPrefix) return { language: inputs.pathPrefix, source: "path" };
  if (isAcceptedLanguage(inputs.cookie)) return { language: inputs.cookie, source: "cookie" };
  if (!inputs.isProduction && isAcceptedLanguage(inputs.query))
    return { language: inputs.query, source: "query" };
  const subdomainDefault = inputs.segment
    ? inputs.domainConfig.subdomains[inputs.segment]?.defaultLanguage
    : undefined;
  if (subdomainDefault) return { language: subdomainDefault, source: "subdomain-default" };
  const domainDefault = inputs.domainConfig.domain.defaultLanguage;
  if (domainDefault) return { language: domainDefault, source: "domain-default" };
  const browser = parseAcceptLanguage(inputs.acceptLanguage)[0];
  if (browser) return { language: browser, source: "browser" };
  return { language: DEFAULT_LANGUAGE, source: "fallback" };
}

/** The language the interface is shown in: an accepted but not offered code falls back to pt. */
export function interfaceLanguage(language: Language): OfferedLanguage {
  return isOfferedLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** BCP 47 tag for <html lang>. */
export function htmlLang(language: OfferedLanguage): string {
  return language === "pt" ? "pt-BR" : "en";
}
