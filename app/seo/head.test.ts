import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { domainConfigSchema } from "@domain/domain-config.ts";
import { type SeoConfig, seoConfigSchema } from "@domain/seo/config.ts";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import {
  alternates,
  buildPageHead,
  canonicalUrl,
  fillTemplate,
  HEAD_LANGUAGES,
  imageType,
  internationalPhone,
  LIMITS,
  normalizePath,
  type PageHeadInput,
  pathLanguage,
  resolveHead,
  seoForHost,
  shareImageFor,
  truncate,
  uniqueKeywords,
} from "./head.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const readJson = (relative: string): unknown => JSON.parse(readFileSync(path.join(ROOT, relative), "utf8"));

/** A string of exactly `n` characters made of words ("aaaa aaaa ..."), no trailing space. */
function words(n: number): string {
  return Array.from({ length: n }, (_, i) => ((i + 1) % 5 === 0 ? " " : "a"))
    .join("")
    .replace(/ $/, "b");
}

const config: SeoConfig = seoConfigSchema.parse({
  global: {
    siteName: "Vértice",
    baseUrl: "https://config.example.com",
    company: {
      name: "Vértice Sistemas de Gestão",
      logo: "/images/logo.svg",
      socialMedia: [
        "https://www.facebook.com/verticegestao",
        "https://www.linkedin.com/company/verticegestao",
      ],
      phone: "(62) 3333-4000",
      email: "contato@vertice.com.br",
      address: { country: "BR", region: "Goiás", locality: "Goiânia" },
    },
  },
  segmentos: {
    agronegocio: {
      name: "Agronegócio",
      color: "#2e7d32",
      description: "custo por safra e rastreabilidade.",
      keywords: ["ERP para agronegócio", "gestão rural", "erp"],
    },
    industria: {
      name: "Indústria",
      color: "#455a64",
      keywords: ["PCP"],
      shareImage: "https://cdn.example.com/industria.png",
    },
  },
  titleTemplates: {
    home: { default: "{siteName} | ERP, CRM e IA", segment: "ERP para {segmentName} | {siteName}" },
    planos: "{pageTitle} | {siteName}",
    default: "{pageTitle} | {siteName}",
  },
  descriptionTemplates: {
    home: {
      default: "ERP, CRM e inteligência artificial.",
      segment: "ERP para {segmentName}: {segmentDescription}",
    },
    default: "{pageDescription}",
  },
  keywords: ["ERP", "gestão empresarial", "CRM"],
  dynamicContent: {
    planos: { title: "Planos e preços", description: "Compare os planos.", keywords: ["preço de ERP"] },
  },
  schema: { description: "Software de gestão empresarial." },
  seoDefaults: { shareImage: "/images/og/default.png", twitterHandle: "@verticegestao", locale: "pt_BR" },
});

const BASE = "https://www.example.com.br";

function head(overrides: Partial<PageHeadInput> = {}): MetaDescriptor[] {
  return buildPageHead({
    config,
    routeKey: "home",
    path: "/",
    language: "pt",
    segment: null,
    baseUrl: BASE,
    ...overrides,
  });
}

/** Content of the meta tag with that name or property; the title for "title". */
function tag(meta: MetaDescriptor[], key: string): string | undefined {
  for (const item of meta) {
    const entry = item as Record<string, unknown>;
    if (key === "title" && typeof entry.title === "string") return entry.title;
    if (entry.name === key || entry.property === key) return entry.content as string;
  }
  return undefined;
}

function links(meta: MetaDescriptor[], rel: string) {
  return meta
    .map((item) => item as Record<string, string>)
    .filter((item) => item.tagName === "link" && item.rel === rel);
}

function jsonLd(meta: MetaDescriptor[]): Record<string, unknown>[] {
  return meta
    .map((item) => (item as Record<string, unknown>)["script:ld+json"])
    .filter((item): item is Record<string, unknown> => item !== undefined);
}

