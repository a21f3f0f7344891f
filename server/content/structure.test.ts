import { describe, expect, it } from "vitest";
import { fieldFor, formStructure, labelFor } from "./structure.ts";

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
    expect(fieldFor("tags", { type: "array", items: { type: "string" } }, false)._ui).toBe("chip_list");
    expect(fieldFor("cards", { type: "array", items: { type: "object", properties: {} } }, true)._ui).toBe(
      "card_grid",
    );
  });

  it("a list of a union of objects is a card grid of tabbed forms, one tab per variant", () => {
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
    expect(Object.keys(field.template?.fields ?? {})).toEqual(["model1", "model3"]);
  });

  it("labels: Portuguese for common keys, spelled out otherwise", () => {
    expect(labelFor("title")).toBe("Título");
    expect(labelFor("monthly_price")).toBe("Preço mensal");
    expect(labelFor("sectionTitle")).toBe("Section title");
    expect(labelFor("img_backgroud")).toBe("Img backgroud");
  });

  it("every document type has a structure with a page header", () => {
    for (const name of ["menu_data", "plans-data", "pages-data", "blog-data", "form-demo"] as const) {
      const structure = formStructure(name);
      expect(structure.header._ui).toBe("page_header");
      expect(Object.keys(structure.fields).length).toBeGreaterThan(0);
    }
  });
});
