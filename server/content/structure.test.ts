import type { FieldStructure } from "@domain/content/form-structure.ts";
import { type DocumentName, documentSchemas } from "@domain/content/schemas.ts";
import { describe, expect, it } from "vitest";
import { fieldFor, formStructure, labelProblems, spelledOut } from "./structure.ts";

describe("B §2.8, §3.9 — the editor's form derived from a document's schema", () => {
  it("picks the component from the type and the name", () => {
    expect(fieldFor("monthly_price", { type: "number" }, true)).toMatchObject({
      _ui: "currency_input",
      features: { prefix: "R$", step: 0.01 },
    });
    expect(fieldFor("duration", { type: "integer" }, false)._ui).toBe("metric_input");
    expect(fieldFor("popular", { type: "boolean" }, false)._ui).toBe("checkbox");
    expect(fieldFor("kind", { type: "string", enum: ["a", "b"] }, true)).toMatchObject({
      _ui: "select",
      options: ["a", "b"],
    });
    expect(fieldFor("color", { type: "string", pattern: "^#(?:[0-9a-fA-F]{3}){1,2}$" }, false)._ui).toBe(
      "color_picker",
    );
    expect(fieldFor("backgroundImage", { type: "string" }, false)._ui).toBe("image_upload");
    expect(fieldFor("description", { type: "string" }, false)._ui).toBe("textarea");
    expect(fieldFor("title", { type: "string" }, true)._ui).toBe("text_input");
    expect(fieldFor("icon", { type: "string" }, false)._ui).toBe("icon_picker");
    expect(fieldFor("tags", { type: "array", items: { type: "string" } }, false)._ui).toBe("chip_list");
    expect(fieldFor("cards", { type: "array", items: { type: "object", properties: {} } }, true)._ui).toBe(
      "card_grid",
    );
  });

  it("the words of server/content/fields/ decide label, help and control over the key's hints", () => {
    expect(
      fieldFor("url", { type: "string" }, true, { label: "Arquivo da imagem", ui: "image_upload" }),
    ).toMatchObject({ _ui: "image_upload", label: "Arquivo da imagem" });
    expect(
      fieldFor("video_background", { type: "string" }, false, { label: "Vídeo de fundo", ui: "text_input" })
        ._ui,
    ).toBe("text_input");
    expect(
      fieldFor("duration", { type: "integer" }, false, { label: "Duração", suffix: "ms" }).features,
    ).toEqual({ step: 1, suffix: "ms" });
  });

  it("a list of a union of objects is a card grid of tabbed forms, one tab per variant, with its tag field", () => {
    const union = {
      type: "array",
      items: {
        oneOf: [
          { type: "object", properties: { template: { const: "model1" } } },
          { type: "object", properties: { template: { const: "model3" } } },
        ],
      },
    };
    const field = fieldFor("pages", union, true);
    expect(field._ui).toBe("card_grid");
    expect(field.template?._ui).toBe("tabbed_form");
    expect(field.template?.discriminator).toBe("template");
    expect(Object.keys(field.template?.fields ?? {})).toEqual(["model1", "model3"]);
  });

  it("a map is rows of key and value (plan limits and their names), not a JSON text", () => {
    const plans = formStructure("plans-data");
    expect(plans.fields.limits_labels).toMatchObject({
      _ui: "key_value",
      label: "Nomes dos limites",
      keyLabel: "Chave do limite",
      template: { _ui: "text_input", label: "Nome exibido" },
    });
    expect(plans.fields.plans?.template?.fields?.limits).toMatchObject({
      _ui: "key_value",
      template: { _ui: "text_input", accepts: "number_or_text" },
    });
  });

  it("Portuguese words and the right control where decision 098 names them", () => {
    const hero = formStructure("hero-section-data");
    expect(hero.header.label).toBe("Destaque da página inicial");
    expect(hero.fields.defaultBackground).toMatchObject({
      _ui: "image_upload",
      label: "Imagem de fundo padrão",
    });
    const plans = formStructure("plans-data");
    expect(plans.fields.popular_badge?.label).toBe("Selo do plano mais popular");
    expect(plans.fields.toggle?.fields?.monthly?.label).toBe("Texto de “Mensal”");
    expect(plans.fields.plans?.template?.fields?.annual_price).toMatchObject({
      _ui: "currency_input",
      label: "Preço anual",
      features: { prefix: "R$", step: 0.01 },
    });
    const why = formStructure("why-choose-data");
    expect(why.fields.features?.template?.fields?.icon?._ui).toBe("icon_picker");
    expect(why.fields.features?.template?.fields?.color?._ui).toBe("color_picker");
    // A text block of a legal page is one of three kinds, told apart by its `type`.
    const pages = formStructure("pages-data");
    const model3 = pages.fields.pages?.template?.fields?.model3;
    const blocks = model3?.fields?.content?.fields?.contentBlocks?.template?.fields?.content?.template;
    expect(blocks).toMatchObject({ _ui: "tabbed_form", discriminator: "type" });
    expect(Object.keys(blocks?.fields ?? {})).toEqual(["heading", "paragraph", "section", "cookie-table"]);
    // The menu's nested entries (a recursive schema) are drawn once, then edited as JSON.
    const menu = formStructure("menu_data");
    const entry = menu.fields.main_menu?.template?.fields?.content?.template?.fields?.items?.template;
    expect(entry?._ui).toBe("form_section");
    expect(entry?.fields?.items?._ui).toBe("textarea");
    // An id that is a number or a text (z.union of int and string) is one line, numbers kept numbers.
    expect(hero.fields.slides?.template?.fields?.id).toMatchObject({
      _ui: "text_input",
      accepts: "number_or_text",
    });
    expect(hero.fields.slides?.template?.fields?.cta?.fields?.text?._ui).toBe("text_input");
    // A nullable object is its object, not a text.
    expect(formStructure("user-dashboard").fields.nextPayment?._ui).toBe("form_section");
  });
});

