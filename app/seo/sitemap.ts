import { FORM_PATHS } from "@domain/forms/form-paths.ts";
import { FORMS, FORMS_WITH_SCREEN, type FormManifestEntry } from "@domain/forms/manifest.ts";
import { type Alternate, alternates, canonicalUrl, type HeadLanguage } from "./head.ts";

/**
 * /sitemap.xml and /robots.txt (spec A §9, B §2.1): the public pages of the main site and of every
 * segment subdomain, each in Portuguese and English with its hreflang alternates. Pure functions; the
 * route modules only read the configuration and answer.
 */

/** Partner-programme paths of B §2.1 (all open the partner lead form). */
export const PARTNER_PATHS = FORM_PATHS.parceiros;

/**
 * Public pages listed in the sitemap (A §2, B §2.1). Sign-in, account, admin and API paths are left out,
 * and so are /register and /inscricao, second addresses of the free-trial form at /teste-gratis.
 */
export const SITEMAP_PATHS: readonly string[] = [
  "/",
  "/planos",
  ...FORMS_WITH_SCREEN.flatMap((key) => {
    const form: FormManifestEntry = FORMS[key];
    return (form.paths ?? []).filter((path) => !form.unlisted?.includes(path));
  }),
  "/blog",
];

/** Languages each page is listed in (the offered ones, A §3); es is recognised but not offered. */
export const SITEMAP_LANGUAGES: readonly HeadLanguage[] = ["pt", "en"];

const IP_HOST = /^(\d{1,3}\.){3}\d{1,3}$|^\[.*\]$/;

/**
 * Base address of a host: the main site (segment null) is `publicBaseUrl` itself; a segment lives on
 * its subdomain of the same domain, a leading "www." dropped (https://www.example.com.br gives
 * https://agronegocio.example.com.br; http://localhost:3000 gives http://agronegocio.localhost:3000).
 * Null when the base is an IP address, which has no subdomains.
 */
export function siteBaseUrl(publicBaseUrl: string, segment: string | null): string | null {
  const url = new URL(publicBaseUrl);
  const path = url.pathname.replace(/\/+$/, "");
  if (!segment) return `${url.origin}${path}`;
  if (IP_HOST.test(url.hostname)) return null;
  const domain = url.hostname.replace(/^www\./, "");
  const port = url.port ? `:${url.port}` : "";
  return `${url.protocol}//${segment}.${domain}${port}${path}`;
}

export interface SitemapEntry {
  loc: string;
  alternates: Alternate[];
  /** Last change of the page (ISO date), when the content says it. */
  lastmod?: string;
}

/** A page from the content (a content page, a blog post) with its last change. */
export interface ContentPath {
  path: string;
  lastmod?: string;
}

/** One entry per host, page and language: the main site first, then each segment subdomain. */
export function sitemapEntries(
  publicBaseUrl: string,
  segments: readonly string[],
  contentPaths: readonly ContentPath[] = [],
): SitemapEntry[] {
  const bases = [null, ...segments]
    .map((segment) => siteBaseUrl(publicBaseUrl, segment))
    .filter((base): base is string => base !== null);
  const pages: ContentPath[] = [...SITEMAP_PATHS.map((path) => ({ path })), ...contentPaths];
  return bases.flatMap((base) =>
    pages.flatMap(({ path, lastmod }) => {
      const links = alternates(base, path);
      return SITEMAP_LANGUAGES.map((language) => ({
        loc: canonicalUrl(base, path, language),
        alternates: links,
        ...(lastmod ? { lastmod } : {}),
      }));
    }),
  );
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The sitemap document (sitemaps.org 0.9 with xhtml:link alternates). */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const links = entry.alternates.map(
      (alt) =>
        `    <xhtml:link rel="alternate" hreflang="${escapeXml(alt.hrefLang)}" href="${escapeXml(alt.href)}"/>`,
    );
    const lastmod = entry.lastmod ? [`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`] : [];
    return ["  <url>", `    <loc>${escapeXml(entry.loc)}</loc>`, ...lastmod, ...links, "  </url>"].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Paths crawlers are asked to skip: admin, accounts, API, sign-in (also under a language prefix). */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/dashboard",
  "/user",
  "/api",
  "/login",
  "/pt/login",
  "/en/login",
  "/es/login",
] as const;

/**
 * robots.txt. Every host points to the one sitemap on the main site, which lists the segment subdomains
 * too (a host's robots.txt naming the sitemap is what lets it hold that host's addresses). The admin
 * subdomain is closed to crawlers altogether.
 */
export function robotsTxt(publicBaseUrl: string, options: { adminHost?: boolean } = {}): string {
  const sitemap = `${publicBaseUrl.replace(/\/+$/, "")}/sitemap.xml`;
  const rules = options.adminHost
    ? ["Disallow: /"]
    : ["Allow: /", ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`)];
  return ["User-agent: *", ...rules, "", `Sitemap: ${sitemap}`, ""].join("\n");
}