describe("truncate: limits of A §9, '...' counted in the limit", () => {
  it.each([59, 60])("leaves a %i-character text whole under a 60 limit", (n) => {
    const text = words(n);
    expect(text).toHaveLength(n);
    expect(truncate(text, 60)).toBe(text);
  });

  it("cuts a 61-character text to at most 60, ending with '...'", () => {
    const result = truncate(words(61), 60);
    expect(result.length).toBeLessThanOrEqual(60);
    expect(result.endsWith("...")).toBe(true);
  });

  it("leaves a description of exactly 160 characters whole, cuts one of 161", () => {
    expect(truncate(words(160), 160)).toBe(words(160));
    const cut = truncate(words(161), 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("...")).toBe(true);
  });

  it("counts the '...' in the limit: a hard cut is exactly the limit long", () => {
    const result = truncate("x".repeat(100), 60);
    expect(result).toBe(`${"x".repeat(57)}...`);
    expect(result).toHaveLength(60);
  });

  it("cuts after the last whole word", () => {
    expect(truncate("Gestão financeira completa para pequenas empresas", 30)).toBe(
      "Gestão financeira completa...",
    );
  });

  it("keeps a word that ends exactly at the cut", () => {
    // room = 17: "Gestão financeira" ends there and a space follows.
    expect(truncate("Gestão financeira completa", 20)).toBe("Gestão financeira...");
  });

  it("cuts inside a word when the last space would waste more than half of the room", () => {
    const result = truncate("ERP supercalifragilisticexpialidocious-enterprise", 30);
    expect(result).toBe("ERP supercalifragilisticexp...");
    expect(result).toHaveLength(30);
  });

  it("drops punctuation and separators left before the '...'", () => {
    expect(truncate("ERP, CRM, inteligência artificial", 12)).toBe("ERP, CRM...");
    expect(truncate("Planos | Vértice gestão", 12)).toBe("Planos...");
  });

  it("trims and collapses whitespace, never cuts a text that fits once trimmed", () => {
    expect(truncate(`   ${words(60)}   `, 60)).toBe(words(60));
    expect(truncate("ERP \n  e   CRM", 60)).toBe("ERP e CRM");
  });

  it("counts accented letters and emoji as one character each", () => {
    const accented = "ç".repeat(60);
    expect(truncate(accented, 60)).toBe(accented);
    const emoji = "🚀".repeat(61);
    expect(Array.from(truncate(emoji, 60))).toHaveLength(60);
  });

  it("handles limits too small for any text", () => {
    expect(truncate("abcdef", 3)).toBe("...");
    expect(truncate("abcdef", 0)).toBe("");
  });
});

describe("fillTemplate", () => {
  it("does not repeat the site's name a page title already ends with", () => {
    expect(
      fillTemplate("{pageTitle} | {siteName}", {
        pageTitle: "Política de Privacidade | Vértice",
        siteName: "Vértice",
      }),
    ).toBe("Política de Privacidade | Vértice");
    expect(fillTemplate("{pageTitle} | Blog Vértice", { pageTitle: "Blog Vértice" })).toBe("Blog Vértice");
    expect(fillTemplate("{pageTitle} | {siteName}", { pageTitle: "Vértice ERP", siteName: "Vértice" })).toBe(
      "Vértice ERP | Vértice",
    );
  });

  it("replaces every placeholder", () => {
    expect(
      fillTemplate("{pageTitle} | {siteName} {segmentName}", {
        pageTitle: "Planos",
        siteName: "Vértice",
        segmentName: "Indústria",
      }),
    ).toBe("Planos | Vértice Indústria");
  });

  it("drops a missing value together with the separator next to it", () => {
    expect(fillTemplate("{pageTitle} | {siteName}", { siteName: "Vértice" })).toBe("Vértice");
    expect(fillTemplate("{siteName} | {pageTitle}", { siteName: "Vértice", pageTitle: "  " })).toBe(
      "Vértice",
    );
    expect(fillTemplate("Blog: {pageTitle}", {})).toBe("Blog");
    expect(fillTemplate("{siteName} {segmentName}", { siteName: "Vértice" })).toBe("Vértice");
  });

  it("leaves unknown placeholders empty, even names of object properties", () => {
    expect(fillTemplate("{constructor}{toString} {siteName}", { siteName: "Vértice" })).toBe("Vértice");
  });

  it("collapses the separators left between two missing values", () => {
    expect(fillTemplate("A | {pageTitle} | {segmentName} | B", {})).toBe("A | B");
  });

  it("leaves hyphenated words and inner punctuation alone", () => {
    expect(
      fillTemplate("E-commerce: {pageTitle} - {siteName}", { pageTitle: "NFC-e", siteName: "Vértice" }),
    ).toBe("E-commerce: NFC-e - Vértice");
  });
});

