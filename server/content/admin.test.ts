import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../paths.ts";
import { parsePath, setAtPath, validateDocument } from "./admin.ts";

describe("partial saves of a content document", () => {
  it("a value at a path replaces one item, keeping the rest", () => {
    const doc = { plans: [{ id: "a" }, { id: "b" }], title: "T" };
    expect(setAtPath(doc, parsePath("plans.1"), { id: "z" })).toEqual({
      plans: [{ id: "a" }, { id: "z" }],
      title: "T",
    });
    expect(setAtPath(doc, parsePath("plans.0.id"), "y")).toEqual({
      plans: [{ id: "y" }, { id: "b" }],
      title: "T",
    });
    expect(doc.plans[1]!.id).toBe("b");
  });

  it("a path that does not exist is refused, naming it", () => {
    expect(() => setAtPath({ plans: [] }, parsePath("plans.5"), {})).toThrow(
      "Conteúdo inválido. 5: posição inexistente",
    );
    expect(() => setAtPath({ a: 1 }, parsePath("nada.0"), {})).toThrow(
      "Conteúdo inválido. nada: campo inexistente",
    );
    expect(parsePath("plans.2.name")).toEqual(["plans", 2, "name"]);
  });

  it("the document's schema checks the result; the message names the field", () => {
    expect(() => validateDocument("testimonials-data", { title: "", testimonials: [] })).toThrow(
      /^Conteúdo inválido\. /,
    );
    try {
      validateDocument("partners-data", { partners: [{ id: 1 }] });
    } catch (error) {
      expect((error as Error).message).toMatch(/^Conteúdo inválido\. Parceiros › 1 › Nome do parceiro: /);
      expect((error as { kind: string }).kind).toBe("invalid");
    }
  });

  it("refuses an icon the site does not draw, naming the field (decision 116)", () => {
    const hero = JSON.parse(
      readFileSync(path.join(projectRoot, "content/data/hero-section-data.json"), "utf8"),
    );
    expect(() => validateDocument("hero-section-data", hero)).not.toThrow();
    hero.slides[0].features[1].icon = "foguete";
    expect(() => validateDocument("hero-section-data", hero)).toThrow(
      'Conteúdo inválido. slides.0.features.1.icon: o ícone "foguete" não existe no site. Escolha um dos ícones da lista.',
    );
  });
});
