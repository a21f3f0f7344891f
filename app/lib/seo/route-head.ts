import type { MetaDescriptor } from "react-router";
import type { SeoConfig } from "./config.ts";
import { buildPageHead, type PlanOffer } from "./head.ts";

/** What the root loader exposes for the page head of every route. */
export interface RootHeadData {
  seo: SeoConfig | null;
  language: "pt" | "en";
  segment: string | null;
  baseUrl: string;
  mainBaseUrl: string;
}

/**
 * The full page head of a route (A §9): title and description from the templates of its route key,
 * Open Graph, Twitter, keywords, canonical, hreflang and JSON-LD. React Router replaces a parent's meta
 * with the child's, so each page route calls this from its own `meta`.
 */
export function routeHead(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown; data?: unknown } | undefined>,
  pathname: string,
  routeKey: string,
  page: { title?: string | null; description?: string | null; keywords?: string[]; plans?: PlanOffer[] } = {},
): MetaDescriptor[] {
  const rootMatch = matches.find((m) => m?.id === "root");
  const root = (rootMatch?.loaderData ?? rootMatch?.data) as RootHeadData | undefined;
  if (!root?.seo) return page.title ? [{ title: page.title }] : [];
  return buildPageHead({
    config: root.seo,
    routeKey,
    path: pathname,
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
