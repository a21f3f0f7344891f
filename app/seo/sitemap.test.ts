import type { AppLoadContext, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { loader as robotsLoader } from "../routes/robots.ts";
import { loader as sitemapLoader } from "../routes/sitemap.ts";
import {
  PARTNER_PATHS,
  ROBOTS_DISALLOW,
  robotsTxt,
  SITEMAP_PATHS,
  siteBaseUrl,
  sitemapEntries,
  sitemapXml,
} from "./sitemap.ts";

const SEGMENTS = ["agronegocio", "industria", "comercio"];

describe("siteBaseUrl: segment subdomains of the public base address", () => {
  it("returns the main site's base unchanged", () => {
    expect(siteBaseUrl("https://www.example.com.br", null)).toBe("https://www.example.com.br");
    expect(siteBaseUrl("https://www.example.com.br/", null)).toBe("https://www.example.com.br");
  });

  it("drops a leading www and puts the segment first", () => {
    expect(siteBaseUrl("https://www.example.com.br", "agronegocio")).toBe(
      "https://agronegocio.example.com.br",
    );
    expect(siteBaseUrl("https://example.com", "comercio")).toBe("https://comercio.example.com");
  });

  it("keeps scheme, port and a base path", () => {
    expect(siteBaseUrl("http://localhost:3000", "agronegocio")).toBe("http://agronegocio.localhost:3000");
    expect(siteBaseUrl("https://www.example.com:8443/site/", "servicos")).toBe(
      "https://servicos.example.com:8443/site",
    );
  });

  it("gives no segment address for an IP address", () => {
    expect(siteBaseUrl("http://127.0.0.1:3000", "agronegocio")).toBeNull();
    expect(siteBaseUrl("http://[::1]:3000", "agronegocio")).toBeNull();
    expect(siteBaseUrl("http://127.0.0.1:3000", null)).toBe("http://127.0.0.1:3000");
  });
});

describe("sitemapEntries", () => {
  const entries = sitemapEntries("https://www.example.com.br", SEGMENTS);
  const locs = entries.map((e) => e.loc);

  it("lists every public page, for the main site and each segment, in pt and en", () => {
    expect(entries).toHaveLength((1 + SEGMENTS.length) * SITEMAP_PATHS.length * 2);
    for (const page of ["/planos", "/demonstracao", "/demo", "/contato", "/fale-conosco", "/teste-gratis"]) {
      expect(locs).toContain(`https://www.example.com.br${page}`);
      expect(locs).toContain(`https://www.example.com.br/en${page}`);
      expect(locs).toContain(`https://agronegocio.example.com.br${page}`);
    }
    for (const page of [...PARTNER_PATHS, "/blog"]) {
      expect(locs).toContain(`https://comercio.example.com.br${page}`);
    }
    expect(locs).toContain("https://www.example.com.br/");
    expect(locs).toContain("https://www.example.com.br/en");
    expect(locs).toContain("https://industria.example.com.br/");
  });

  it("leaves out sign-in, accounts, admin and API", () => {
    expect(locs.filter((loc) => /\/(login|dashboard|admin|user|api)(\/|$)/.test(loc))).toEqual([]);
  });

  it("lists each address once", () => {
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("gives each entry its pt-BR, en and x-default alternates on the same host", () => {
    const entry = entries.find((e) => e.loc === "https://agronegocio.example.com.br/en/planos")!;
    expect(entry.alternates).toEqual([
      { hrefLang: "pt-BR", href: "https://agronegocio.example.com.br/planos" },
      { hrefLang: "en", href: "https://agronegocio.example.com.br/en/planos" },
      { hrefLang: "x-default", href: "https://agronegocio.example.com.br/planos" },
    ]);
  });

  it("lists only the main site when the base is an IP address", () => {
    const local = sitemapEntries("http://127.0.0.1:3000", SEGMENTS);
    expect(local).toHaveLength(SITEMAP_PATHS.length * 2);
  });
});

describe("sitemapXml", () => {
  const xml = sitemapXml(sitemapEntries("https://www.example.com.br", ["agronegocio"]));

  it("is a sitemaps.org urlset with the xhtml namespace", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("writes loc and hreflang links", () => {
    expect(xml).toContain("<loc>https://agronegocio.example.com.br/contato</loc>");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="https://agronegocio.example.com.br/en/contato"/>',
    );
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com.br/"/>',
    );
    expect(xml.match(/<url>/g)).toHaveLength(2 * SITEMAP_PATHS.length * 2);
  });

  it("escapes XML special characters", () => {
    const escaped = sitemapXml([
      { loc: "https://x.com/a?b=1&c=<2>", alternates: [{ hrefLang: "en", href: "https://x.com/'\"" }] },
    ]);
    expect(escaped).toContain("<loc>https://x.com/a?b=1&amp;c=&lt;2&gt;</loc>");
    expect(escaped).toContain('href="https://x.com/&apos;&quot;"');
  });
});

describe("robotsTxt", () => {
  it("allows the site, disallows admin, accounts, API and sign-in, names the sitemap", () => {
    const text = robotsTxt("https://www.example.com.br/");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/admin", "/dashboard", "/user", "/api", "/login"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toHaveLength(ROBOTS_DISALLOW.length + 5);
    expect(lines).toContain("Sitemap: https://www.example.com.br/sitemap.xml");
  });

  it("closes the admin subdomain altogether", () => {
    const text = robotsTxt("https://www.example.com.br", { adminHost: true });
    expect(text).toContain("Disallow: /\n");
    expect(text).not.toContain("Allow: /\n");
    expect(text).toContain("Sitemap: https://www.example.com.br/sitemap.xml");
  });
});

describe("the /sitemap.xml and /robots.txt routes", () => {
  function args(adminHost = false): LoaderFunctionArgs<AppLoadContext> {
    const context = {
      services: {
        config: { publicBaseUrl: "https://www.example.com.br" },
        content: { get: async () => null },
        domains: { subdomains: { agronegocio: { name: "Agronegócio" }, comercio: { name: "Comércio" } } },
      },
      request: { adminHost },
    } as unknown as AppLoadContext;
    return { request: new Request("https://www.example.com.br/sitemap.xml"), params: {}, context } as never;
  }

  it("answers XML with the one-hour cache hint", async () => {
    const response = await sitemapLoader(args());
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const body = await response.text();
    expect(body).toContain("<loc>https://comercio.example.com.br/planos</loc>");
    expect(body.match(/<url>/g)).toHaveLength(3 * SITEMAP_PATHS.length * 2);
  });

  it("answers robots.txt as text, closed on the admin host", async () => {
    const response = robotsLoader(args());
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await response.text()).toContain("Disallow: /api");
    expect(await robotsLoader(args(true)).text()).toContain("Disallow: /\n");
  });
});

describe("content pages and blog posts in the sitemap, with their last change", () => {
  it("adds each content path in both languages, with lastmod when known", () => {
    const entries = sitemapEntries(
      "https://www.vertice.com.br",
      [],
      [{ path: "/sobre" }, { path: "/blog/como-escolher-um-erp", lastmod: "2026-03-10" }],
    );
    const post = entries.filter((e) => e.loc.includes("como-escolher-um-erp"));
    expect(post.map((e) => e.loc)).toEqual([
      "https://www.vertice.com.br/blog/como-escolher-um-erp",
      "https://www.vertice.com.br/en/blog/como-escolher-um-erp",
    ]);
    expect(post[0]!.lastmod).toBe("2026-03-10");
    expect(entries.find((e) => e.loc === "https://www.vertice.com.br/sobre")).not.toHaveProperty("lastmod");
    const xml = sitemapXml(post);
    expect(xml).toContain("<lastmod>2026-03-10</lastmod>");
    expect(xml).toContain('hreflang="en" href="https://www.vertice.com.br/en/blog/como-escolher-um-erp"');
  });
});
