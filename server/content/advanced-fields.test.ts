import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { advancedChanges } from "./advanced-fields.ts";
import { formStructure } from "./structure.ts";

const demo = JSON.parse(readFileSync(new URL("../../content/data/form-demo.json", import.meta.url), "utf8"));
const copy = () => structuredClone(demo);

describe("a form's advanced fields (decision 132)", () => {
  it("are marked in the editor's structure: identifiers, scoring, integrations, debug; not the texts", () => {
    const { fields } = formStructure("form-demo");
    for (const key of ["id", "slug", "routes", "temperature_rules", "actions", "integrations", "debug"])
      expect(fields[key]?.advanced, key).toBe(true);
    for (const key of ["title", "description", "hero", "success", "privacy"])
      expect(fields[key]?.advanced, key).toBeUndefined();
    const field = fields.steps!.template!.fields!.fields!.template!.fields!;
    expect(field.name?.advanced).toBe(true);
    expect(field.temperature_weight?.advanced).toBe(true);
    expect(field.label?.advanced).toBeUndefined();
    expect(field.options!.template!.fields!.value?.advanced).toBe(true);
    expect(field.options!.template!.fields!.label?.advanced).toBeUndefined();
  });

  it("an unchanged document, or changed texts, change nothing advanced", () => {
    expect(advancedChanges("form-demo", demo, copy())).toEqual([]);
    const edited = copy();
    edited.title = "Agende sua demonstração";
    edited.steps[0].fields[0].label = "Seu nome";
    edited.steps[0].fields[0].placeholder = "Como prefere ser chamado";
    expect(advancedChanges("form-demo", demo, edited)).toEqual([]);
  });

  it("names each advanced change by its labels", () => {
    const edited = copy();
    edited.steps[1].fields[0].name = "funcionarios";
    edited.integrations.jira.projectKey = "OUTRO";
    edited.debug = true;
    expect(advancedChanges("form-demo", demo, edited)).toEqual([
      "Integrações",
      "Etapas › 2 › Campos › 1 › Nome interno",
      "Modo de depuração",
    ]);
  });

  it("adding or removing a field is the editor's to do; its neighbours' names must stay", () => {
    const added = copy();
    added.steps[0].fields.push({ ...demo.steps[0].fields[0], name: "apelido", label: "Apelido" });
    expect(advancedChanges("form-demo", demo, added)).toEqual([]);
    const removed = copy();
    removed.steps[0].fields.pop();
    expect(advancedChanges("form-demo", demo, removed)).toEqual([]);
  });
});
