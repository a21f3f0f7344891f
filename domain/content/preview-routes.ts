import { MAP_TEMPLATES } from "./pages.ts";

/**
 * The public pages that show a document (decision 100): where 'Pré-visualizar' can open its draft.
 * Each document names its own in the content documents' manifest (server/content/documents.ts)
 * with these pieces; portal-only documents (the dashboard, the integrations catalogue) have none.
 */

export interface PreviewRoute {
  /** Without language prefix: "/", "/blog/como-escolher-um-erp". */
  path: string;
  label: string;
}

export const HOME: PreviewRoute = { path: "/", label: "Página inicial" };
export const PLANS: PreviewRoute = { path: "/planos", label: "Planos" };
export const BLOG: PreviewRoute = { path: "/blog", label: "Blog" };
/** The shell's documents (menu, footer, page head) are on every page: a few typical ones. */
export const SHELL_PAGES: readonly PreviewRoute[] = [HOME, PLANS, BLOG];

/** The content pages a preview can list: the draft's own, or the site's for the partner map's. */
export type PageRef = { path: string; template?: string; seo?: { title?: string } };

const listOf = <K extends string, T>(data: unknown, key: K): T[] => {
  const value = typeof data === "object" && data !== null ? (data as Record<K, unknown>)[key] : undefined;
  return Array.isArray(value) ? (value as T[]) : [];
};

/** The blog and each post of a blog document (a draft's new post is listed). */
export function blogPages(data: unknown): PreviewRoute[] {
  return [
    BLOG,
    ...listOf<"posts", { slug: string; title: string }>(data, "posts").map((post) => ({
      path: `/blog/${post.slug}`,
      label: `Artigo: ${post.title}`,
    })),
  ];
}

/** Each page of a content pages document. */
export function contentPages(data: unknown): PreviewRoute[] {
  return listOf<"pages", PageRef>(data, "pages").map(pageRoute);
}

/** The pages that draw the partner map. */
export function mapPages(pages: readonly PageRef[]): PreviewRoute[] {
  return pages.filter((page) => page.template && MAP_TEMPLATES.has(page.template)).map(pageRoute);
}

function pageRoute(page: { path: string; seo?: { title?: string } }): PreviewRoute {
  return {
    path: `/${page.path}`,
    label: page.seo?.title ? `${page.seo.title} (/${page.path})` : `/${page.path}`,
  };
}

/** The query parameter of a preview link, and its value that ends a preview (the banner's link). */
export const PREVIEW_PARAM = "preview";
export const PREVIEW_EXIT = "sair";

/** The address of one preview: a site, a language, a page, and the token. */
export function previewUrl(baseUrl: string, prefix: string, path: string, token: string): string {
  const page = path === "/" ? prefix : `${prefix}${path}`;
  return `${baseUrl}${page}?${PREVIEW_PARAM}=${encodeURIComponent(token)}`;
}
