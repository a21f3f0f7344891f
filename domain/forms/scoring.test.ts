import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type FormDefinition, type FormType, formDefinitionSchema } from "./definition.ts";
import {
  actionFor,
  computeTemperature,
  defaultSlaHours,
  JIRA_PRIORITY,
  levelFor,
  NO_RULES_TEMPERATURE,
  priorityForLevel,
  successScreenHours,
  type TemperatureLevel,
} from "./scoring.ts";

function shipped(key: string): FormDefinition {
  return formDefinitionSchema.parse(
    JSON.parse(readFileSync(new URL(`../../content/data/form-${key}.json`, import.meta.url), "utf8")),
  );
}

/** A small definition with every required key (shape of form-newsletter.json). */
function definition(overrides: Record<string, unknown> = {}): FormDefinition {
  return formDefinitionSchema.parse({
    id: "teste",
    slug: "teste",
    type: "lead_capture_qualified",
    title: "Teste",
    routes: [],
    temperature_rules: { cold: { min: 0, max: 30 }, warm: { min: 31, max: 70 }, hot: { min: 71, max: 100 } },
    actions: {
      cold: { priority: "low", hours: 72, nurture: true },
      warm: { priority: "medium", hours: 24, nurture: true },
      hot: { priority: "high", hours: 4, nurture: false },
    },
    integrations: {
      jira: { enabled: true, projectKey: "FDVW" },
      webhooks: { slack: false, teams: false, backup: true },
    },
    steps: [
      {
        id: "um",
        title: "Um",
        type: "lead_capture",
        fields: [
          { name: "nome", type: "text", label: "Nome", temperature_weight: 5 },
          { name: "telefone", type: "tel", label: "Telefone", temperature_weight: 7 },
          { name: "semPeso", type: "text", label: "Sem peso" },
        ],
      },
      {
        id: "dois",
        title: "Dois",
        type: "qualification",
        fields: [
          {
            name: "porte",
            type: "select",
            label: "Porte",
            temperature_weight: 2,
            options: [
              { value: "micro", label: "Micro", temperature_boost: 1 },
              { value: "grande", label: "Grande", temperature_boost: 20 },
              { value: "sem-boost", label: "Sem boost" },
            ],
          },
          {
            name: "modulos",
            type: "checkbox",
            label: "Módulos",
            temperature_weight: 3,
            options: [
              { value: "financeiro", label: "Financeiro", temperature_boost: 10 },
              { value: "estoque", label: "Estoque", temperature_boost: 4 },
              { value: "fiscal", label: "Fiscal", temperature_boost: 6 },
            ],
          },
        ],
      },
    ],
    success: { title: "Ok", description: "Ok" },
    privacy: { text: "Texto", linkText: "Política", linkUrl: "/politicas", purpose: "Teste", version: "1" },
    ...overrides,
  });
}

describe("B §9.1 score: weights of answered fields plus boosts of chosen options", () => {
  const form = definition();

  it("no answers scores 0 (cold)", () => {
    expect(computeTemperature(form, {})).toEqual({ score: 0, level: "cold" });
  });
  it("adds the weight of each answered text field", () => {
    expect(computeTemperature(form, { nome: "Ana" }).score).toBe(5);
    expect(computeTemperature(form, { nome: "Ana", telefone: "62999990000" }).score).toBe(12);
  });
  it("an answered field without a weight adds nothing", () => {
    expect(computeTemperature(form, { nome: "Ana", semPeso: "x" }).score).toBe(5);
  });
  it("empty and whitespace-only answers and empty lists are not answered", () => {
    expect(computeTemperature(form, { nome: "  ", telefone: "", modulos: [] }).score).toBe(0);
  });
  it("a select adds its weight plus the boost of the chosen option", () => {
    expect(computeTemperature(form, { porte: "grande" }).score).toBe(22);
    expect(computeTemperature(form, { porte: "micro" }).score).toBe(3);
    expect(computeTemperature(form, { porte: "sem-boost" }).score).toBe(2);
  });
  it("a checkbox adds its weight once plus the boost of every chosen option", () => {
    expect(computeTemperature(form, { modulos: ["financeiro"] }).score).toBe(13);
    expect(computeTemperature(form, { modulos: ["financeiro", "estoque", "fiscal"] }).score).toBe(23);
  });
  it("an unknown option value adds the weight but no boost", () => {
    expect(computeTemperature(form, { porte: "gigante" }).score).toBe(2);
  });
  it("sums across steps and sets the level from the sum", () => {
    const answers = {
      nome: "Ana",
      telefone: "62999990000",
      porte: "grande",
      modulos: ["financeiro", "fiscal"],
    };
    // 5 + 7 + (2 + 20) + (3 + 10 + 6)
    expect(computeTemperature(form, answers)).toEqual({ score: 53, level: "warm" });
  });
  it("answers of fields the form does not have are ignored", () => {
    expect(computeTemperature(form, { outroCampo: "x", nome: "Ana" }).score).toBe(5);
  });
});

