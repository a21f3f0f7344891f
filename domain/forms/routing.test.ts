import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type FormDefinition, formDefinitionSchema } from "./definition.ts";
import { type FormRoute, formForPath } from "./routing.ts";
import { FORM_KEYS } from "./submission.ts";

function shipped(key: string): FormDefinition {
  return formDefinitionSchema.parse(
    JSON.parse(readFileSync(new URL(`../../content/data/form-${key}.json`, import.meta.url), "utf8")),
  );
}

/** The six shipped definitions, in the order the server lists them. */
const forms = FORM_KEYS.map(shipped);
const idFor = (path: string, explicit?: string | null) => formForPath(forms, path, explicit)?.id ?? null;

describe("B §2.2 the shipped content: ids, slugs and routes", () => {
  it("each form's id and slug are its key in the forms' manifest", () => {
    expect(FORM_KEYS).toEqual(
      expect.arrayContaining(["demo", "parceiros", "contato", "trial", "newsletter", "whatsapp"]),
    );
    expect(forms.map((f) => [f.id, f.slug])).toEqual(FORM_KEYS.map((key) => [key, key]));
  });
});

describe("B §2.2 step 1: an explicit form type wins", () => {
  it("by id or slug, whatever the path", () => {
    expect(idFor("/contato", "trial")).toBe("trial");
    expect(idFor("/demo", "parceiros")).toBe("parceiros");
    expect(idFor("/", "newsletter")).toBe("newsletter");
  });
  it("by form type", () => {
    expect(idFor("/demo", "partner_lead")).toBe("parceiros");
    expect(idFor("/teste-gratis", "contact_message")).toBe("contato");
    expect(idFor("/contato", "whatsapp_chat")).toBe("whatsapp");
  });
  it("an unknown, empty or null type falls back to the path", () => {
    expect(idFor("/contato", "inexistente")).toBe("contato");
    expect(idFor("/contato", "")).toBe("contato");
    expect(idFor("/contato", null)).toBe("contato");
  });
});

describe("B §2.2 step 2: exact route match", () => {
  const table: [string, string][] = [
    ["/demo", "demo"],
    ["/demonstracao", "demo"],
    ["/", "demo"],
    ["/parceiros", "parceiros"],
    ["/partners", "parceiros"],
    ["/programa-parceiros", "parceiros"],
    ["/seja-parceiro", "parceiros"],
    ["/cadastro-parceiro", "parceiros"],
    ["/parceiros/consultoria", "parceiros"],
    ["/parceiros/software-house", "parceiros"],
    ["/parceiros/integradora", "parceiros"],
    ["/parceiros/revenda", "parceiros"],
    ["/partner-program", "parceiros"],
    ["/become-partner", "parceiros"],
    ["/partnership", "parceiros"],
    ["/teste-gratis", "trial"],
    ["/register", "trial"],
    ["/inscricao", "trial"],
    ["/contato", "contato"],
    ["/fale-conosco", "contato"],
  ];
  for (const [path, id] of table) {
    it(`${path} → ${id}`, () => {
      expect(idFor(path)).toBe(id);
    });
  }
  it("ignores a trailing slash, the query string and the fragment", () => {
    expect(idFor("/fale-conosco?utm_source=google")).toBe("contato");
    expect(idFor("/fale-conosco#formulario")).toBe("contato");
    expect(idFor("/register/")).toBe("trial");
    expect(idFor("/inscricao///?x=1")).toBe("trial");
  });
  it("is case-insensitive", () => {
    expect(idFor("/Fale-Conosco")).toBe("contato");
    expect(idFor("/TESTE-GRATIS")).toBe("trial");
  });
});

describe("B §2.2 step 3: longest route prefix contained in the path", () => {
  it("a sub-path of a route uses that route's form (/teste-gratis/{planId})", () => {
    expect(idFor("/teste-gratis/plano-pro")).toBe("trial");
    expect(idFor("/teste-gratis/plano-pro/?anual=1")).toBe("trial");
    expect(idFor("/Teste-Gratis/Plano-Pro")).toBe("trial");
    expect(idFor("/parceiros/revenda/x")).toBe("parceiros");
    expect(idFor("/fale-conosco/comercial")).toBe("contato");
  });
  it("a route prefix wins over a slug contained in the path", () => {
    expect(idFor("/contato/demo")).toBe("contato");
    expect(idFor("/teste-gratis/parceiros")).toBe("trial");
  });
  it("the home route '/' is not a prefix of every path", () => {
    expect(idFor("/landing-trial-2026")).toBe("trial");
  });
  it("a prefix must end at a path segment", () => {
    // "/registered" is not under "/register": no route, no slug → home form
    expect(idFor("/registered")).toBe("demo");
  });
  it("the longest of several matching prefixes wins, whatever the order of the forms", () => {
    const a: FormRoute = { id: "a", slug: "aaa", type: "lead_capture_qualified", routes: ["/planos"] };
    const b: FormRoute = { id: "b", slug: "bbb", type: "trial_signup", routes: ["/planos/empresa"] };
    expect(formForPath([a, b], "/planos/empresa/pro")?.id).toBe("b");
    expect(formForPath([b, a], "/planos/empresa/pro")?.id).toBe("b");
    expect(formForPath([a, b], "/planos/pessoal")?.id).toBe("a");
  });
});

describe("B §2.2 step 4: slug contained in the path", () => {
  it("a path containing a form slug uses that form", () => {
    expect(idFor("/landing-trial-2026")).toBe("trial");
    expect(idFor("/blog/newsletter")).toBe("newsletter");
    expect(idFor("/campanha/whatsapp")).toBe("whatsapp");
    expect(idFor("/promo-parceiros-2026")).toBe("parceiros");
    expect(idFor("/LP/Contato-Rapido")).toBe("contato");
  });
});

describe("B §2.2 step 5: otherwise the home route's form", () => {
  it("an unrelated path uses the demo form (the home route's)", () => {
    expect(idFor("/sobre")).toBe("demo");
    expect(idFor("/planos")).toBe("demo");
  });
  it("is the form that owns '/', not the first form listed", () => {
    const reordered = [shipped("contato"), shipped("trial"), shipped("demo")];
    expect(formForPath(reordered, "/sobre")?.id).toBe("demo");
  });
  it("no form owns '/': null", () => {
    expect(formForPath([shipped("contato"), shipped("trial")], "/sobre")).toBeNull();
    expect(formForPath([], "/demo")).toBeNull();
  });
});
