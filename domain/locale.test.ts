import { describe, expect, it } from "vitest";
import shippedDomains from "../content/config/domains.json";
import { domainConfigSchema } from "./domain-config.ts";
import {
  type DomainConfig,
  htmlLang,
  interfaceLanguage,
  type Language,
  type LanguageInputs,
  type LanguageSource,
  localizeHref,
  parseAcceptLanguage,
  resolveHost,
  resolveLanguage,
  splitLanguagePrefix,
} from "./locale.ts";

const config: DomainConfig = {
  domain: {},
  ignoredSubdomains: ["www"],
  adminSubdomain: "admin",
  subdomains: {
    agronegocio: { name: "Agronegócio" },
    industria: { name: "Indústria", defaultLanguage: "de" },
  },
};

describe("domainConfigSchema (content/config/domains.json)", () => {
  it("accepts the shipped configuration", () => {
    expect(domainConfigSchema.safeParse(shippedDomains).success).toBe(true);
  });

  it("accepts a configuration with default languages", () => {
    expect(domainConfigSchema.parse({ ...config, domain: { defaultLanguage: "en" } })).toEqual({
      ...config,
      domain: { defaultLanguage: "en" },
    });
  });

  it("rejects an unknown top-level key", () => {
    const result = domainConfigSchema.safeParse({ ...config, defaultSegment: "agronegocio" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe("unrecognized_keys");
  });

  it("rejects an unknown key inside a subdomain entry", () => {
    const result = domainConfigSchema.safeParse({
      ...config,
      subdomains: { agronegocio: { name: "Agro", colour: "green" } },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["subdomains", "agronegocio"]);
  });

  it("rejects a subdomain name with a dot (pattern: letters, digits, hyphen)", () => {
    const result = domainConfigSchema.safeParse({
      ...config,
      subdomains: { "agro.negocio": { name: "Agro" } },
    });
    expect(result.success).toBe(false);
  });

  it("rejects a subdomain name with uppercase letters", () => {
    const result = domainConfigSchema.safeParse({ ...config, subdomains: { Agro: { name: "Agro" } } });
    expect(result.success).toBe(false);
  });

  it("rejects a default language outside the accepted codes", () => {
    const result = domainConfigSchema.safeParse({ ...config, domain: { defaultLanguage: "ko" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["domain", "defaultLanguage"]);
  });
});

describe("resolveHost: segment from the Host header's first label (A §4, DESIGN Contracts)", () => {
  it.each([
    ["agronegocio.example.com", "agronegocio"],
    ["agronegocio.example.com:8080", "agronegocio"],
    ["agronegocio.localhost:3000", "agronegocio"],
    ["agronegocio.localhost", "agronegocio"],
    ["industria.example.com", "industria"],
  ])("%s gives segment %s", (host, segment) => {
    expect(resolveHost(host, config)).toEqual({ kind: "site", segment });
  });

  it("is case-insensitive (uppercase host)", () => {
    expect(resolveHost("AgroNegocio.Example.COM", config)).toEqual({ kind: "site", segment: "agronegocio" });
    expect(resolveHost("ADMIN.EXAMPLE.COM:443", config)).toEqual({ kind: "admin" });
  });

  it("ignores surrounding whitespace", () => {
    expect(resolveHost("  agronegocio.example.com  ", config)).toEqual({
      kind: "site",
      segment: "agronegocio",
    });
  });

  it("www is ignored: no segment", () => {
    expect(resolveHost("www.example.com", config)).toEqual({ kind: "site", segment: null });
  });

  it("admin opens the admin area", () => {
    expect(resolveHost("admin.example.com", config)).toEqual({ kind: "admin" });
    expect(resolveHost("admin.localhost:3000", config)).toEqual({ kind: "admin" });
  });

  it("an unknown label means no segment", () => {
    expect(resolveHost("blog.example.com", config)).toEqual({ kind: "site", segment: null });
    expect(resolveHost("example.com", config)).toEqual({ kind: "site", segment: null });
  });

  it("the shipped configuration: the six segments of the site and nothing else (decision 129)", () => {
    const shipped = domainConfigSchema.parse(shippedDomains);
    expect(Object.keys(shipped.subdomains)).toEqual([
      "agronegocio",
      "industria",
      "distribuicao",
      "comercio",
      "construcao",
      "servicos",
    ]);
    // cafe, loja and restaurante had no content of their own: they are labels like any other.
    for (const label of ["cafe", "loja", "restaurante", "blog"])
      expect(resolveHost(`${label}.localhost:3000`, shipped), label).toEqual({ kind: "site", segment: null });
    expect(resolveHost("comercio.localhost:3000", shipped)).toEqual({ kind: "site", segment: "comercio" });
  });

  it("a label that only exists as an Object prototype key is not a segment", () => {
    expect(resolveHost("constructor.example.com", config)).toEqual({ kind: "site", segment: null });
  });

  it.each([
    ["localhost"],
    ["localhost:3000"],
    ["127.0.0.1"],
    ["127.0.0.1:3000"],
    ["192.168.0.10:3000"],
    ["[::1]"],
    ["[::1]:3000"],
    [""],
  ])("%j has no segment", (host) => {
    expect(resolveHost(host, config)).toEqual({ kind: "site", segment: null });
  });

  it("a missing Host header has no segment", () => {
    expect(resolveHost(undefined, config)).toEqual({ kind: "site", segment: null });
  });

  it("a label with characters outside letters, digits and hyphen has no segment", () => {
    expect(resolveHost("agro_negocio.example.com", config)).toEqual({ kind: "site", segment: null });
    expect(resolveHost("agronegócio.example.com", config)).toEqual({ kind: "site", segment: null });
    expect(resolveHost("agro negocio.example.com", config)).toEqual({ kind: "site", segment: null });
  });

  it("a label containing invalid characters is refused even when the segment list has a similar name", () => {
    const custom: DomainConfig = { ...config, subdomains: { ...config.subdomains, "agro-1": { name: "A" } } };
    expect(resolveHost("agro-1.example.com", custom)).toEqual({ kind: "site", segment: "agro-1" });
    expect(resolveHost("agro+1.example.com", custom)).toEqual({ kind: "site", segment: null });
  });
});

describe("splitLanguagePrefix: only /pt, /en and /es are path prefixes (A §2)", () => {
  it.each([
    ["/en/planos", "en", "/planos"],
    ["/en", "en", "/"],
    ["/pt/", "pt", "/"],
    ["/pt", "pt", "/"],
    ["/es/blog", "es", "/blog"],
    ["/es/blog/post-1", "es", "/blog/post-1"],
  ])("%s gives %s and %s", (pathname, language, path) => {
    expect(splitLanguagePrefix(pathname)).toEqual({ language, path });
  });

  it.each([
    ["/english"],
    ["/enx/planos"],
    ["/fr/x"],
    ["/de"],
    ["/planos"],
    ["/"],
    ["/EN/planos"],
    ["/blog/en"],
  ])("%s has no language prefix and keeps the path", (pathname) => {
    expect(splitLanguagePrefix(pathname)).toEqual({ language: null, path: pathname });
  });
});

describe("parseAcceptLanguage: browser language, best first", () => {
  it("orders by q-value", () => {
    expect(parseAcceptLanguage("en;q=0.5, es;q=0.9, pt")).toEqual(["pt", "es", "en"]);
  });

  it("keeps header order between equal q-values", () => {
    expect(parseAcceptLanguage("es, en")).toEqual(["es", "en"]);
    expect(parseAcceptLanguage("en;q=0.8, es;q=0.8")).toEqual(["en", "es"]);
  });

  it("reduces region subtags to the language code", () => {
    expect(parseAcceptLanguage("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7")).toEqual(["pt", "en"]);
    expect(parseAcceptLanguage("EN-gb")).toEqual(["en"]);
  });

  it("drops codes the site does not accept", () => {
    expect(parseAcceptLanguage("ko, xx, fr;q=0.1, *;q=0.05")).toEqual(["fr"]);
  });

  it("drops q=0 (explicitly refused)", () => {
    expect(parseAcceptLanguage("en;q=0, es")).toEqual(["es"]);
    expect(parseAcceptLanguage("en;q=0.0")).toEqual([]);
  });

  it("removes duplicates, keeping the best position", () => {
    expect(parseAcceptLanguage("es;q=0.2, en;q=0.5, es-MX;q=0.9")).toEqual(["es", "en"]);
    expect(parseAcceptLanguage("en-US, en-GB;q=0.8, en;q=0.5, de;q=0.4")).toEqual(["en", "de"]);
  });

  it.each([[""], [null], [undefined]])("%j gives no language", (header) => {
    expect(parseAcceptLanguage(header)).toEqual([]);
  });
});

/**
 * Language choice order (A §4 + DESIGN: cookie holds the saved choice, path prefix first):
 * path prefix > cookie > query (development only) > subdomain default > domain default >
 * Accept-Language > 'pt'. Every step gets a distinct language so the winner is unambiguous.
 */
type Step = { source: LanguageSource; language: Language; inputs: Partial<LanguageInputs> };

const steps: Step[] = [
  { source: "path", language: "es", inputs: { pathPrefix: "es" } },
  { source: "cookie", language: "en", inputs: { cookie: "en" } },
  { source: "query", language: "fr", inputs: { query: "fr" } },
  // 'industria' has defaultLanguage de in the test configuration.
  { source: "subdomain-default", language: "de", inputs: { segment: "industria" } },
  {
    source: "domain-default",
    language: "it",
    inputs: { domainConfig: { ...config, domain: { defaultLanguage: "it" } } },
  },
  { source: "browser", language: "ja", inputs: { acceptLanguage: "ja, zh;q=0.5" } },
];

/** Each step sets a different field, so their inputs combine without overlapping. */
function inputsWith(active: Step[], base: Partial<LanguageInputs> = {}): LanguageInputs {
  return Object.assign(
    { isProduction: false, segment: null, domainConfig: config },
    base,
    ...active.map((step) => step.inputs),
  );
}

describe("resolveLanguage: language choice order", () => {
  it.each(steps.map((step, index) => [step.source, index] as const))(
    "%s wins over every later step",
    (_source, index) => {
      const step = steps[index]!;
      expect(resolveLanguage(inputsWith(steps.slice(index)))).toEqual({
        language: step.language,
        source: step.source,
      });
    },
  );

  const pairs = steps.flatMap((later, i) =>
    steps.slice(0, i).map((earlier) => [later.source, earlier.source, earlier, later] as const),
  );
  it.each(pairs)("%s loses to %s", (_l, _e, earlier, later) => {
    expect(resolveLanguage(inputsWith([later, earlier]))).toEqual({
      language: earlier.language,
      source: earlier.source,
    });
  });

  it("falls back to pt when nothing else gives a language", () => {
    expect(resolveLanguage(inputsWith([]))).toEqual({ language: "pt", source: "fallback" });
  });

  it("falls back to pt when the browser only sends unaccepted languages", () => {
    expect(resolveLanguage(inputsWith([], { acceptLanguage: "ko, xx" }))).toEqual({
      language: "pt",
      source: "fallback",
    });
  });

  it("the lang query is ignored in production", () => {
    const [, , query, ...rest] = steps;
    expect(resolveLanguage(inputsWith([query!, ...rest], { isProduction: true }))).toEqual({
      language: "de",
      source: "subdomain-default",
    });
    expect(resolveLanguage(inputsWith([query!], { isProduction: true }))).toEqual({
      language: "pt",
      source: "fallback",
    });
  });

  it("the lang query is honoured outside production", () => {
    expect(resolveLanguage(inputsWith([], { query: "en", isProduction: false }))).toEqual({
      language: "en",
      source: "query",
    });
  });

  it("an invalid cookie value is skipped", () => {
    expect(resolveLanguage(inputsWith([], { cookie: "xx", query: "fr" }))).toEqual({
      language: "fr",
      source: "query",
    });
    expect(resolveLanguage(inputsWith([], { cookie: "xx", acceptLanguage: "en" }))).toEqual({
      language: "en",
      source: "browser",
    });
    expect(resolveLanguage(inputsWith([], { cookie: "" }))).toEqual({ language: "pt", source: "fallback" });
  });

  it("an invalid query value is skipped", () => {
    expect(resolveLanguage(inputsWith([], { query: "english", acceptLanguage: "es" }))).toEqual({
      language: "es",
      source: "browser",
    });
  });

  it("a segment without its own default falls through to the domain default", () => {
    const domainConfig: DomainConfig = { ...config, domain: { defaultLanguage: "en" } };
    expect(resolveLanguage(inputsWith([], { segment: "agronegocio", domainConfig }))).toEqual({
      language: "en",
      source: "domain-default",
    });
  });

  it("a subdomain default only applies to its own segment", () => {
    expect(resolveLanguage(inputsWith([], { segment: null, acceptLanguage: "es" }))).toEqual({
      language: "es",
      source: "browser",
    });
  });
});

describe("interfaceLanguage and htmlLang", () => {
  it.each([
    ["pt", "pt"],
    ["en", "en"],
    ["es", "pt"],
    ["fr", "pt"],
    ["ja", "pt"],
  ] as const)("interface language of %s is %s", (language, expected) => {
    expect(interfaceLanguage(language)).toBe(expected);
  });

  it("htmlLang gives a BCP 47 tag", () => {
    expect(htmlLang("pt")).toBe("pt-BR");
    expect(htmlLang("en")).toBe("en");
  });
});

describe("localizeHref: site links keep the visitor's language prefix (A §2 path prefixes)", () => {
  it("adds the prefix to site pages, the home page included, keeping query and anchor", () => {
    expect(localizeHref("/contato", "en")).toBe("/en/contato");
    expect(localizeHref("/", "es")).toBe("/es");
    expect(localizeHref("/planos?ciclo=anual#precos", "en")).toBe("/en/planos?ciclo=anual#precos");
    expect(localizeHref("/parceiros/revenda", "pt")).toBe("/pt/parceiros/revenda");
  });
  it("changes nothing without a prefix in the current address", () => {
    expect(localizeHref("/contato", null)).toBe("/contato");
  });
  it("leaves external, protocol-relative, anchor, mail and file links alone", () => {
    for (const href of [
      "https://example.com/x",
      "//cdn.example.com/a",
      "#conteudo",
      "mailto:a@b.com",
      "/images/og/default.png",
      "/favicon.svg",
    ]) {
      expect(localizeHref(href, "en"), href).toBe(href);
    }
  });
  it("never prefixes twice, nor the areas that live only at the root", () => {
    expect(localizeHref("/en/planos", "en")).toBe("/en/planos");
    expect(localizeHref("/pt", "en")).toBe("/pt");
    for (const href of [
      "/dashboard",
      "/user/dashboard",
      "/admin",
      "/logout",
      "/api/leads",
      "/system",
      "/sitemap.xml",
    ]) {
      expect(localizeHref(href, "en"), href).toBe(href);
    }
    // A page whose name only starts like a root area is still a site page.
    expect(localizeHref("/usuarios", "en")).toBe("/en/usuarios");
  });
});