describe("A §4 base points and the analytics-id boost", () => {
  const form = definition({ temperature_base: 25, temperature_tracking_boost: 10 });

  it("every submission starts at the base", () => {
    expect(computeTemperature(form, {}).score).toBe(25);
    expect(computeTemperature(form, { nome: "Ana" }).score).toBe(30);
  });
  it("the tracking boost applies only with hasTrackingId", () => {
    expect(computeTemperature(form, { nome: "Ana" }, { hasTrackingId: true }).score).toBe(40);
    expect(computeTemperature(form, { nome: "Ana" }, { hasTrackingId: false }).score).toBe(30);
  });
  it("base and boost default to 0", () => {
    expect(computeTemperature(definition(), {}, { hasTrackingId: true }).score).toBe(0);
  });
});

describe("B §9.1 score is clamped to 0..100", () => {
  it("caps at 100 (hot)", () => {
    const form = definition({ temperature_base: 95 });
    expect(computeTemperature(form, { porte: "grande" })).toEqual({ score: 100, level: "hot" });
  });
  it("never goes below 0", () => {
    const form = definition({ temperature_base: -50 });
    expect(computeTemperature(form, { nome: "Ana" })).toEqual({ score: 0, level: "cold" });
  });
});

describe("B §9.1 without rules the score is 50 and the level warm", () => {
  it("ignores answers when there are no temperature_rules", () => {
    const form = definition({ temperature_rules: undefined, temperature_base: 90 });
    expect(form.temperature_rules).toBeUndefined();
    expect(computeTemperature(form, { porte: "grande", nome: "Ana" }, { hasTrackingId: true })).toEqual({
      score: 50,
      level: "warm",
    });
    expect(NO_RULES_TEMPERATURE).toEqual({ score: 50, level: "warm" });
  });
});

describe("B §9.1 thresholds table: the shipped content matches the spec", () => {
  const table: [string, number, number][] = [
    // form, last cold score, last warm score
    ["demo", 30, 70],
    ["parceiros", 40, 75],
    ["contato", 25, 60],
    ["trial", 35, 70],
  ];

  for (const [key, coldMax, warmMax] of table) {
    it(`${key}: cold 0-${coldMax}, warm ${coldMax + 1}-${warmMax}, hot ${warmMax + 1}-100`, () => {
      const rules = shipped(key).temperature_rules!;
      expect(rules).toEqual({
        cold: { min: 0, max: coldMax },
        warm: { min: coldMax + 1, max: warmMax },
        hot: { min: warmMax + 1, max: 100 },
      });
      expect(levelFor(0, rules)).toBe("cold");
      expect(levelFor(coldMax, rules)).toBe("cold");
      expect(levelFor(coldMax + 1, rules)).toBe("warm");
      expect(levelFor(warmMax, rules)).toBe("warm");
      expect(levelFor(warmMax + 1, rules)).toBe("hot");
      expect(levelFor(100, rules)).toBe("hot");
    });
  }
});

