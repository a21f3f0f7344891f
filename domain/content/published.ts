/**
 * What the public site may show of a document (decision 100): blog posts and content pages marked
 * `published: false` (unpublished by hand or at a scheduled time) are left out, so the blog, the
 * post's address, the RSS, the sitemap and the public JSON API all lose them at once. Staff still
 * see them in the editor, which reads the stored document.
 */
export function publicView(name: string, data: unknown): unknown {
  if (name === "blog-data") return withoutUnpublished(data, "posts");
  if (name === "pages-data") return withoutUnpublished(data, "pages");
  return data;
}

function withoutUnpublished(data: unknown, listKey: string): unknown {
  if (typeof data !== "object" || data === null) return data;
  const list = (data as Record<string, unknown>)[listKey];
  if (!Array.isArray(list) || !list.some(isUnpublished)) return data;
  return { ...(data as Record<string, unknown>), [listKey]: list.filter((item) => !isUnpublished(item)) };
}

function isUnpublished(item: unknown): boolean {
  return typeof item === "object" && item !== null && (item as { published?: unknown }).published === false;
}

/** The items of blog-data or pages-data that can be unpublished at a date, as the schedule form lists them. */
export function unpublishableItems(name: string, data: unknown): { key: string; label: string }[] {
  const record = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  if (name === "blog-data" && Array.isArray(record.posts))
    return record.posts
      .filter((post) => !isUnpublished(post))
      .map((post: { slug: string; title: string }) => ({ key: post.slug, label: post.title }));
  if (name === "pages-data" && Array.isArray(record.pages))
    return record.pages
      .filter((page) => !isUnpublished(page))
      .map((page: { path: string; seo?: { title?: string } }) => ({
        key: page.path,
        label: page.seo?.title ? `${page.seo.title} (/${page.path})` : `/${page.path}`,
      }));
  return [];
}

/** The document with one post (by slug) or page (by path) marked unpublished; null when it has no such item. */
export function markUnpublished(name: string, data: unknown, key: string): unknown | null {
  const listKey = name === "blog-data" ? "posts" : name === "pages-data" ? "pages" : null;
  const idKey = name === "blog-data" ? "slug" : "path";
  if (!listKey || typeof data !== "object" || data === null) return null;
  const list = (data as Record<string, unknown>)[listKey];
  if (!Array.isArray(list)) return null;
  const index = list.findIndex((item) => (item as Record<string, unknown>)?.[idKey] === key);
  if (index === -1) return null;
  const next = [...list];
  next[index] = { ...(list[index] as Record<string, unknown>), published: false };
  return { ...(data as Record<string, unknown>), [listKey]: next };
}
