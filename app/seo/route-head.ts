import type { SeoConfig } from "@domain/seo/config.ts";
import type { MetaDescriptor } from "react-router";
import { buildPageHead, type PlanOffer } from "./head.ts";

/** What the root loader exposes for the page head of every route. */
export interface RootHeadData {
  seo: SeoConfig | null;
  language: "pt" | "en";
  segment: string | null;
  baseUrl: string;
  mainBaseUrl: string;
  /** The address's language prefix (/en...), which React Router's basename keeps out of `location`. */
  pathLanguage?: string | null;
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>;

function rootData(matches: Matches): RootHeadData | undefined {
  const rootMatch = matches.find((m) => m?.id === "root");
  return (rootMatch?.loaderData ?? rootMatch?.data) as RootHeadData | undefined;
}

/**
 * The page's address as the visitor sees it: a route's `location.pathname` is below the language
 * prefix's basename (decision 109), '/planos' for /en/planos; the page head needs the whole path.
 */
export function documentPath(matches: Matches, pathname: string): string {
  const prefix = rootData(matches)?.pathLanguage;
  if (!prefix) return pathname;
  return pathname === "/" ? `/${prefix}` : `/${prefix}${pathname}`;
}

/**
 * The full page head of a route (A §9): title and description from the templates of its route key,
 * Open Graph, Twitter, keywords, canonical, hreflang and JSON-LD. React Router replaces a parent's meta
 * with the child's, so each page route calls this from its own `meta`.
 */
export function routeHead(
  matches: Matches,
  pathname: string,
  routeKey: string,
  page: { title?: string | null; description?: string | null; keywords?: string[]; plans?: PlanOffer[] } = {},
): MetaDescriptor[] {
  const root = rootData(matches);
  if (!root?.seo) return page.title ? [{ title: page.title }] : [];
  return buildPageHead({
    config: root.seo,
    routeKey,
    path: documentPath(matches, pathname),
    language: root.language,
    segment: root.segment,
    pageTitle: page.title,
    pageDescription: page.description,
    pageKeywords: page.keywords,
    baseUrl: root.baseUrl,
    mainBaseUrl: root.mainBaseUrl,
    plans: page.plans,
  });
}
