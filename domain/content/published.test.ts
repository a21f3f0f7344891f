import { describe, expect, it } from "vitest";
import { markUnpublished, publicView, unpublishableItems } from "./published.ts";

const blog = {
  settings: {},
  posts: [
    { slug: "um", title: "Um" },
    { slug: "dois", title: "Dois", published: false },
    { slug: "tres", title: "Três", published: true },
  ],
};

/** Unpublished posts and pages leave the public site, and stay for staff (decision 100). */
describe("what the public site shows of blog posts and content pages", () => {
  it("leaves out the items marked published: false, and only those", () => {
    expect((publicView("blog-data", blog) as typeof blog).posts.map((p) => p.slug)).toEqual(["um", "tres"]);
    const pages = { pages: [{ path: "crm" }, { path: "velha", published: false }] };
    expect(publicView("pages-data", pages)).toEqual({ pages: [{ path: "crm" }] });
  });

  it("hands other documents, and documents with nothing unpublished, back as they are", () => {
    const hero = { title: "x", published: false };
    expect(publicView("hero-section-data", hero)).toBe(hero);
    const clean = { posts: [{ slug: "um" }] };
    expect(publicView("blog-data", clean)).toBe(clean);
  });

  it("lists what can still be unpublished, named as staff know it", () => {
    expect(unpublishableItems("blog-data", blog)).toEqual([
      { key: "um", label: "Um" },
      { key: "tres", label: "Três" },
    ]);
    expect(
      unpublishableItems("pages-data", { pages: [{ path: "crm", seo: { title: "CRM" } }, { path: "x" }] }),
    ).toEqual([
      { key: "crm", label: "CRM (/crm)" },
      { key: "x", label: "/x" },
    ]);
    expect(unpublishableItems("menu_data", {})).toEqual([]);
  });

  it("marks one post by slug or one page by path; null when there is none", () => {
    const next = markUnpublished("blog-data", blog, "um") as typeof blog;
    expect(next.posts[0]).toEqual({ slug: "um", title: "Um", published: false });
    expect(next.posts[2]).toBe(blog.posts[2]);
    expect(blog.posts[0]).not.toHaveProperty("published");
    expect(markUnpublished("pages-data", { pages: [{ path: "crm" }] }, "crm")).toEqual({
      pages: [{ path: "crm", published: false }],
    });
    expect(markUnpublished("blog-data", blog, "nenhum")).toBeNull();
    expect(markUnpublished("menu_data", {}, "x")).toBeNull();
  });
});