describe("uniqueKeywords: at most 20, unique without regard to case", () => {
  it("keeps the first 20 of 21 distinct keywords", () => {
    const list = Array.from({ length: 21 }, (_, i) => `palavra ${i + 1}`);
    const result = uniqueKeywords(list);
    expect(result).toHaveLength(LIMITS.keywords);
    expect(result.at(-1)).toBe("palavra 20");
  });

  it("drops duplicates that differ only in case, keeping the first spelling", () => {
    expect(uniqueKeywords(["ERP", "CRM"], ["erp", "Gestão"], ["GESTÃO", "crm"])).toEqual([
      "ERP",
      "CRM",
      "Gestão",
    ]);
  });

  it("trims, collapses spaces and drops empty keywords", () => {
    expect(uniqueKeywords(["  ERP  ", "", "   ", "nota   fiscal", "ERP"], null, undefined)).toEqual([
      "ERP",
      "nota fiscal",
    ]);
  });

  it("counts only unique keywords toward the 20", () => {
    const list = [...Array.from({ length: 19 }, (_, i) => `k${i}`), "K0", "K1", "último"];
    expect(uniqueKeywords(list)).toHaveLength(20);
    expect(uniqueKeywords(list).at(-1)).toBe("último");
  });
});

describe("shareImageFor: derived from the segment (A §9)", () => {
  it("names the segment's image, or the default one", () => {
    expect(shareImageFor("agronegocio")).toBe("/images/og/agronegocio.png");
    expect(shareImageFor(null)).toBe("/images/og/default.png");
  });
});

describe("canonicalUrl and alternates", () => {
  it("has no language prefix in Portuguese and /en or /es otherwise", () => {
    expect(canonicalUrl(BASE, "/planos", "pt")).toBe(`${BASE}/planos`);
    expect(canonicalUrl(BASE, "/planos", "en")).toBe(`${BASE}/en/planos`);
    expect(canonicalUrl(BASE, "/planos", "es")).toBe(`${BASE}/es/planos`);
  });

  it("keeps the slash of the main root only", () => {
    expect(canonicalUrl(BASE, "/", "pt")).toBe(`${BASE}/`);
    expect(canonicalUrl(BASE, "/", "en")).toBe(`${BASE}/en`);
    expect(canonicalUrl(BASE, "/planos/", "pt")).toBe(`${BASE}/planos`);
    expect(canonicalUrl(`${BASE}/`, "", "pt")).toBe(`${BASE}/`);
  });

  it("replaces a language prefix already in the path and drops query and fragment", () => {
    expect(canonicalUrl(BASE, "/en/planos?utm_source=x#topo", "pt")).toBe(`${BASE}/planos`);
    expect(canonicalUrl(BASE, "/pt", "en")).toBe(`${BASE}/en`);
    expect(normalizePath("//blog//post/")).toBe("/blog/post");
  });

  it("keeps a base address with a path", () => {
    expect(canonicalUrl("https://example.com/site", "/planos", "en")).toBe(
      "https://example.com/site/en/planos",
    );
  });

  it("lists Portuguese, English and x-default (the Portuguese page)", () => {
    expect(alternates(BASE, "/en/contato")).toEqual([
      { hrefLang: "pt-BR", href: `${BASE}/contato` },
      { hrefLang: "en", href: `${BASE}/en/contato` },
      { hrefLang: "x-default", href: `${BASE}/contato` },
    ]);
  });

  it("tells the language an address names by its prefix (pt, en, es only)", () => {
    expect(pathLanguage("/es/planos?x=1")).toBe("es");
    expect(pathLanguage("/es")).toBe("es");
    expect(pathLanguage("es/planos")).toBe("es");
    expect(pathLanguage("/en#topo")).toBe("en");
    expect(pathLanguage("/pt/contato")).toBe("pt");
    expect(pathLanguage("/planos")).toBeNull();
    expect(pathLanguage("/espanhol")).toBeNull();
    expect(pathLanguage("/fr/planos")).toBeNull();
  });

  it("lists Spanish too when asked for the page-head languages of A §9 (pt, en, es)", () => {
    expect(HEAD_LANGUAGES).toEqual(["pt", "en", "es"]);
    expect(alternates(BASE, "/es/contato", HEAD_LANGUAGES)).toEqual([
      { hrefLang: "pt-BR", href: `${BASE}/contato` },
      { hrefLang: "en", href: `${BASE}/en/contato` },
      { hrefLang: "es", href: `${BASE}/es/contato` },
      { hrefLang: "x-default", href: `${BASE}/contato` },
    ]);
    expect(alternates(BASE, "/", HEAD_LANGUAGES).map((alt) => alt.href)).toEqual([
      `${BASE}/`,
      `${BASE}/en`,
      `${BASE}/es`,
      `${BASE}/`,
    ]);
  });
});

