import {
  blogListSearch,
  byDate,
  categoryCounts,
  featuredPosts,
  filterOptions,
  filterPosts,
  paginate,
  postSummary,
  readBlogListQuery,
} from "@domain/content/blog.ts";
import { pageTexts } from "@domain/content/page-texts.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { loadSection } from "@server/content/load.ts";
import { sectionsFor } from "@server/http/sections.ts";
import { PostCard } from "~/blog/PostCard.tsx";
import { PageMediaProvider } from "~/components/ContentImage.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";
import { PageHero } from "~/content-pages/parts.tsx";
import { Newsletter } from "~/islands/newsletter.tsx";
import { routeHead } from "~/seo/route-head.ts";
import type { Route } from "./+types/blog";

/** The same for every anonymous visitor of a segment, language and query (the newsletter's token is the document's). */
export const handle: RouteHandle = { pageCache: true, islands: true };

/** The blog list (B §2.7): search, category and tag filters, featured posts, statistics, 9 a page, newsletter. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { request: info, services } = context;
  const query = { segment: info.segment, lang: info.language };
  const sections = sectionsFor(context);
  const [blog, newsletter] = await Promise.all([
    loadSection(sections, "blog-data", query),
    loadSection(sections, "newsletter-data", query),
  ]);
  // The list's state lives in the URL, so it is server-rendered, shareable and cached per query.
  const filters = readBlogListQuery(new URL(request.url).searchParams);
  const filtering = Boolean(filters.q || filters.category || filters.tag);
  const posts = blog.status === "loaded" ? byDate(blog.data.posts) : [];
  const matching = filterPosts(posts, filters);
  const perPage = blog.status === "loaded" ? blog.data.settings.postsPerPage : 9;
  const page = paginate(matching, filters.page, perPage);
  const featured =
    !filtering && page.page === 1 && blog.status === "loaded"
      ? featuredPosts(posts, blog.data.settings.featuredPostsCount).map(postSummary)
      : [];
  const items = page.items.map(postSummary);
  return {
    language: info.uiLanguage,
    status: blog.status,
    settings: blog.status === "loaded" ? blog.data.settings : null,
    hero: blog.status === "loaded" ? blog.data.hero : null,
    featured,
    page: { ...page, items },
    // The library's srcset, alt text and focal point of the cards' images (decision 099).
    media: await services.media.forPage([featured, items], info.uiLanguage),
    filters: { q: filters.q ?? "", category: filters.category ?? "", tag: filters.tag ?? "" },
    filtering,
    options: filterOptions(posts),
    categories: categoryCounts(posts),
    newsletter: newsletter.status === "loaded" ? newsletter.data : null,
  };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  const title = data?.settings?.title ?? "Blog";
  const description = data?.settings?.description ?? "";
  const head = routeHead(matches, location.pathname, "blog", { title, description });
  return head.length
    ? head
    : [{ title: `${title} | ${SITE_NAME}` }, { name: "description", content: description }];
}

/** The address of a list page with the current filters. */
function listHref(filters: { q: string; category: string; tag: string }, page: number): string {
  const search = blogListSearch({ ...filters, page });
  return search ? `/blog?${search}` : "/blog";
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const t = pageTexts(loaderData.language);
  const { page, filters, options, categories, featured } = loaderData;
  const listPath = loaderData.language === "en" ? "/en/blog" : "/blog";
  if (loaderData.status !== "loaded" || !loaderData.hero) {
    return (
      <div className="blog">
        <p className="content-unavailable">{t.contentUnavailable}</p>
      </div>
    );
  }
  return (
    <PageMediaProvider media={loaderData.media}>
      <div className="blog">
        <PageHero hero={loaderData.hero} />
        <nav className="blog-topics" aria-label={t.blogTopics}>
          <ul>
            {categories.map(({ category }) => (
              <li key={category}>
                <SiteLink
                  to={listHref({ q: "", category, tag: "" }, 1)}
                  aria-current={filters.category === category ? "page" : undefined}
                >
                  {category}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="blog-filters">
          <search aria-label={t.blogSearchRegion}>
            <form method="get" action={`${listPath}#artigos`}>
              <label className="field">
                <span className="field__label">{t.blogSearch}</span>
                <input type="search" name="q" defaultValue={filters.q} maxLength={100} />
              </label>
              <label className="field">
                <span className="field__label">{t.blogCategory}</span>
                <select name="categoria" defaultValue={filters.category}>
                  <option value="">{t.blogAllCategories}</option>
                  {options.categories.map((category) => (
                    <option key={category} value={category}>
                      {category}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span className="field__label">{t.blogTag}</span>
                <select name="tag" defaultValue={filters.tag}>
                  <option value="">{t.blogAllTags}</option>
                  {options.tags.map((tag) => (
                    <option key={tag} value={tag}>
                      {tag}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="button button--primary">
                {t.blogSearchButton}
              </button>
            </form>
          </search>
        </div>

        {featured.length > 0 && (
          <section className="page-section" aria-labelledby="destaques-titulo">
            <h2 id="destaques-titulo">{t.blogFeatured}</h2>
            <div className="post-grid post-grid--featured">
              {featured.map((post) => (
                <PostCard key={post.slug} post={post} texts={t} featured />
              ))}
            </div>
          </section>
        )}

        {/* A search lands here (the form's action ends in #artigos): on a phone the results are a
            screen below the box, so the page moves to them and says how many there are. */}
        <section id="artigos" className="page-section" aria-labelledby="artigos-titulo">
          <h2 id="artigos-titulo">{loaderData.filtering ? t.blogFound : t.blogAll}</h2>
          {loaderData.filtering && (
            <p role="status" className="blog-results-count">
              {t.blogResults(page.total)}
            </p>
          )}
          {page.items.length === 0 ? (
            <div className="blog-empty">
              <p className="blog-empty__title">{t.blogNoResults}</p>
              <p>{t.blogNoResultsHint}</p>
              <SiteLink to="/blog" className="button button--outline">
                {t.blogClearFilters}
              </SiteLink>
            </div>
          ) : (
            <div className="post-grid">
              {page.items.map((post) => (
                <PostCard key={post.slug} post={post} texts={t} />
              ))}
            </div>
          )}
          {page.pageCount > 1 && (
            <nav className="pagination" aria-label={t.blogPagination}>
              <ul>
                {page.page > 1 && (
                  <li>
                    <SiteLink to={listHref(filters, page.page - 1)}>{t.blogPrevious}</SiteLink>
                  </li>
                )}
                {Array.from({ length: page.pageCount }, (_, i) => i + 1).map((n) => (
                  <li key={n}>
                    <SiteLink
                      to={listHref(filters, n)}
                      aria-current={n === page.page ? "page" : undefined}
                      aria-label={t.blogPage(n)}
                    >
                      {n}
                    </SiteLink>
                  </li>
                ))}
                {page.page < page.pageCount && (
                  <li>
                    <SiteLink to={listHref(filters, page.page + 1)}>{t.blogNext}</SiteLink>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </section>
        {loaderData.newsletter && <Newsletter data={loaderData.newsletter} language={loaderData.language} />}
      </div>
    </PageMediaProvider>
  );
}
