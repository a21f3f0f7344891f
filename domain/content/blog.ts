import type { BlogPost } from "./blog-schema.ts";

/** Rules of the blog (B §2.7, §9.6): reading time, filters, pages, featured, related and recent posts. */

export const POSTS_PER_PAGE = 9;
export const FEATURED_COUNT = 3;
export const RELATED_COUNT = 3;
export const RECENT_COUNT = 5;
const WORDS_PER_MINUTE = 200;
/** Reading time of a post without sections (B §9.6). */
const NO_SECTIONS_MINUTES = 5;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Minutes to read a post: its words / 200, rounded up; 5 when it has no sections (B §9.6). */
export function readingTime(post: Pick<BlogPost, "content" | "readTime">): number {
  if (post.readTime) return post.readTime;
  const { introduction, sections } = post.content;
  if (sections.length === 0) return NO_SECTIONS_MINUTES;
  const total =
    words(introduction) +
    sections.reduce(
      (sum, s) =>
        sum +
        words(s.title) +
        s.paragraphs.reduce((n, p) => n + words(p), 0) +
        s.highlights.reduce((n, h) => n + words(h), 0),
      0,
    );
  return Math.max(1, Math.ceil(total / WORDS_PER_MINUTE));
}

/** Newest first; the same date keeps the document's order. */
export function byDate<P extends Pick<BlogPost, "publishDate">>(posts: readonly P[]): P[] {
  return [...posts].sort((a, b) => b.publishDate.localeCompare(a.publishDate));
}

export interface BlogFilters {
  /** Words searched in title, excerpt, category and tags (accents and case ignored). */
  q?: string;
  category?: string;
  tag?: string;
}

/** Lower case without accents: "Gestão" matches "gestao". */
export function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * A search's form of a text: folded, and without the hyphens and dots people leave out ("NF-e" is
 * found by "nfe", "S.A." by "sa").
 */
export function searchFold(value: string): string {
  return fold(value).replace(/[-.\u2010-\u2015]/g, "");
}

/** Every word a post says (its introduction, sections and highlights), for the search. */
function postText(post: Partial<Pick<BlogPost, "content">>): string {
  const content = post.content;
  if (!content) return "";
  return [
    content.introduction,
    ...content.sections.flatMap((s) => [s.title, ...s.paragraphs, ...s.highlights]),
  ].join(" ");
}

/**
 * The posts matching every filter given: all words of the search (in the title, excerpt, category,
 * tags or text; accents, case, hyphens and dots ignored), the category, the tag.
 */
export function filterPosts<
  P extends Pick<BlogPost, "title" | "excerpt" | "category" | "tags"> & Partial<Pick<BlogPost, "content">>,
>(posts: readonly P[], filters: BlogFilters): P[] {
  const terms = searchFold(filters.q ?? "")
    .split(/\s+/)
    .filter(Boolean);
  const category = filters.category ? fold(filters.category) : null;
  const tag = filters.tag ? fold(filters.tag) : null;
  return posts.filter((post) => {
    if (category && fold(post.category) !== category) return false;
    if (tag && !post.tags.some((t) => fold(t) === tag)) return false;
    if (!terms.length) return true;
    const haystack = searchFold(
      [post.title, post.excerpt, post.category, ...post.tags, postText(post)].join(" "),
    );
    return terms.every((term) => haystack.includes(term));
  });
}

/** What the blog list shows, read from its address (?q=&categoria=&tag=&pagina=). */
export interface BlogListQuery extends BlogFilters {
  /** A whole number from 1; anything else reads as 1 (the last page caps it when rendered). */
  page: number;
}

/** The blog list's query as its page reads it: each text trimmed to 100 characters, empty ones left out. */
export function readBlogListQuery(params: URLSearchParams): BlogListQuery {
  const value = (name: string) => params.get(name)?.trim().slice(0, 100) || undefined;
  const page = Number(params.get("pagina") ?? 1);
  return {
    q: value("q"),
    category: value("categoria"),
    tag: value("tag"),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The query string of a list page ("" for the first page unfiltered), in one order: the links of
 * the list and the page cache's key (server/http/page-cache.ts) spell the same page the same way.
 */
export function blogListSearch(query: BlogFilters & { page?: number }): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("categoria", query.category);
  if (query.tag) params.set("tag", query.tag);
  if (query.page && query.page > 1) params.set("pagina", String(query.page));
  return params.toString();
}

export interface Paged<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of a list (1-based); a page past the end gives the last, a bad number the first. */
export function paginate<T>(items: readonly T[], page: number, perPage = POSTS_PER_PAGE): Paged<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const current = Number.isInteger(page) ? Math.min(Math.max(page, 1), pageCount) : 1;
  return {
    items: items.slice((current - 1) * perPage, current * perPage),
    page: current,
    pageCount,
    total: items.length,
  };
}

/** The featured posts, newest first, at most `count`. */
export function featuredPosts<P extends Pick<BlogPost, "featured" | "publishDate">>(
  posts: readonly P[],
  count = FEATURED_COUNT,
): P[] {
  return byDate(posts.filter((p) => p.featured)).slice(0, count);
}

/** Posts sharing the category or tags of a post, the most shared first, then the newest. */
export function relatedPosts<P extends Pick<BlogPost, "slug" | "category" | "tags" | "publishDate">>(
  post: P,
  posts: readonly P[],
  count = RELATED_COUNT,
): P[] {
  const score = (other: P) =>
    (other.category === post.category ? 2 : 0) + other.tags.filter((t) => post.tags.includes(t)).length;
  return byDate(posts.filter((p) => p.slug !== post.slug))
    .map((p, index) => ({ p, index, score: score(p) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map(({ p }) => p);
}

/** The newest posts other than the one shown. */
export function recentPosts<P extends Pick<BlogPost, "slug" | "publishDate">>(
  posts: readonly P[],
  except?: string,
  count = RECENT_COUNT,
): P[] {
  return byDate(posts.filter((p) => p.slug !== except)).slice(0, count);
}

/** A category of the list's statistics, with how many posts it holds. */
export interface CategoryCount {
  category: string;
  posts: number;
}

/**
 * The list's topics (B §2.7's statistics, not defined there; decision 067 as amended): each category
 * with its number of posts, largest first (ties in the order first met in the newest posts), drawn as
 * filters in that order. Totals of the whole blog would only advertise its size.
 */
export function categoryCounts(posts: readonly BlogPost[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const post of byDate(posts)) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
  return [...counts].map(([category, n]) => ({ category, posts: n })).sort((a, b) => b.posts - a.posts);
}

/** Tags shown on a card: 2, or 3 on a featured card (B §2.7). */
export function cardTags(tags: readonly string[], featured: boolean): string[] {
  return tags.slice(0, featured ? 3 : 2);
}

/** Categories and tags to filter by, in the order first met in the newest posts. */
export function filterOptions(posts: readonly BlogPost[]): { categories: string[]; tags: string[] } {
  const sorted = byDate(posts);
  return {
    categories: [...new Set(sorted.map((p) => p.category))],
    tags: [...new Set(sorted.flatMap((p) => p.tags))],
  };
}

/** What a list shows of a post: no body, so a list page's data stays small. */
export type PostSummary = Pick<
  BlogPost,
  "slug" | "title" | "excerpt" | "category" | "tags" | "publishDate" | "featuredImage" | "featured"
> & { readTime: number };

export function postSummary(post: BlogPost): PostSummary {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    tags: post.tags,
    publishDate: post.publishDate,
    featuredImage: post.featuredImage,
    featured: post.featured,
    readTime: readingTime(post),
  };
}
