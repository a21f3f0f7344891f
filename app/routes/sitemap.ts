import { publicPagePaths } from "@domain/content/pages.ts";
import type { AppLoadContext, LoaderFunctionArgs } from "react-router";
import { SEO_CACHE_SECONDS } from "~/seo/head.ts";
import { type ContentPath, sitemapEntries, sitemapXml } from "~/seo/sitemap.ts";

/**
 * GET /sitemap.xml: the public pages of the main site and of every segment subdomain (A §9), with
 * every public content page and blog post (B §2.7) and their last change. A document that cannot
 * be read leaves its pages out rather than failing the sitemap.
 */
export async function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const { config, domains, content } = context.services;
  const query = { segment: null, lang: "pt" };
  const [pages, blog] = await Promise.all([
    content.get("pages-data", query).catch(() => null),
    content.get("blog-data", query).catch(() => null),
  ]);
  const contentPaths: ContentPath[] = [
    ...publicPagePaths(pages?.data.pages ?? []),
    ...(blog?.data.posts ?? []).map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.publishDate })),
  ];
  const xml = sitemapXml(sitemapEntries(config.publicBaseUrl, Object.keys(domains.subdomains), contentPaths));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": `public, max-age=${SEO_CACHE_SECONDS}`,
    },
  });
}
