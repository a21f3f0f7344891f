import type { FieldStructure } from "@domain/content/form-structure.ts";
import { describe, expect, it } from "vitest";
import { numberOrText } from "./EditorControls.tsx";
import { carryOver, itemTitle } from "./StructureForm.tsx";

describe("the editor's lists and mixed values (decision 098)", () => {
  it("a list item's summary is its own title, name or label, else its number", () => {
    expect(itemTitle({ name: "Essencial", id: "essencial" }, 0)).toBe("1. Essencial");
    expect(itemTitle({ title: { main: "Veja o Vértice", highlighted: "em ação" } }, 1)).toBe(
      "2. Veja o Vértice",
    );
    expect(itemTitle({ id: "crm", seo: { title: "CRM e Vendas" } }, 0)).toBe("1. CRM e Vendas");
    expect(itemTitle({ label: "Usuários", value: 10 }, 2)).toBe("3. Usuários");
    // A form's field by its label, never its internal name (decision 132).
    expect(itemTitle({ name: "numeroFuncionarios", label: "Número de funcionários" }, 1)).toBe(
      "2. Número de funcionários",
    );
    expect(itemTitle({ title: "  " }, 3)).toBe("Item 4");
    expect(itemTitle("texto", 0)).toBe("Item 1");
  });

  it("a value that is a number or a text keeps digits a number ('Até 10 usuários') and words a text", () => {
    expect(numberOrText("10")).toBe(10);
    expect(numberOrText("2,5")).toBe(2.5);
    expect(numberOrText("Ilimitado")).toBe("Ilimitado");
    expect(numberOrText("10 GB")).toBe("10 GB");
  });
});

describe("a page changing template keeps what both templates have (decision 133)", () => {
  const text = (required = false): FieldStructure => ({ _ui: "text_input", label: "Texto", required });
  const section = (fields: Record<string, FieldStructure>, required = false): FieldStructure => ({
    _ui: "form_section",
    label: "Seção",
    required,
    fields,
  });
  const grid: FieldStructure = { _ui: "card_grid", label: "Seções", required: true, template: text() };
  const model1 = section({
    path: text(true),
    content: section({ hero: section({ title: text(true), subtitle: text() }, true), sections: grid }, true),
  });
  const campaign = section({
    path: text(true),
    content: section(
      { hero: section({ title: text(true), subtitle: text() }, true), video: section({ url: text(true) }) },
      true,
    ),
  });

  it("keeps the path and the hero, drops the old template's sections", () => {
    const page = {
      path: "black-friday",
      content: { hero: { title: "Oferta", subtitle: "Só hoje" }, sections: [] },
    };
    expect(carryOver(page, model1, campaign)).toEqual({
      path: "black-friday",
      content: { hero: { title: "Oferta", subtitle: "Só hoje" } },
    });
  });
  it("a required section missing before starts empty with its required fields", () => {
    expect(carryOver({ path: "x" }, model1, campaign)).toEqual({
      path: "x",
      content: { hero: { title: "" } },
    });
  });
});
