import { byDate } from "@domain/content/blog.ts";
import { SITE_NAME } from "@domain/site.ts";
import { siteBaseUrl } from "~/seo/sitemap.ts";
import type { Route } from "./+types/blog-rss";

/** /blog/rss.xml: the posts as an RSS 2.0 feed (written by `feed`), newest first, in the visitor's language. */
export async function loader({ context }: Route.LoaderArgs) {
  const { Feed } = await import("feed");
  const { services, request: info } = context;
  const doc = await services.content.get("blog-data", { segment: info.segment, lang: info.language });
  const base = siteBaseUrl(services.config.publicBaseUrl, info.segment) ?? services.config.publicBaseUrl;
  const prefix = info.pathLanguage ? `/${info.pathLanguage}` : "";
  const blog = doc?.data;
  const feed = new Feed({
    title: blog?.settings.title ?? `Blog ${SITE_NAME}`,
    description: blog?.settings.description ?? "",
    id: `${base}${prefix}/blog`,
    link: `${base}${prefix}/blog`,
    language: info.uiLanguage === "en" ? "en" : "pt-BR",
    image: `${base}/images/logo.svg`,
    favicon: `${base}/favicon.svg`,
    copyright: `© ${new Date().getFullYear()} ${SITE_NAME}`,
    updated: blog?.posts.length ? new Date(`${byDate(blog.posts)[0]!.publishDate}T12:00:00Z`) : undefined,
    feedLinks: { rss: `${base}${prefix}/blog/rss.xml` },
  });
  for (const post of byDate(blog?.posts ?? [])) {
    const link = `${base}${prefix}/blog/${post.slug}`;
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.excerpt,
      date: new Date(`${post.publishDate}T12:00:00Z`),
      author: [{ name: post.author }],
      category: [{ name: post.category }, ...post.tags.map((name) => ({ name }))],
      image: `${base}${post.featuredImage}`,
    });
  }
  return new Response(feed.rss2(), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
