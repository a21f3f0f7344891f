import { byDate, postSummary, readingTime, recentPosts, relatedPosts } from "@domain/content/blog.ts";
import { formatContentDate, pageTexts } from "@domain/content/page-texts.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { noteSurrogateKey, postKey } from "@server/cache/surrogate-keys.ts";
import { loadSection } from "@server/content/load.ts";
import { sectionsFor } from "@server/http/sections.ts";
import { useEffect } from "react";
import { data, replace } from "react-router";
import { PostCard } from "~/blog/PostCard.tsx";
import { PageMediaProvider } from "~/components/ContentImage.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";
import { CtaBlock, PageHero, SafeImage } from "~/content-pages/parts.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import { documentPath, routeHead } from "~/seo/route-head.ts";
import type { Route } from "./+types/blog-post";

export const headers = passOnHeaders;

/** The same for every anonymous visitor: served from the front page cache. */
export const handle: RouteHandle = { pageCache: true, islands: true };

/**
 * A post (B §2.1, §2.3 PageModelPost): an unknown slug goes to the blog list (under the page's
 * language prefix: React Router's basename puts it in the redirect, decision 109).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { request: info } = context;
  const blog = await loadSection(sectionsFor(context), "blog-data", {
    segment: info.segment,
    lang: info.language,
  });
  if (blog.status !== "loaded") throw replace("/blog");
  const post = blog.data.posts.find((p) => p.slug === params.slug);
  if (!post) throw replace("/blog");
  // The post's own key beside its document's: an operator purges one post by it (decision 122).
  noteSurrogateKey(postKey(post.slug));
  const posts = blog.data.posts;
  const related = relatedPosts(post, posts).map(postSummary);
  return data(
    {
      language: info.uiLanguage,
      post,
      readTime: readingTime(post),
      related,
      // The library's srcset, alt text and focal point of the post's images and its cards' (decision 099).
      media: await context.services.media.forPage([post, related], info.uiLanguage),
      callToAction: blog.data.settings.postCallToAction ?? null,
      recent: recentPosts(posts, post.slug).map((p) => ({ slug: p.slug, title: p.title })),
      all: byDate(posts).map((p) => ({ slug: p.slug, title: p.title })),
      baseUrl: context.services.config.publicBaseUrl,
    },
    { headers: { "Cache-Control": "public, max-age=60" } },
  );
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [{ title: SITE_NAME }];
  const { post } = data;
  const head = routeHead(matches, location.pathname, "blog", {
    title: post.title,
    description: post.excerpt,
    keywords: post.tags,
  });
  const path = documentPath(matches, location.pathname);
  const url = `${data.baseUrl}${path}`;
  const blogUrl = `${data.baseUrl}${path.replace(/\/[^/]+$/, "")}`;
  return [
    ...(head.length
      ? head
      : [{ title: `${post.title} | ${SITE_NAME}` }, { name: "description", content: post.excerpt }]),
    { property: "article:published_time", content: post.publishDate },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.excerpt,
        image: `${data.baseUrl}${post.featuredImage}`,
        datePublished: post.publishDate,
        author: { "@type": "Person", name: post.author },
        publisher: {
          "@type": "Organization",
          name: SITE_NAME,
          logo: { "@type": "ImageObject", url: `${data.baseUrl}/images/logo.svg` },
        },
        articleSection: post.category,
        keywords: post.tags.join(", "),
        mainEntityOfPage: url,
        inLanguage: data.language === "en" ? "en" : "pt-BR",
      },
    },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          {
            "@type": "ListItem",
            position: 1,
            name: pageTexts(data.language).breadcrumbHome,
            item: `${data.baseUrl}/`,
          },
          { "@type": "ListItem", position: 2, name: "Blog", item: blogUrl },
          { "@type": "ListItem", position: 3, name: post.title, item: url },
        ],
      },
    },
  ];
}

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  const t = pageTexts(loaderData.language);
  const { post, related, recent, all } = loaderData;
  // A new post starts at its top (B §2.1), also on a client-side move between posts.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [post.slug]);
  return (
    <PageMediaProvider media={loaderData.media}>
      <div className="blog blog-post">
        <PageHero hero={{ title: post.title, subtitle: post.excerpt }} titleId="post-titulo" />
        <div className="blog-post__layout">
          <article className="blog-post__article" aria-labelledby="post-titulo">
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li>
                  <SiteLink to="/">{t.breadcrumbHome}</SiteLink>
                </li>
                <li>
                  <SiteLink to="/blog">Blog</SiteLink>
                </li>
                {/* The title is the hero's heading, once (the post's own place in the trail is its category). */}
                <li>
                  <SiteLink to={`/blog?categoria=${encodeURIComponent(post.category)}`}>
                    {post.category}
                  </SiteLink>
                </li>
              </ol>
            </nav>
            <SafeImage
              src={post.featuredImage}
              alt={undefined}
              texts={t}
              width={1200}
              height={630}
              className="blog-post__image"
              loading="eager"
              fetchPriority="high"
            />
            <p className="blog-post__meta">
              {t.blogBy} <strong>{post.author}</strong> ·{" "}
              <time dateTime={post.publishDate}>{formatContentDate(post.publishDate, t)}</time> ·{" "}
              {t.blogReadTime(loaderData.readTime)} ·{" "}
              <SiteLink to={`/blog?categoria=${encodeURIComponent(post.category)}`}>{post.category}</SiteLink>
            </p>
            <p className="blog-post__intro">{post.content.introduction}</p>
            {post.content.sections.map((section) => (
              <section key={section.title}>
                <h2 className="blog-post__section-title">{section.title}</h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                ))}
                {section.highlights.length > 0 && (
                  <ul className="check-list">
                    {section.highlights.map((h) => (
                      <li key={h}>{h}</li>
                    ))}
                  </ul>
                )}
                {section.image && (
                  <figure className="blog-post__figure">
                    <SafeImage
                      src={section.image.url}
                      alt={section.image.alt || undefined}
                      fallbackAlt={section.image.caption}
                      texts={t}
                      width={1200}
                      height={630}
                    />
                    <figcaption>{section.image.caption}</figcaption>
                  </figure>
                )}
              </section>
            ))}
            <p className="blog-post__tags-title">{t.blogTags}</p>
            <ul className="tag-list">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <SiteLink to={`/blog?tag=${encodeURIComponent(tag)}`}>{tag}</SiteLink>
                </li>
              ))}
            </ul>
            {loaderData.callToAction && <CtaBlock cta={loaderData.callToAction} />}
            <p>
              <SiteLink to="/blog">{t.blogBack}</SiteLink>
            </p>
          </article>
          <aside className="blog-post__sidebar" aria-label={t.blogAllPosts}>
            <search aria-label={t.blogSearchRegion}>
              <form method="get" action={loaderData.language === "en" ? "/en/blog" : "/blog"}>
                <label className="field">
                  <span className="field__label">{t.blogSearch}</span>
                  <input type="search" name="q" maxLength={100} />
                </label>
                <button type="submit" className="button button--primary">
                  {t.blogSearchButton}
                </button>
              </form>
            </search>
            <h2>{t.blogRecent}</h2>
            <ul className="link-list">
              {recent.map((p) => (
                <li key={p.slug}>
                  <SiteLink to={`/blog/${p.slug}`}>{p.title}</SiteLink>
                </li>
              ))}
            </ul>
            <h2>{t.blogAllPosts}</h2>
            <ul className="link-list">
              {all.map((p) => (
                <li key={p.slug}>
                  <SiteLink to={`/blog/${p.slug}`} aria-current={p.slug === post.slug ? "page" : undefined}>
                    {p.title}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </aside>
        </div>
        {related.length > 0 && (
          <section className="page-section" aria-labelledby="relacionados-titulo">
            <h2 id="relacionados-titulo">{t.blogRelated}</h2>
            <div className="post-grid">
              {related.map((p) => (
                <PostCard key={p.slug} post={p} texts={t} />
              ))}
            </div>
          </section>
        )}
      </div>
    </PageMediaProvider>
  );
}