describe("internationalPhone", () => {
  it("writes Brazilian numbers with the +55 prefix", () => {
    expect(internationalPhone("(62) 3333-4000", "BR")).toBe("+55 62 3333-4000");
    expect(internationalPhone("(62) 99999-4000", "Brasil")).toBe("+55 62 99999-4000");
  });

  it("leaves international or foreign numbers alone", () => {
    expect(internationalPhone("+1 555 0100", "BR")).toBe("+1 555 0100");
    expect(internationalPhone("020 7946 0018", "GB")).toBe("020 7946 0018");
    expect(internationalPhone("4000", "BR")).toBe("4000");
  });
});

describe("buildPageHead: texts", () => {
  it("fills the route's template and keeps every limit", () => {
    const long = "Um título de página propositalmente longo para passar de todos os limites de caracteres";
    const description = `${"Uma descrição longa da página que continua e continua. ".repeat(8)}Fim.`;
    const meta = head({ routeKey: "planos", pageTitle: long, pageDescription: description });
    expect(tag(meta, "title")!.length).toBeLessThanOrEqual(60);
    expect(tag(meta, "title")!.endsWith("...")).toBe(true);
    expect(tag(meta, "description")!.length).toBeLessThanOrEqual(160);
    expect(tag(meta, "og:title")!.length).toBeLessThanOrEqual(70);
    expect(tag(meta, "twitter:title")!.length).toBeLessThanOrEqual(70);
    expect(tag(meta, "og:description")!.length).toBeLessThanOrEqual(300);
    expect(tag(meta, "twitter:description")!.length).toBeLessThanOrEqual(200);
    // Social titles have more room than the title, and both start the same.
    expect(tag(meta, "og:title")!.length).toBeGreaterThan(tag(meta, "title")!.length);
    expect(tag(meta, "og:description")!.length).toBeGreaterThan(tag(meta, "twitter:description")!.length);
  });

  it("uses the page texts of dynamicContent when the route gives none", () => {
    const meta = head({ routeKey: "planos" });
    expect(tag(meta, "title")).toBe("Planos e preços | Vértice");
    expect(tag(meta, "description")).toBe("Compare os planos.");
  });

  it("prefers the route's own title and description", () => {
    const meta = head({ routeKey: "planos", pageTitle: "Preços", pageDescription: "Tabela." });
    expect(tag(meta, "title")).toBe("Preços | Vértice");
    expect(tag(meta, "description")).toBe("Tabela.");
  });

  it("falls back to the default template, then to the site name and organisation description", () => {
    const meta = head({ routeKey: "sobre" });
    expect(tag(meta, "title")).toBe("Vértice");
    expect(tag(meta, "description")).toBe("Software de gestão empresarial.");
  });

  it("changes title and description on a segment subdomain (A §2)", () => {
    const main = head();
    const segment = head({ segment: "agronegocio" });
    expect(tag(main, "title")).toBe("Vértice | ERP, CRM e IA");
    expect(tag(segment, "title")).toBe("ERP para Agronegócio | Vértice");
    expect(tag(segment, "description")).toBe("ERP para Agronegócio: custo por safra e rastreabilidade.");
    expect(tag(segment, "description")).not.toBe(tag(main, "description"));
  });

  it("treats a segment the document does not know as the main site", () => {
    expect(tag(head({ segment: "desconhecido" }), "title")).toBe(tag(head(), "title"));
  });

  it("combines site, segment and page keywords, unique", () => {
    expect(
      tag(head({ routeKey: "planos", segment: "agronegocio", pageKeywords: ["CRM", "planos"] }), "keywords"),
    ).toBe("ERP, gestão empresarial, CRM, ERP para agronegócio, gestão rural, preço de ERP, planos");
  });

  it("sends at most 20 keywords", () => {
    const pageKeywords = Array.from({ length: 30 }, (_, i) => `extra ${i}`);
    const keywords = tag(head({ pageKeywords }), "keywords")!.split(", ");
    expect(keywords).toHaveLength(20);
  });

  it("sets theme-color from the segment colour, the brand colour elsewhere", () => {
    expect(tag(head({ segment: "agronegocio" }), "theme-color")).toBe("#2e7d32");
    expect(tag(head(), "theme-color")).toBe("#0b3d91");
  });
});

