import type { AppLoadContext, LoaderFunctionArgs } from "react-router";
import { SEO_CACHE_SECONDS } from "~/seo/head.ts";
import { robotsTxt } from "~/seo/sitemap.ts";

/** GET /robots.txt: crawl rules and the sitemap's address; the admin subdomain is closed to crawlers. */
export function loader({ context }: LoaderFunctionArgs<AppLoadContext>) {
  const body = robotsTxt(context.services.config.publicBaseUrl, { adminHost: context.request.adminHost });
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": `public, max-age=${SEO_CACHE_SECONDS}`,
    },
  });
}
