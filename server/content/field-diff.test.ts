import { readFileSync } from "node:fs";
import path from "node:path";
import {
  type FieldChange,
  fieldChanges,
  itemName,
  labelOf,
  restoreOf,
  sameContent,
} from "@domain/content/field-diff.ts";
import type { FormStructure } from "@domain/content/form-structure.ts";
import { restoreAt, valueAt } from "@domain/content/json-path.ts";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../paths.ts";
import { formStructure } from "./structure.ts";

/** The sample plans document and its form, as the editor has them. */
const plans = JSON.parse(readFileSync(path.join(projectRoot, "content/data/plans-data.json"), "utf8")) as {
  plans: { id: string; name: string; monthly_price: number; features: { basic: string[] } }[];
  limits_labels: Record<string, string>;
  toggle: Record<string, string>;
  popular_badge?: string;
};
const structure = formStructure("plans-data");
const edited = (change: (doc: typeof plans) => void) => {
  const copy = structuredClone(plans);
  change(copy);
  return copy;
};
const brief = (rows: FieldChange[]) =>
  rows.map((row) => ({ kind: row.kind, label: labelOf(row), path: row.path.join(".") }));

/** The older value of a row put back into the newer version, as the API does it. */
function restored(older: unknown, newer: unknown, row: FieldChange): unknown {
  const how = restoreOf(row)!;
  const source = how.mode === "remove" ? { found: false as const } : valueAt(older, how.from ?? how.path);
  return restoreAt(newer, how.path, source, { insert: how.mode === "insert" });
}