describe("seoForHost", () => {
  it("keeps only the host's segment and gives the same head", () => {
    expect(Object.keys(seoForHost(config, "agronegocio").segmentos)).toEqual(["agronegocio"]);
    expect(seoForHost(config, null).segmentos).toEqual({});
    expect(seoForHost(config, "desconhecido").segmentos).toEqual({});
    for (const segment of [null, "agronegocio", "industria"]) {
      expect(head({ segment, config: seoForHost(config, segment) })).toEqual(head({ segment }));
    }
  });
});

describe("buildPageHead: social cards", () => {
  it("describes a 1200x630 image by its absolute address", () => {
    const meta = head();
    expect(tag(meta, "og:image")).toBe(`${BASE}/images/og/default.png`);
    expect(tag(meta, "og:image:width")).toBe("1200");
    expect(tag(meta, "og:image:height")).toBe("630");
    expect(tag(meta, "twitter:image")).toBe(`${BASE}/images/og/default.png`);
    expect(tag(meta, "twitter:card")).toBe("summary_large_image");
    expect(tag(meta, "twitter:site")).toBe("@verticegestao");
  });

  it("derives the image from the segment unless the segment names its own", () => {
    expect(tag(head({ segment: "agronegocio" }), "og:image")).toBe(`${BASE}/images/og/agronegocio.png`);
    expect(tag(head({ segment: "industria" }), "og:image")).toBe("https://cdn.example.com/industria.png");
  });

  it("gives the image's type from its extension", () => {
    expect(tag(head(), "og:image:type")).toBe("image/png");
    expect(tag(head({ segment: "industria" }), "og:image:type")).toBe("image/png");
    expect(imageType("/images/og/default.svg")).toBe("image/svg+xml");
    expect(imageType("https://cdn.example.com/card.JPG?v=2")).toBe("image/jpeg");
    expect(imageType("https://cdn.example.com/card")).toBeUndefined();
  });

  it("gives type, site name, address and locale", () => {
    const meta = head({ path: "/en/planos", routeKey: "planos", language: "en" });
    expect(tag(meta, "og:type")).toBe("website");
    expect(tag(meta, "og:site_name")).toBe("Vértice");
    expect(tag(meta, "og:url")).toBe(`${BASE}/en/planos`);
    expect(tag(meta, "og:locale")).toBe("en_US");
    expect(tag(meta, "og:locale:alternate")).toBe("pt_BR");
    expect(tag(head(), "og:locale")).toBe("pt_BR");
  });
});

