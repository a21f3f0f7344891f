import { HtmlValidate } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SharedServer, sharedServer } from "../support/server-process.ts";

/**
 * The server HTML of every public page passes html-validate's recommended rules, less the style
 * rules React's markup cannot follow: it writes `<meta ... />`, camel-cased SVG attributes,
 * boolean and enumerated attributes as `hidden=""`, and inline styles for computed values.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "no-inline-style": "off",
  },
});

const PAGES = [
  "/",
  "/en",
  "/planos",
  "/contato",
  "/demonstracao",
  "/teste-gratis",
  "/parceiros",
  "/login",
  "/forgot-password",
  "/newsletter/cancelar",
  "/meus-dados",
  "/meus-dados/confirmar",
  "/crm",
  "/estoque",
  "/financeiro",
  "/fiscal",
  "/inteligencia-artificial",
  "/segmentos/agronegocio",
  "/sobre",
  "/implantacao",
  "/politicas",
  "/politicas-parceiros",
  "/privacy",
  "/termos",
  "/mapa-parceiros",
  "/blog",
  "/blog?q=erp",
  "/blog/como-escolher-um-erp",
  "/en/blog/fluxo-de-caixa-e-dre-na-pratica",
  "/en/sobre",
];

describe("valid HTML on every public page (html-validate, recommended rules)", () => {
  let server: SharedServer;
  beforeAll(async () => {
    server = await sharedServer();
  });
  afterAll(async () => {});

  it.each(PAGES)("%s", async (pathname) => {
    const response = await fetch(server.url + pathname);
    expect(response.status).toBe(200);
    const report = await validator.validateString(await response.text());
    const problems = report.results
      .flatMap((result) => result.messages)
      .map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`);
    expect(problems).toEqual([]);
  });
});
