import { FORM_PATHS } from "../forms/form-paths.ts";
import { byFormDocument, FORMS } from "../forms/manifest.ts";
import { MAP_TEMPLATES } from "./pages.ts";

/**
 * The public pages that show a document (decision 100): where 'Pré-visualizar' can open its draft.
 * The shell's documents (menu, footer, page head) are on every page: a few typical ones are
 * offered. Portal-only documents (the dashboard, the integrations catalogue) have none.
 */

export interface PreviewRoute {
  /** Without language prefix: "/", "/blog/como-escolher-um-erp". */
  path: string;
  label: string;
}

const HOME: PreviewRoute = { path: "/", label: "Página inicial" };
const PLANS: PreviewRoute = { path: "/planos", label: "Planos" };
const BLOG: PreviewRoute = { path: "/blog", label: "Blog" };

const FORM_ROUTES: Record<string, PreviewRoute[]> = byFormDocument((key) => [...FORMS[key].preview]);

const HOME_SECTIONS = new Set([
  "hero-section-data",
  "video-demo-data",
  "cards-slider-data",
  "circle-features-data",
  "why-choose-data",
  "accordion-features-data",
  "testimonials-data",
]);

type Items = {
  posts?: { slug: string; title: string }[];
  pages?: { path: string; template?: string; seo?: { title?: string } }[];
};

/**
 * The routes of a document. `data` is the document (the draft being previewed: a new post is
 * listed); `pages` the content pages, for the partner map's (its partners and segments).
 */
export function previewRoutes(name: string, data: unknown, pages: Items["pages"] = []): PreviewRoute[] {
  const doc = (typeof data === "object" && data !== null ? data : {}) as Items;
  // The segments also name and colour the partner map's (decision 129).
  if (name === "vertice-segments-data") return [HOME, ...mapPages(pages)];
  if (HOME_SECTIONS.has(name)) return [HOME];
  if (FORM_ROUTES[name]) return FORM_ROUTES[name];
  switch (name) {
    case "menu_data":
    case "footer-data":
    case "seo-config":
      return [HOME, PLANS, BLOG];
    case "newsletter-data":
      return [HOME, BLOG, { path: "/newsletter", label: "Newsletter" }];
    case "plans-data":
      return [PLANS, { path: FORM_PATHS.trial[0], label: "Teste grátis" }];
    case "blog-data":
      return [
        BLOG,
        ...(doc.posts ?? []).map((post) => ({ path: `/blog/${post.slug}`, label: `Artigo: ${post.title}` })),
      ];
    case "pages-data":
      return (doc.pages ?? []).map(pageRoute);
    case "partners-data":
      return mapPages(pages);
    default:
      return [];
  }
}

function mapPages(pages: NonNullable<Items["pages"]>): PreviewRoute[] {
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
