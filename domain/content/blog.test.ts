import { describe, expect, it } from "vitest";
import {
  cardTags,
  categoryCounts,
  featuredPosts,
  filterPosts,
  paginate,
  readingTime,
  recentPosts,
  relatedPosts,
} from "./blog.ts";
import type { BlogPost } from "./blog-schema.ts";

function post(overrides: Partial<BlogPost> & { slug: string }): BlogPost {
  return {
    title: `Título ${overrides.slug}`,
    excerpt: "Resumo",
    content: { introduction: "Introdução", sections: [] },
    author: "Ana Ribeiro",
    publishDate: "2026-05-01",
    category: "Gestão",
    tags: [],
    featuredImage: "/images/blog/a.svg",
    featured: false,
    ...overrides,
  };
}

const words = (n: number) => Array.from({ length: n }, () => "palavra").join(" ");

describe("B §9.6 — reading time is words / 200, 5 without sections", () => {
  it("a post without sections reads in 5 minutes", () => {
    expect(readingTime(post({ slug: "a", content: { introduction: words(3000), sections: [] } }))).toBe(5);
  });

  it("counts introduction, titles, paragraphs and highlights, rounding up", () => {
    const p = post({
      slug: "a",
      content: {
        introduction: words(100),
        sections: [{ title: "Um título", paragraphs: [words(298)], highlights: ["dois itens"] }],
      },
    });
    // 100 + 2 + 298 + 2 = 402 words → 2.01 minutes → 3
    expect(readingTime(p)).toBe(3);
  });

  it("exactly 200 words is one minute", () => {
    const p = post({
      slug: "a",
      content: {
        introduction: words(100),
        sections: [{ title: "x", paragraphs: [words(99)], highlights: [] }],
      },
    });
    expect(readingTime(p)).toBe(1);
  });

  it("an explicit readTime wins", () => {
    expect(readingTime(post({ slug: "a", readTime: 12 }))).toBe(12);
  });
});

describe("B §2.7 — search, category and tag filters", () => {
  const posts = [
    post({
      slug: "erp",
      title: "Como escolher um ERP",
      category: "ERP",
      tags: ["pequenas empresas", "gestão"],
    }),
    post({
      slug: "caixa",
      title: "Fluxo de caixa na prática",
      category: "Finanças",
      tags: ["gestão financeira"],
    }),
    post({
      slug: "lgpd",
      title: "LGPD no sistema de gestão",
      category: "Segurança",
      tags: ["LGPD", "gestão"],
    }),
  ];

  it("no filter gives every post", () => {
    expect(filterPosts(posts, {})).toHaveLength(3);
  });

  it("search ignores case and accents and needs every word", () => {
    expect(filterPosts(posts, { q: "GESTAO" }).map((p) => p.slug)).toEqual(["erp", "caixa", "lgpd"]);
    expect(filterPosts(posts, { q: "Sistema GESTÃO" }).map((p) => p.slug)).toEqual(["lgpd"]);
    expect(filterPosts(posts, { q: "fluxo caixa" }).map((p) => p.slug)).toEqual(["caixa"]);
    expect(filterPosts(posts, { q: "fluxo lgpd" })).toEqual([]);
  });

  it("search ignores hyphens and dots and reads the post's text: 'nfe' finds NF-e", () => {
    const nfe = post({
      slug: "nfe",
      title: "Nota fiscal sem dor de cabeça",
      category: "Fiscal",
      content: {
        introduction: "Como emitir a NF-e e a NFS-e direto do ERP.",
        sections: [{ title: "S.A. e Ltda.", paragraphs: ["Regimes tributários."], highlights: [] }],
      },
    });
    const all = [...posts, nfe];
    expect(filterPosts(all, { q: "nfe" }).map((p) => p.slug)).toEqual(["nfe"]);
    expect(filterPosts(all, { q: "NF-e" }).map((p) => p.slug)).toEqual(["nfe"]);
    expect(filterPosts(all, { q: "nfse" }).map((p) => p.slug)).toEqual(["nfe"]);
    expect(filterPosts(all, { q: "sa tributarios" }).map((p) => p.slug)).toEqual(["nfe"]);
  });

  it("category and tag match whole values, case and accents ignored", () => {
    expect(filterPosts(posts, { category: "financas" }).map((p) => p.slug)).toEqual(["caixa"]);
    expect(filterPosts(posts, { tag: "Gestão" }).map((p) => p.slug)).toEqual(["erp", "lgpd"]);
    expect(filterPosts(posts, { tag: "gest" })).toEqual([]);
  });

  it("filters combine", () => {
    expect(filterPosts(posts, { tag: "gestão", category: "ERP" }).map((p) => p.slug)).toEqual(["erp"]);
    expect(filterPosts(posts, { tag: "gestão", q: "caixa" })).toEqual([]);
  });
});

describe("B §9.6 — 9 posts a page", () => {
  const items = Array.from({ length: 20 }, (_, i) => i);

  it("splits into pages of 9", () => {
    expect(paginate(items, 1)).toMatchObject({
      page: 1,
      pageCount: 3,
      total: 20,
      items: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    });
    expect(paginate(items, 3).items).toEqual([18, 19]);
  });

  it("a page past the end gives the last; a bad number the first", () => {
    expect(paginate(items, 7).page).toBe(3);
    expect(paginate(items, 0).page).toBe(1);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate(items, 1.5).page).toBe(1);
  });

  it("an empty list has one empty page", () => {
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});

describe("featured, related and recent posts, statistics and card tags", () => {
  const posts = [
    post({ slug: "a", publishDate: "2026-03-01", featured: true, category: "ERP", tags: ["x", "y"] }),
    post({ slug: "b", publishDate: "2026-04-01", featured: true, category: "Vendas", tags: ["y"] }),
    post({ slug: "c", publishDate: "2026-05-01", featured: true, category: "ERP", tags: ["z"] }),
    post({ slug: "d", publishDate: "2026-06-01", featured: true, category: "Gestão", tags: [] }),
    post({ slug: "e", publishDate: "2026-07-01", category: "ERP", tags: ["x", "y"] }),
  ];

  it("at most 3 featured, newest first", () => {
    expect(featuredPosts(posts).map((p) => p.slug)).toEqual(["d", "c", "b"]);
  });

  it("related: same category and shared tags first, never the post itself, 3 at most", () => {
    expect(relatedPosts(posts[0]!, posts).map((p) => p.slug)).toEqual(["e", "c", "b"]);
  });

  it("recent: the 5 newest other than the one shown", () => {
    expect(recentPosts(posts, "e").map((p) => p.slug)).toEqual(["d", "c", "b", "a"]);
    expect(recentPosts(posts, undefined, 2).map((p) => p.slug)).toEqual(["e", "d"]);
  });

  it("statistics: each category with its posts, largest first, ties in the newest posts' order", () => {
    expect(categoryCounts(posts)).toEqual([
      { category: "ERP", posts: 3 },
      { category: "Gestão", posts: 1 },
      { category: "Vendas", posts: 1 },
    ]);
  });

  it("a card shows 2 tags, a featured card 3", () => {
    expect(cardTags(["a", "b", "c", "d"], false)).toEqual(["a", "b"]);
    expect(cardTags(["a", "b", "c", "d"], true)).toEqual(["a", "b", "c"]);
  });
});
