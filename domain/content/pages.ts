import type { ContentPage } from "./pages-schema.ts";

/**
 * Rules of the content pages (spec A §3, B §2.3): finding a page by its path, the statistics,
 * and the built-in About Us page used when the pages document cannot be loaded.
 */

/** Paths under /blog belong to the blog's own routes, never to a content page (A §2). */
/** The templates that show the partner map (partners-data). */
export const MAP_TEMPLATES: ReadonlySet<string> = new Set(["map", "mapa", "PageModelMap"]);

export function isBlogPath(path: string): boolean {
  const clean = normalisePagePath(path);
  return clean === "blog" || clean.startsWith("blog/");
}

/** "/Segmentos/Agronegocio/" → "segmentos/agronegocio": how a URL path is compared with page paths. */
export function normalisePagePath(path: string): string {
  return path.replace(/^\/+|\/+$/g, "").toLowerCase();
}

/** The page shown at a URL path: never a blog path; null when no page has it. */
export function findPage<P extends Pick<ContentPage, "path">>(pages: readonly P[], path: string): P | null {
  if (isBlogPath(path)) return null;
  const wanted = normalisePagePath(path);
  return pages.find((page) => page.path === wanted) ?? null;
}

export interface PageStatistics {
  total: number;
  public: number;
  private: number;
  /** Pages whose path falls under /blog (served by the blog, not as pages). */
  blogRoutes: number;
  /** Pages with a route of their own. */
  nonBlogPages: number;
}

/** The page statistics of A §3. */
export function pageStatistics(pages: readonly Pick<ContentPage, "path" | "isPublic">[]): PageStatistics {
  const blogRoutes = pages.filter((page) => isBlogPath(page.path)).length;
  const publicCount = pages.filter((page) => page.isPublic).length;
  return {
    total: pages.length,
    public: publicCount,
    private: pages.length - publicCount,
    blogRoutes,
    nonBlogPages: pages.length - blogRoutes,
  };
}

/** Whether a visitor may see a page: private pages only for signed-in users. */
export function mayView(page: Pick<ContentPage, "isPublic">, signedIn: boolean): boolean {
  return page.isPublic || signedIn;
}

/** The built-in About Us page (A §3): path sobre-nos, public, model1; shown when the pages fail to load. */
export function aboutUsFallback(language: "pt" | "en"): ContentPage {
  const pt = language === "pt";
  return {
    id: "sobre-nos",
    path: "sobre-nos",
    isPublic: true,
    template: "model1",
    seo: {
      title: pt ? "Sobre nós" : "About Us",
      description: pt
        ? "A Vértice desenvolve ERP, CRM e inteligência artificial para empresas brasileiras."
        : "Vértice builds ERP, CRM and artificial intelligence software for Brazilian companies.",
    },
    content: {
      hero: {
        title: pt ? "Sobre nós" : "About Us",
        subtitle: pt
          ? "Gestão empresarial feita no Brasil, para empresas brasileiras."
          : "Business management made in Brazil, for Brazilian companies.",
      },
      introduction: {
        title: "Vértice",
        text: pt
          ? "Desenvolvemos um ERP completo, com CRM e inteligência artificial, implantado em 15 dias e com suporte de segunda a sexta, das 8h às 18h."
          : "We build a complete ERP, with CRM and artificial intelligence, implemented in 15 days and supported Monday to Friday, 8am to 6pm.",
      },
      sections: [],
      cta: {
        title: pt ? "Fale com a nossa equipe" : "Talk to our team",
        primaryButton: { text: pt ? "Fale conosco" : "Contact us", link: "/contato" },
      },
    },
  };
}

/** The last change a page states (the newest 'Atualizado em' of a model3 page), if any. */
export function pageLastUpdate(page: ContentPage): string | undefined {
  if (page.template !== "model3") return undefined;
  return page.content.contentBlocks
    .map((b) => b.lastUpdate)
    .sort()
    .at(-1);
}

/** The public pages with a route of their own, as site paths ("/crm"), for the sitemap and crawlers. */
export function publicPagePaths(pages: readonly ContentPage[]): { path: string; lastmod?: string }[] {
  return (
    pages
      // A page marked "não indexar" (a campaign's, decision 133) stays out of the sitemap too.
      .filter((page) => page.isPublic && !page.noindex && !isBlogPath(page.path))
      .map((page) => {
        const lastmod = pageLastUpdate(page);
        return lastmod ? { path: `/${page.path}`, lastmod } : { path: `/${page.path}` };
      })
  );
}

/** A page's search title and description; a campaign page's default to its hero (decision 133). */
export function pageSearchTexts(page: ContentPage): { title: string; description: string } {
  const hero = page.content.hero;
  return {
    title: page.seo.title || hero.title,
    description: page.seo.description || hero.subtitle || hero.description || "",
  };
}
