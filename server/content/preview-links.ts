import type { PreviewRoute } from "@domain/content/preview-routes.ts";
import type { ContentLevel } from "@domain/content-lookup.ts";
import { languageName, OFFERED_LANGUAGES } from "@domain/languages.ts";
import { siteBaseUrl } from "~/seo/sitemap.ts";
import type { Signer } from "../secrets.ts";
import { previewRoutes } from "./documents.ts";
import { PREVIEW_TTL_MS, previewToken } from "./preview.ts";

/** What 'Pré-visualizar' offers: the pages, sites and languages to choose from, and the signed link's token. */
export interface PreviewChoices {
  token: string;
  /** ISO: when the links stop working. */
  expiresAt: string;
  routes: PreviewRoute[];
  /** The main site and the segment subdomains the level shows on, with their addresses. */
  sites: { segment: string; label: string; baseUrl: string }[];
  languages: { code: string; label: string; prefix: string }[];
}

/**
 * The choices of a preview of one document's draft at one level: the default level shows on every
 * site and language that does not override it, a segment's level on its subdomain only, a
 * language's level in that language only. A base address without subdomains (an IP address)
 * offers the main site alone.
 */
export function previewChoices(input: {
  signer: Signer;
  publicBaseUrl: string;
  segments: Record<string, { name?: string }>;
  name: string;
  level: ContentLevel;
  /** The draft's data (its new posts and pages are listed) and the content pages (for the map). */
  data: unknown;
  pages?: { path: string; template?: string; seo?: { title?: string } }[];
  now: number;
}): PreviewChoices {
  const expiresAt = input.now + PREVIEW_TTL_MS;
  const token = previewToken(input.signer, { name: input.name, ...input.level, expiresAt });
  const segmentKeys = input.level.segment ? [input.level.segment] : ["", ...Object.keys(input.segments)];
  const sites = segmentKeys.flatMap((segment) => {
    const baseUrl = siteBaseUrl(input.publicBaseUrl, segment || null);
    if (!baseUrl) return [];
    const label = segment
      ? `Segmento ${input.segments[segment]?.name ?? segment} (${segment})`
      : "Site principal";
    return [{ segment, label, baseUrl }];
  });
  const codes = input.level.lang ? [input.level.lang] : [...OFFERED_LANGUAGES];
  return {
    token,
    expiresAt: new Date(expiresAt).toISOString(),
    routes: previewRoutes(input.name, input.data, input.pages),
    sites,
    languages: codes.map((code) => ({ code, label: languageName(code), prefix: `/${code}` })),
  };
}
