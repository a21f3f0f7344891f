import { describe, expect, it } from "vitest";
import {
  aboutUsFallback,
  findPage,
  isBlogPath,
  mayView,
  normalisePagePath,
  pageStatistics,
} from "./pages.ts";
import { contentPageSchema, pagesDataSchema } from "./pages-schema.ts";

const pages = [
  { path: "crm", isPublic: true },
  { path: "segmentos/agronegocio", isPublic: true },
  { path: "area-do-parceiro", isPublic: false },
  { path: "blog/antigo", isPublic: true },
];

describe("A §3 — content pages by path, statistics, the built-in About Us", () => {
  it("finds a page by its path, however the URL spells it", () => {
    expect(findPage(pages, "/crm")?.path).toBe("crm");
    expect(findPage(pages, "/Segmentos/Agronegocio/")?.path).toBe("segmentos/agronegocio");
    expect(findPage(pages, "/nao-existe")).toBeNull();
    expect(normalisePagePath("//CRM//")).toBe("crm");
  });

  it("blog paths are never content pages", () => {
    expect(isBlogPath("/blog")).toBe(true);
    expect(isBlogPath("/blog/antigo")).toBe(true);
    expect(isBlogPath("/blogueiros")).toBe(false);
    expect(findPage(pages, "/blog/antigo")).toBeNull();
  });

  it("statistics: total, public, private, blogRoutes, nonBlogPages", () => {
    expect(pageStatistics(pages)).toEqual({
      total: 4,
      public: 3,
      private: 1,
      blogRoutes: 1,
      nonBlogPages: 3,
    });
    expect(pageStatistics([])).toEqual({ total: 0, public: 0, private: 0, blogRoutes: 0, nonBlogPages: 0 });
  });

  it("private pages only for signed-in visitors", () => {
    expect(mayView({ isPublic: false }, false)).toBe(false);
    expect(mayView({ isPublic: false }, true)).toBe(true);
    expect(mayView({ isPublic: true }, false)).toBe(true);
  });

  it("the built-in About Us page is sobre-nos, public, model1, and valid", () => {
    for (const language of ["pt", "en"] as const) {
      const page = aboutUsFallback(language);
      expect(page).toMatchObject({ path: "sobre-nos", isPublic: true, template: "model1" });
      expect(contentPageSchema.safeParse(page).success).toBe(true);
    }
    expect(aboutUsFallback("en").content.hero.title).toBe("About Us");
  });
});

describe("B §2.3, §3.1 — one schema per template", () => {
  const base = { id: "p", path: "p", seo: { title: "T", description: "D" } };
  const hero = { title: "Título" };

  it("each template's content is checked against what its layout needs", () => {
    expect(
      contentPageSchema.safeParse({ ...base, template: "model1", content: { hero, sections: [] } }).success,
    ).toBe(true);
    // model3 needs blocks with a date; model7 a timeline; model6 features.
    expect(
      contentPageSchema.safeParse({ ...base, template: "model3", content: { hero, contentBlocks: [] } })
        .success,
    ).toBe(false);
    expect(
      contentPageSchema.safeParse({
        ...base,
        template: "model3",
        content: {
          hero,
          contentBlocks: [
            { id: "a", title: "A", content: [{ type: "paragraph", text: "x" }], lastUpdate: "2026-11-01" },
          ],
        },
      }).success,
    ).toBe(true);
    expect(
      contentPageSchema.safeParse({
        ...base,
        template: "model7",
        content: { hero, introduction: { title: "a", text: "b" }, timeline: [] },
      }).success,
    ).toBe(false);
    expect(
      contentPageSchema.safeParse({ ...base, template: "model6", content: { hero, features: [] } }).success,
    ).toBe(false);
  });

  it("an unknown template, a key the template does not know or a bad path is refused", () => {
    expect(contentPageSchema.safeParse({ ...base, template: "model9", content: { hero } }).success).toBe(
      false,
    );
    expect(
      contentPageSchema.safeParse({ ...base, template: "model1", content: { hero, sections: [], extra: 1 } })
        .success,
    ).toBe(false);
    expect(
      contentPageSchema.safeParse({
        ...base,
        path: "/crm",
        template: "model1",
        content: { hero, sections: [] },
      }).success,
    ).toBe(false);
  });

  it("map, mapa and PageModelMap are the map template", () => {
    for (const template of ["map", "mapa", "PageModelMap"])
      expect(contentPageSchema.safeParse({ ...base, template, content: { hero } }).success).toBe(true);
  });

  it("ids and paths are unique in the document", () => {
    const page = { ...base, template: "model1", content: { hero, sections: [] } };
    expect(pagesDataSchema.safeParse({ pages: [page, { ...page, id: "q" }] }).success).toBe(false);
    expect(pagesDataSchema.safeParse({ pages: [page, { ...page, id: "q", path: "q" }] }).success).toBe(true);
  });
});