describe("A §4 chat lead score (form-whatsapp): base 25, +10 name, +15 phone, +10 analytics id", () => {
  const chat = shipped("whatsapp");

  it("the shipped rules: hot at 70 or more, warm at 40 or more", () => {
    const rules = chat.temperature_rules!;
    expect(levelFor(39, rules)).toBe("cold");
    expect(levelFor(40, rules)).toBe("warm");
    expect(levelFor(69, rules)).toBe("warm");
    expect(levelFor(70, rules)).toBe("hot");
  });
  it("nothing: 25, cold", () => {
    expect(computeTemperature(chat, {})).toEqual({ score: 25, level: "cold" });
  });
  it("name only: 35, cold", () => {
    expect(computeTemperature(chat, { nomeResponsavel: "Ana" })).toEqual({ score: 35, level: "cold" });
  });
  it("phone only: 40, warm", () => {
    expect(computeTemperature(chat, { telefoneContato: "(62) 99999-0000" })).toEqual({
      score: 40,
      level: "warm",
    });
  });
  it("name and phone: 50, warm", () => {
    const answers = { nomeResponsavel: "Ana", telefoneContato: "(62) 99999-0000" };
    expect(computeTemperature(chat, answers)).toEqual({ score: 50, level: "warm" });
  });
  it("name, phone and analytics id: 60, warm", () => {
    const answers = { nomeResponsavel: "Ana", telefoneContato: "(62) 99999-0000" };
    expect(computeTemperature(chat, answers, { hasTrackingId: true })).toEqual({ score: 60, level: "warm" });
  });
  it("analytics id alone: 35, cold", () => {
    expect(computeTemperature(chat, {}, { hasTrackingId: true })).toEqual({ score: 35, level: "cold" });
  });
});

describe("B §9.2 actions per form and level (shipped content); only hot notifies", () => {
  const expected: Record<string, Record<TemperatureLevel, [string, number, boolean]>> = {
    // priority, hours, automatic nurture (cold and warm for demo, partners and trial)
    demo: { cold: ["low", 72, true], warm: ["medium", 24, true], hot: ["high", 4, false] },
    parceiros: { cold: ["low", 48, true], warm: ["medium", 24, true], hot: ["high", 4, false] },
    contato: { cold: ["low", 48, false], warm: ["medium", 24, false], hot: ["high", 8, false] },
    trial: { cold: ["medium", 24, true], warm: ["high", 4, true], hot: ["critical", 2, false] },
  };

  for (const [key, levels] of Object.entries(expected)) {
    it(`${key}`, () => {
      const form = shipped(key);
      for (const level of ["cold", "warm", "hot"] as const) {
        const [priority, hours, nurture] = levels[level];
        expect(actionFor(form, level), `${key} ${level}`).toEqual({
          priority,
          hours,
          nurture,
          notify: level === "hot",
        });
      }
    });
  }
});

describe("B §9.2 Jira priority names", () => {
  it("maps every priority (critical is Highest)", () => {
    expect(JIRA_PRIORITY).toEqual({ low: "Low", medium: "Medium", high: "High", critical: "Highest" });
  });
});

describe("B §9.1 priority from level: High hot, Medium warm, Low cold", () => {
  it("maps every level", () => {
    expect(priorityForLevel("hot")).toBe("High");
    expect(priorityForLevel("warm")).toBe("Medium");
    expect(priorityForLevel("cold")).toBe("Low");
  });
});

describe("B §9.2 default response hours (sla_hours) of the form screen", () => {
  const table: [FormType, number, number, number][] = [
    ["lead_capture_qualified", 24, 12, 4],
    ["partner_lead", 24, 12, 4],
    ["contact_message", 48, 24, 8],
    ["newsletter_subscription", 72, 48, 24],
    ["trial_signup", 24, 24, 24],
    ["whatsapp_chat", 24, 24, 24],
  ];
  for (const [type, cold, warm, hot] of table) {
    it(`${type}: cold ${cold}, warm ${warm}, hot ${hot}`, () => {
      expect(defaultSlaHours(type, "cold")).toBe(cold);
      expect(defaultSlaHours(type, "warm")).toBe(warm);
      expect(defaultSlaHours(type, "hot")).toBe(hot);
    });
  }
});

describe("successScreenHours: the promise on the success screen is the lead's own deadline (decision 117)", () => {
  it("a cold demo is promised the 72 business hours its Jira due date counts, not the sla_hours 24", () => {
    expect(successScreenHours("lead_capture_qualified", { responseHours: 72, level: "cold" })).toBe(72);
    expect(successScreenHours("lead_capture_qualified", { responseHours: 4, level: "hot" })).toBe(4);
  });

  it("without the service's answer, the sla_hours table of B §9.2", () => {
    expect(successScreenHours("lead_capture_qualified", { responseHours: null, level: "cold" })).toBe(24);
    expect(successScreenHours("contact_message", { responseHours: null, level: null })).toBe(24);
  });
});
