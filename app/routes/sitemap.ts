import type { AppLoadContext, LoaderFunctionArgs } from "react-router";
import { SEO_CACHE_SECONDS } from "~/lib/seo/head.ts";
import { sitemapEntries, sitemapXml } from "~/lib/seo/sitemap.ts";

/** GET /sitemap.xml: the public pages of the main site and of every segment subdomain (A §9). */
export function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const { config, domains } = context.services;
  const xml = sitemapXml(sitemapEntries(config.publicBaseUrl, Object.keys(domains.subdomains)));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": `public, max-age=${SEO_CACHE_SECONDS}`,
    },
  });
}