/**
 * Keys that are Portuguese words themselves (the partners' `cidade`, the integration categories):
 * their label may read as the key does.
 */
const PORTUGUESE_KEYS = new Set(["cidade", "bancos", "marketplaces", "ecommerce", "fiscal", "outros"]);

const normal = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, "");

/**
 * A label left from the key: empty; the key itself (ignoring case, spaces, '_' and '-': "title",
 * "Title", "img_backgroud"); or what the old humaniser made of it ("defaultBackground" → "Default
 * background", "cta_button" → "Cta button": spelledOut). Keys that are Portuguese words are spared.
 */
function leftFromKey(key: string, label: string): boolean {
  if (label.trim() === "") return true;
  if (PORTUGUESE_KEYS.has(key)) return false;
  return normal(label) === normal(key) || label === spelledOut(key);
}

/** Every field of a structure with the key it stands for: properties, list items, map values, variants. */
function* labelled(key: string, field: FieldStructure, path: string): Generator<[string, string, string]> {
  yield [path, key, field.label];
  for (const [child, structure] of Object.entries(field.fields ?? {}))
    yield* labelled(child, structure, `${path}.${child}`);
  if (field.template) yield* labelled(key, field.template, `${path}[]`);
  if (field.keyLabel !== undefined) yield [`${path}{key}`, key, field.keyLabel];
}

describe("every field of every document has a Portuguese label, not its key (decision 098)", () => {
  const names = Object.keys(documentSchemas) as DocumentName[];

  it("the rule catches what the editor showed before", () => {
    expect(leftFromKey("defaultBackground", "Default background")).toBe(true);
    expect(leftFromKey("cta_button", "Cta button")).toBe(true);
    expect(leftFromKey("title", "title")).toBe(true);
    expect(leftFromKey("limits_labels", "Limits labels")).toBe(true);
    expect(leftFromKey("link", "Link")).toBe(true);
    expect(leftFromKey("defaultBackground", "Imagem de fundo padrão")).toBe(false);
    expect(leftFromKey("cidade", "Cidade")).toBe(false);
  });

  it.each(names)(
    "%s: every field has its words in server/content/fields/, and no words are left over",
    (name) => {
      expect(labelProblems(name)).toEqual([]);
    },
  );

  it.each(names)("%s: no label is its key or the key spelled out", (name) => {
    const structure = formStructure(name);
    const offenders: string[] = [];
    if (leftFromKey(name, structure.header.label) || structure.header.label === spelledOut(name))
      offenders.push(`${name}: ${structure.header.label}`);
    for (const [key, field] of Object.entries(structure.fields))
      for (const [path, fieldKey, label] of labelled(key, field, `${name}.${key}`))
        if (leftFromKey(fieldKey, label)) offenders.push(`${path}: "${label}"`);
    expect(offenders).toEqual([]);
  });
});

describe("every option of a select is named in Portuguese (decision 098)", () => {
  /** Every select of a structure, with where it is. */
  function* selects(field: FieldStructure, path: string): Generator<[string, FieldStructure]> {
    if (field._ui === "select") yield [path, field];
    for (const [key, child] of Object.entries(field.fields ?? {})) yield* selects(child, `${path}.${key}`);
    if (field.template) yield* selects(field.template, `${path}[]`);
  }

  it.each(Object.keys(documentSchemas) as DocumentName[])("%s: each option has its name", (name) => {
    const unnamed: string[] = [];
    for (const [key, field] of Object.entries(formStructure(name).fields))
      for (const [path, select] of selects(field, `${name}.${key}`))
        for (const option of select.options ?? [])
          if (!select.optionLabels?.[option]) unnamed.push(`${path}: ${option}`);
    expect(unnamed).toEqual([]);
  });

  it("shows the name and keeps the value", () => {
    const menu = formStructure("menu_data");
    const type = menu.fields.main_menu?.template?.fields?.type;
    expect(type).toMatchObject({ _ui: "select", options: ["showmenu", "submenu", "link"] });
    expect(type?.optionLabels).toEqual({
      showmenu: "Painel com colunas",
      submenu: "Lista suspensa",
      link: "Link direto",
    });
  });
});

describe("the editor's order of an item's fields", () => {
  it("opens a slide on its title; the identifier comes last (decision 116)", () => {
    const slide = formStructure("hero-section-data").fields.slides?.template;
    const keys = Object.keys(slide?.fields ?? {});
    expect(keys[0]).toBe("title");
    expect(keys.at(-1)).toBe("id");
  });
});