describe("buildPageHead: canonical and alternates", () => {
  it("links the canonical address of the page's language", () => {
    expect(links(head({ path: "/planos" }), "canonical")).toEqual([
      { tagName: "link", rel: "canonical", href: `${BASE}/planos` },
    ]);
    expect(links(head({ path: "/en/planos", language: "en" }), "canonical")[0]!.href).toBe(
      `${BASE}/en/planos`,
    );
  });

  it("links the Portuguese, English, Spanish and x-default alternates (languages of A §9)", () => {
    const expected = [
      ["pt-BR", `${BASE}/planos`],
      ["en", `${BASE}/en/planos`],
      ["es", `${BASE}/es/planos`],
      ["x-default", `${BASE}/planos`],
    ];
    for (const [path, language] of [
      ["/planos", "pt"],
      ["/en/planos", "en"],
      ["/es/planos", "pt"],
    ] as const) {
      expect(
        links(head({ path, language }), "alternate").map((l) => [l.hrefLang, l.href]),
        path,
      ).toEqual(expected);
    }
  });

  it("gives a page under /es its own /es canonical, though its interface language is Portuguese", () => {
    // Spanish is recognised but not offered: the root loader hands the head the interface language, pt.
    expect(links(head({ path: "/es/planos", language: "pt" }), "canonical")[0]!.href).toBe(
      `${BASE}/es/planos`,
    );
    expect(links(head({ path: "/es", language: "pt" }), "canonical")[0]!.href).toBe(`${BASE}/es`);
    expect(links(head({ path: "/es/", language: "pt" }), "canonical")[0]!.href).toBe(`${BASE}/es`);
    expect(tag(head({ path: "/es/planos", language: "pt" }), "og:url")).toBe(`${BASE}/es/planos`);
  });

  it("canonical follows the address's prefix; without one, the page's language", () => {
    expect(links(head({ path: "/pt/planos", language: "pt" }), "canonical")[0]!.href).toBe(`${BASE}/planos`);
    expect(links(head({ path: "/planos", language: "en" }), "canonical")[0]!.href).toBe(`${BASE}/en/planos`);
    expect(links(head({ path: "/fr/planos", language: "pt" }), "canonical")[0]!.href).toBe(
      `${BASE}/fr/planos`,
    );
  });

  it("uses PUBLIC_BASE_URL over the document's baseUrl, and the document's when none is given", () => {
    expect(links(head({ baseUrl: "" }), "canonical")[0]!.href).toBe("https://config.example.com/");
    expect(tag(head({ baseUrl: "" }), "og:image")).toBe("https://config.example.com/images/og/default.png");
  });
});

describe("buildPageHead: structured data", () => {
  it("always has Organization and WebSite", () => {
    const [organization, website, ...rest] = jsonLd(head());
    expect(rest).toEqual([]);
    expect(organization).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${BASE}/#organization`,
      name: "Vértice Sistemas de Gestão",
      url: `${BASE}/`,
      logo: `${BASE}/images/logo.svg`,
      email: "contato@vertice.com.br",
      telephone: "+55 62 3333-4000",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Goiânia",
        addressRegion: "Goiás",
        addressCountry: "BR",
      },
      sameAs: ["https://www.facebook.com/verticegestao", "https://www.linkedin.com/company/verticegestao"],
    });
    expect(website).toMatchObject({
      "@type": "WebSite",
      url: `${BASE}/`,
      name: "Vértice",
      inLanguage: "pt-BR",
      publisher: { "@id": `${BASE}/#organization` },
    });
  });

  it("names the organisation by the main site on a segment subdomain", () => {
    const [organization, website] = jsonLd(
      head({ segment: "agronegocio", baseUrl: "https://agronegocio.example.com.br", mainBaseUrl: BASE }),
    );
    expect(organization).toMatchObject({ "@id": `${BASE}/#organization`, url: `${BASE}/` });
    expect(website).toMatchObject({
      url: "https://agronegocio.example.com.br/",
      publisher: { "@id": `${BASE}/#organization` },
    });
  });

  it("adds a Product with one BRL Offer per plan, prices with 2 decimals", () => {
    const plans = [
      { id: "essencial", name: "Essencial", monthly_price: 99.9 },
      { name: "Avançado", monthly_price: 249 },
    ];
    const data = jsonLd(head({ routeKey: "planos", path: "/planos", segment: "agronegocio", plans }));
    expect(data.map((d) => d["@type"])).toEqual(["Organization", "WebSite", "Product"]);
    const product = data[2]!;
    expect(product).toMatchObject({
      name: "Vértice Agronegócio",
      url: `${BASE}/planos`,
      brand: { "@type": "Brand", name: "Vértice" },
      image: `${BASE}/images/og/agronegocio.png`,
    });
    expect(product.offers).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        name: "Essencial",
        price: "99.90",
        priceCurrency: "BRL",
        url: `${BASE}/teste-gratis/essencial`,
      }),
      expect.objectContaining({
        name: "Avançado",
        price: "249.00",
        priceCurrency: "BRL",
        url: `${BASE}/planos`,
      }),
    ]);
  });

  it("adds no Product for an empty plan list", () => {
    expect(jsonLd(head({ plans: [] }))).toHaveLength(2);
  });
});