describe("fieldChanges: what changed between two versions, with the form's labels", () => {
  it("finds nothing between equal versions", () => {
    expect(fieldChanges(plans, structuredClone(plans), structure)).toEqual([]);
    expect(sameContent(plans, structuredClone(plans))).toBe(true);
    expect(
      sameContent(
        plans,
        edited((d) => {
          d.toggle.monthly = "Por mês";
        }),
      ),
    ).toBe(false);
  });

  it("names a nested field by the labels of the form and the list item's own name", () => {
    const newer = edited((d) => {
      d.plans[1]!.monthly_price = 349.9;
    });
    const rows = fieldChanges(plans, newer, structure);
    expect(rows).toEqual([
      {
        kind: "changed",
        path: ["plans", 1, "monthly_price"],
        oldPath: ["plans", 1, "monthly_price"],
        labels: ["Planos", "Profissional", "Preço mensal"],
        ui: "currency_input",
        before: 299.9,
        after: 349.9,
      },
    ]);
    expect(labelOf(rows[0]!)).toBe("Planos › Profissional › Preço mensal");
  });

  it("walks sections, maps and lists of texts", () => {
    const newer = edited((d) => {
      d.toggle.savings = "Economize 2 meses";
      d.limits_labels.usuarios = "Pessoas";
      d.plans[1]!.features.basic[1] = "CRM completo";
    });
    expect(brief(fieldChanges(plans, newer, structure))).toEqual([
      { kind: "changed", label: "Seletor mensal/anual › Texto da economia", path: "toggle.savings" },
      { kind: "changed", label: "Nomes dos limites › usuarios", path: "limits_labels.usuarios" },
      {
        kind: "changed",
        label: "Planos › Profissional › Recursos › Recursos incluídos › Item 2",
        path: "plans.1.features.basic.1",
      },
    ]);
  });

  it("lists a field added and a field removed with the value only one side has", () => {
    const older = edited((d) => {
      delete d.popular_badge;
    });
    const newer = edited((d) => {
      delete d.toggle.savings;
    });
    const rows = fieldChanges(older, newer, structure);
    expect(brief(rows)).toEqual([
      { kind: "removed", label: "Seletor mensal/anual › Texto da economia", path: "toggle.savings" },
      { kind: "added", label: "Selo do plano mais popular", path: "popular_badge" },
    ]);
    expect(rows[0]).toMatchObject({ before: plans.toggle.savings });
    expect(rows[0]).not.toHaveProperty("after");
    expect(rows[1]).toMatchObject({ after: plans.popular_badge });
    expect(rows[1]).not.toHaveProperty("before");
  });

  it("matches list items by id: an insertion is one added item, not every plan changed", () => {
    const extra = { ...structuredClone(plans.plans[0]!), id: "inicial", name: "Inicial", monthly_price: 49 };
    const newer = edited((d) => {
      d.plans.unshift(extra);
      // Profissional is now third: its change is named by its own name, at its new position.
      d.plans[2]!.monthly_price = 319.9;
    });
    const rows = fieldChanges(plans, newer, structure);
    expect(brief(rows)).toEqual([
      { kind: "added", label: "Planos › Inicial", path: "plans.0" },
      { kind: "changed", label: "Planos › Profissional › Preço mensal", path: "plans.2.monthly_price" },
    ]);
    expect(rows[0]).toMatchObject({ listItem: true, oldPath: null, after: extra });
    expect(rows[1]!.oldPath).toEqual(["plans", 1, "monthly_price"]);
  });

  it("a reorder is one move, and a removed item says where it would go back", () => {
    const moved = edited((d) => {
      d.plans.push(d.plans.shift()!);
    });
    const rows = fieldChanges(plans, moved, structure);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "moved",
      labels: ["Planos", plans.plans[0]!.name],
      before: 1,
      after: plans.plans.length,
    });
    expect(restoreOf(rows[0]!)).toBeNull();

    const fewer = edited((d) => {
      d.plans.splice(1, 1);
    });
    const removed = fieldChanges(plans, fewer, structure);
    expect(brief(removed)).toEqual([{ kind: "removed", label: "Planos › Profissional", path: "plans.1" }]);
    expect(removed[0]).toMatchObject({ oldPath: ["plans", 1], before: plans.plans[1] });
  });

  it("items without an id, a slug, a path or a name are compared position by position", () => {
    const form: FormStructure = {
      file: "x.json",
      header: { _ui: "page_header", label: "X" },
      fields: {
        slides: {
          _ui: "card_grid",
          label: "Slides",
          required: true,
          template: {
            _ui: "form_section",
            label: "Slide",
            required: true,
            fields: { title: { _ui: "text_input", label: "Título", required: true } },
          },
        },
      },
    };
    const rows = fieldChanges(
      { slides: [{ title: "Um" }, { title: "Dois" }] },
      { slides: [{ title: "Um" }, { title: "Dois!" }] },
      form,
    );
    expect(brief(rows)).toEqual([
      { kind: "changed", label: "Slides › Dois! › Título", path: "slides.1.title" },
    ]);
  });

  it("a union's fields are named by the variant the value is (a page per template)", () => {
    const form: FormStructure = {
      file: "pages.json",
      header: { _ui: "page_header", label: "Páginas" },
      fields: {
        pages: {
          _ui: "card_grid",
          label: "Páginas",
          required: true,
          template: {
            _ui: "tabbed_form",
            label: "Página",
            required: true,
            discriminator: "template",
            fields: {
              simple: {
                _ui: "form_section",
                label: "Simples",
                required: true,
                fields: { heading: { _ui: "text_input", label: "Título da página", required: true } },
              },
              legal: {
                _ui: "form_section",
                label: "Jurídica",
                required: true,
                fields: { legalText: { _ui: "textarea", label: "Texto jurídico", required: true } },
              },
            },
          },
        },
      },
    };
    const older = { pages: [{ path: "/termos", template: "legal", legalText: "A" }] };
    const newer = { pages: [{ path: "/termos", template: "legal", legalText: "B" }] };
    expect(brief(fieldChanges(older, newer, form))).toEqual([
      { kind: "changed", label: "Páginas › /termos › Texto jurídico", path: "pages.0.legalText" },
    ]);
  });

  it("without a form structure, the keys name the fields", () => {
    expect(brief(fieldChanges({ a: { b: 1 } }, { a: { b: 2 } }, null))).toEqual([
      { kind: "changed", label: "a › b", path: "a.b" },
    ]);
  });

  it("each row's older value restored alone changes that field only", () => {
    const newer = edited((d) => {
      d.plans[1]!.monthly_price = 1;
      d.plans[0]!.name = "Essencial Plus";
      d.toggle.monthly = "Por mês";
      d.plans.splice(2, 1);
      d.plans.push({ ...structuredClone(d.plans[0]!), id: "novo", name: "Novo" });
    });
    const rows = fieldChanges(plans, newer, structure);
    expect(rows.map((row) => row.kind).sort()).toEqual(["added", "changed", "changed", "changed", "removed"]);
    for (const row of rows) {
      const after = restored(plans, newer, row);
      const left = fieldChanges(plans, after, structure);
      // The other rows stay (a restored list item may shift the positions after it, not the labels).
      const named = (list: FieldChange[]) => list.map((r) => `${r.kind} ${labelOf(r)}`);
      expect(named(left), labelOf(row)).toEqual(named(rows.filter((other) => other !== row)));
      expect(left).toHaveLength(rows.length - 1);
    }
  });
});

describe("itemName: a list item's own title, as the editor's summaries show it", () => {
  it("takes the first naming field with a text", () => {
    expect(itemName({ id: "pro", name: "Profissional" })).toBe("Profissional");
    expect(itemName({ title: { main: "Gestão", highlighted: "simples" } })).toBe("Gestão");
    expect(itemName({ year: 2024 })).toBe("2024");
    expect(itemName({ other: "x" })).toBeUndefined();
    expect(itemName("texto")).toBeUndefined();
  });
});
