import { documentSchemas } from "@domain/content/schemas.ts";
import { describe, expect, it } from "vitest";
import { CONTENT_GROUPS, previewRoutes } from "./documents.ts";

describe("the content list's groups", () => {
  it("hold every document exactly once, in the content list's order", () => {
    const listed = CONTENT_GROUPS.flatMap((group) => group.documents);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(documentSchemas).sort());
    expect(CONTENT_GROUPS.map((group) => group.label)).toEqual([
      "Página inicial",
      "Em todas as páginas",
      "Planos e preços",
      "Formulários",
      "Páginas, blog e mapa de parceiros",
      "Portal do cliente",
    ]);
    expect(CONTENT_GROUPS[0]!.documents[0]).toBe("hero-section-data");
    expect(CONTENT_GROUPS[3]!.documents[0]).toBe("form-demo");
  });
});

/** Where a draft can be previewed (decision 100): the public pages that show each document. */
describe("the pages that show a document", () => {
  it("every document has its pages, but the two the public site never shows", () => {
    const without = Object.keys(documentSchemas).filter(
      (name) =>
        previewRoutes(name, { pages: [{ path: "crm" }] }, [{ path: "mapa", template: "map" }]).length === 0,
    );
    expect(without.sort()).toEqual(["integrations-data", "user-dashboard"]);
  });

  it("lists the blog and each post of the draft, each content page, and the map's pages", () => {
    const blog = previewRoutes("blog-data", { posts: [{ slug: "novo", title: "Novo artigo" }] });
    expect(blog).toEqual([
      { path: "/blog", label: "Blog" },
      { path: "/blog/novo", label: "Artigo: Novo artigo" },
    ]);
    expect(previewRoutes("pages-data", { pages: [{ path: "crm", seo: { title: "CRM" } }] })).toEqual([
      { path: "/crm", label: "CRM (/crm)" },
    ]);
    expect(
      previewRoutes("partners-data", {}, [
        { path: "crm", template: "model1" },
        { path: "mapa-parceiros", template: "map" },
      ]).map((r) => r.path),
    ).toEqual(["/mapa-parceiros"]);
    // The segments name the map's segments too (decision 129).
    expect(
      previewRoutes("vertice-segments-data", {}, [{ path: "mapa-parceiros", template: "map" }]).map(
        (r) => r.path,
      ),
    ).toEqual(["/", "/mapa-parceiros"]);
    expect(previewRoutes("form-demo", {})[0]!.path).toBe("/demo");
    expect(previewRoutes("hero-section-data", {})).toEqual([{ path: "/", label: "Página inicial" }]);
  });
});