describe("seoConfigSchema", () => {
  const valid = readJson("content/data/seo-config.json") as Record<string, Record<string, unknown>>;

  it("refuses an unknown placeholder in a template", () => {
    const broken = { ...valid, titleTemplates: { default: "{pageTitel} | {siteName}" } };
    expect(seoConfigSchema.safeParse(broken).success).toBe(false);
  });

  it("requires a default template", () => {
    const broken = { ...valid, titleTemplates: { home: "{siteName}" } };
    expect(seoConfigSchema.safeParse(broken).success).toBe(false);
  });

  it("refuses a colour that is not hexadecimal and unknown fields", () => {
    const segmentos = { agronegocio: { name: "Agro", color: "green", keywords: [] } };
    expect(seoConfigSchema.safeParse({ ...valid, segmentos }).success).toBe(false);
    expect(seoConfigSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });
});

describe("the shipped seo-config documents", () => {
  const domains = domainConfigSchema.parse(readJson("content/config/domains.json"));
  const segments = Object.keys(domains.subdomains);
  const documents = [
    { file: "content/data/seo-config.json", language: "pt" as const, locale: "pt_BR" },
    { file: "content/data/en/seo-config.json", language: "en" as const, locale: "en_US" },
  ];
  const routeKeys = [
    "home",
    "planos",
    "demonstracao",
    "contato",
    "blog",
    "teste-gratis",
    "parceiros",
    "sobre",
  ];

  for (const { file, language, locale } of documents) {
    describe(file, () => {
      const parsed = seoConfigSchema.safeParse(readJson(file));

      it("is valid", () => {
        expect(parsed.error).toBeUndefined();
      });

      const doc = parsed.data!;

      it("describes every segment of config/domains.json, with 4 to 6 keywords each", () => {
        expect(Object.keys(doc.segmentos).sort()).toEqual([...segments].sort());
        for (const segment of Object.values(doc.segmentos)) {
          expect(segment.keywords.length).toBeGreaterThanOrEqual(4);
          expect(segment.keywords.length).toBeLessThanOrEqual(6);
        }
      });

      it("declares the locale of its language", () => {
        expect(doc.seoDefaults.locale).toBe(locale);
      });

      it.each([null, ...segments])(
        "fits every title and description without cutting (segment %s)",
        (segment) => {
          for (const routeKey of routeKeys) {
            const resolved = resolveHead({
              config: doc,
              routeKey,
              path: "/",
              language,
              segment,
              baseUrl: BASE,
            });
            expect(resolved.fullTitle.length, `${routeKey}: ${resolved.fullTitle}`).toBeLessThanOrEqual(60);
            expect(
              resolved.fullDescription.length,
              `${routeKey}: ${resolved.fullDescription}`,
            ).toBeLessThanOrEqual(160);
            expect(resolved.fullTitle).not.toMatch(/[{}]/);
            expect(resolved.fullDescription).not.toMatch(/[{}]/);
          }
        },
      );

      it("gives each segment its own home title and description", () => {
        const main = resolveHead({
          config: doc,
          routeKey: "home",
          path: "/",
          language,
          segment: null,
          baseUrl: BASE,
        });
        const titles = new Set([main.title]);
        for (const segment of segments) {
          const resolved = resolveHead({
            config: doc,
            routeKey: "home",
            path: "/",
            language,
            segment,
            baseUrl: BASE,
          });
          expect(resolved.description).not.toBe(main.description);
          titles.add(resolved.title);
        }
        expect(titles.size).toBe(segments.length + 1);
      });

      it("never needs to drop a keyword: site, segment and page lists stay within 20", () => {
        for (const segment of Object.values(doc.segmentos)) {
          for (const page of Object.values(doc.dynamicContent ?? {})) {
            const all = [...doc.keywords, ...segment.keywords, ...(page.keywords ?? [])];
            expect(all.length).toBeLessThanOrEqual(20);
          }
        }
      });
    });
  }

  it("ships a 1200x630 share image for the main site and each segment", () => {
    for (const image of [shareImageFor(null), ...segments.map(shareImageFor)]) {
      const file = path.join(ROOT, "public", image);
      expect(existsSync(file), image).toBe(true);
      // A PNG's IHDR chunk holds width and height as big-endian 32-bit numbers at bytes 16 and 20.
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString("latin1"), image).toBe("PNG");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], image).toEqual([1200, 630]);
      // Its editable source sits beside it (scripts/render-share-images.mjs renders one from the other).
      const svg = readFileSync(file.replace(/\.png$/, ".svg"), "utf8");
      expect(svg).toContain('width="1200"');
      expect(svg).toContain("Vértice");
    }
  });
});
