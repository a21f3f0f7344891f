import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  formatPrice,
  isUnlimited,
  limitLines,
  PLAN_ID_PATTERN,
  type Plan,
  planIcon,
  plansLoadErrorMessage,
  shownPrice,
  trialLink,
} from "./plans.ts";
import { plansDataSchema } from "./plans-schema.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const readJson = (relative: string): unknown => JSON.parse(readFileSync(path.join(ROOT, relative), "utf8"));

const labels = {
  usuarios: "usuários",
  empresas: "empresas",
  notas_fiscais_mes: "notas fiscais por mês",
  armazenamento_gb: "GB de armazenamento",
};

function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: "profissional",
    name: "Profissional",
    description: "Para empresas em crescimento.",
    popular: true,
    monthly_price: 299.9,
    annual_price: 2999,
    limits: { img_plan_icon: "/images/plans/profissional.svg", usuarios: 10 },
    features: { basic: ["CRM"] },
    ...overrides,
  };
}

function document(overrides: Record<string, unknown> = {}) {
  return {
    title: "Planos",
    subtitle: "Teste grátis por 30 dias.",
    toggle: { monthly: "Mensal", annual: "Anual", savings: "2 meses grátis" },
    limits_labels: labels,
    features_title: "O que está incluído",
    popular_badge: "Mais popular",
    cta_button: "Começar teste grátis",
    annual_savings_text: "Economize 2 meses",
    monthly_billing_text: "Cobrança mensal",
    plans: [plan()],
    ...overrides,
  };
}

describe("formatPrice: reais with 2 decimals (A §9)", () => {
  it("shows 2 decimals even for whole values and zero", () => {
    expect(formatPrice(0)).toBe("R$ 0,00");
    expect(formatPrice(99)).toBe("R$ 99,00");
    expect(formatPrice(149.9)).toBe("R$ 149,90");
  });

  it("groups thousands with a dot and uses a comma for decimals, with a plain space after R$", () => {
    expect(formatPrice(1234.5)).toBe("R$ 1.234,50");
    expect(formatPrice(12499)).toBe("R$ 12.499,00");
    expect(formatPrice(1234567.891)).toBe("R$ 1.234.567,89");
    expect(formatPrice(1234.5)).not.toMatch(/[\u00a0\u202f]/);
  });

  it("rounds to the cent", () => {
    expect(formatPrice(10.004)).toBe("R$ 10,00");
    expect(formatPrice(10.006)).toBe("R$ 10,01");
    expect(formatPrice(0.999)).toBe("R$ 1,00");
  });

  it("uses English grouping on English pages, still in reais", () => {
    expect(formatPrice(1234.5, "en")).toBe("R$1,234.50");
    expect(formatPrice(0, "en")).toBe("R$0.00");
  });
});

describe("shownPrice: monthly_price, or annual_price / 12 (A §4)", () => {
  it("shows the monthly price when monthly is selected", () => {
    expect(shownPrice(plan(), false)).toBe(299.9);
  });

  it("divides the annual price by 12, shown with 2 decimals", () => {
    expect(shownPrice(plan(), true)).toBeCloseTo(249.9167, 4);
    expect(formatPrice(shownPrice(plan(), true))).toBe("R$ 249,92");
    expect(formatPrice(shownPrice(plan({ annual_price: 1000 }), true))).toBe("R$ 83,33");
    expect(formatPrice(shownPrice(plan({ annual_price: 999 }), true))).toBe("R$ 83,25");
    expect(formatPrice(shownPrice(plan({ annual_price: 1200 }), true))).toBe("R$ 100,00");
    expect(formatPrice(shownPrice(plan({ annual_price: 12499 }), true))).toBe("R$ 1.041,58");
    expect(formatPrice(shownPrice(plan({ annual_price: 0 }), true))).toBe("R$ 0,00");
  });
});

describe("limitLines (A §9)", () => {
  it("reads a number as 'Até N {label}', with thousands grouped", () => {
    expect(limitLines({ usuarios: 5 }, labels)).toEqual(["Até 5 usuários"]);
    expect(limitLines({ notas_fiscais_mes: 10000 }, labels)).toEqual(["Até 10.000 notas fiscais por mês"]);
    expect(limitLines({ usuarios: 0 }, labels)).toEqual(["Até 0 usuários"]);
    expect(limitLines({ usuarios: 1 }, labels)).toEqual(["Até 1 usuários"]);
  });

  it("reads 'Ilimitado' as '{Label} ilimitados', in any case and with spaces around", () => {
    expect(limitLines({ usuarios: "Ilimitado" }, labels)).toEqual(["Usuários ilimitados"]);
    expect(limitLines({ usuarios: "ILIMITADO" }, labels)).toEqual(["Usuários ilimitados"]);
    expect(limitLines({ usuarios: " ilimitado " }, labels)).toEqual(["Usuários ilimitados"]);
    expect(limitLines({ empresas: "ilimitadas" }, labels)).toEqual(["Empresas ilimitados"]);
    expect(isUnlimited("Unlimited")).toBe(true);
    expect(isUnlimited("Ilimitado até 2026")).toBe(false);
  });

  it("skips every key containing img_", () => {
    expect(
      limitLines({ img_plan_icon: "/images/plans/x.svg", usuarios: 3, extra_img_banner: "/a.png" }, labels),
    ).toEqual(["Até 3 usuários"]);
    expect(limitLines({ img_plan_icon: "/images/plans/x.svg" }, labels)).toEqual([]);
  });

  it("shows any other text as written, after its label", () => {
    expect(limitLines({ suporte: "24 horas, 7 dias" }, { suporte: "suporte" })).toEqual([
      "Suporte: 24 horas, 7 dias",
    ]);
  });

  it("orders lines the same way on every card: quantities first, by limits_labels, unlabeled keys last", () => {
    expect(
      limitLines(
        { suporte: "24/7", api_chamadas: 5000, empresas: 3, usuarios: "Ilimitado", armazenamento_gb: 10 },
        { ...labels, suporte: "suporte" },
      ),
    ).toEqual([
      "Usuários ilimitados",
      "Até 3 empresas",
      "Até 10 GB de armazenamento",
      "Até 5.000 api chamadas",
      "Suporte: 24/7",
    ]);
    // The key order of the stored document (jsonb reorders keys) does not change the lines.
    expect(limitLines({ usuarios: 10, empresas: 3 }, labels)).toEqual(
      limitLines({ empresas: 3, usuarios: 10 }, labels),
    );
  });

  it("speaks English on English pages", () => {
    const en = { usuarios: "users", notas_fiscais_mes: "invoices per month", suporte: "support" };
    expect(
      limitLines(
        { img_plan_icon: "/x.svg", usuarios: "Ilimitado", notas_fiscais_mes: 10000, suporte: "24/7" },
        en,
        "en",
      ),
    ).toEqual(["Unlimited users", "Up to 10,000 invoices per month", "Support: 24/7"]);
    expect(limitLines({ usuarios: 5 }, en, "en")).toEqual(["Up to 5 users"]);
  });
});

describe("planIcon", () => {
  it("takes limits.img_plan_icon when present", () => {
    expect(planIcon(plan())).toBe("/images/plans/profissional.svg");
    expect(planIcon(plan({ limits: { usuarios: 3 } }))).toBeNull();
    expect(planIcon(plan({ limits: { img_plan_icon: 3 } }))).toBeNull();
  });
});

describe("trialLink (A §2): /teste-gratis/{planId}, flagged when annual", () => {
  it("passes the plan id, and ?anual=1 only when annual billing is selected", () => {
    expect(trialLink("profissional", false)).toBe("/teste-gratis/profissional");
    expect(trialLink("profissional", true)).toBe("/teste-gratis/profissional?anual=1");
    expect(trialLink("plano-pro-2", true)).toBe("/teste-gratis/plano-pro-2?anual=1");
  });

  it("keeps the page's language prefix", () => {
    expect(trialLink("essencial", true, "en")).toBe("/en/teste-gratis/essencial?anual=1");
    expect(trialLink("essencial", false, "pt")).toBe("/pt/teste-gratis/essencial");
    expect(trialLink("essencial", false, null)).toBe("/teste-gratis/essencial");
  });
});

describe("plansLoadErrorMessage (A §8)", () => {
  it("adds the server's message when there is one, else the generic sentence", () => {
    expect(plansLoadErrorMessage("Serviço indisponível.")).toBe(
      "Erro ao carregar os planos: Serviço indisponível.",
    );
    expect(plansLoadErrorMessage(undefined)).toBe(
      "Erro ao carregar os planos. Por favor, tente novamente mais tarde.",
    );
    expect(plansLoadErrorMessage("  ")).toBe(
      "Erro ao carregar os planos. Por favor, tente novamente mais tarde.",
    );
    expect(plansLoadErrorMessage(null, "en")).toBe("Error loading the plans. Please try again later.");
  });
});

describe("plansDataSchema (A §3)", () => {
  it("accepts a complete document and defaults popular to false", () => {
    const { popular: _, ...withoutPopular } = plan();
    const parsed = plansDataSchema.parse(document({ plans: [withoutPopular] }));
    expect(parsed.plans[0]!.popular).toBe(false);
  });

  it("is strict: unknown fields, missing fields and wrong types fail", () => {
    expect(plansDataSchema.safeParse(document({ extra: 1 })).success).toBe(false);
    expect(plansDataSchema.safeParse({ ...document(), title: undefined }).success).toBe(false);
    expect(plansDataSchema.safeParse(document({ toggle: { monthly: "Mensal" } })).success).toBe(false);
    expect(plansDataSchema.safeParse(document({ plans: [{ ...plan(), price: 1 }] })).success).toBe(false);
    expect(plansDataSchema.safeParse(document({ plans: [plan({ monthly_price: -1 })] })).success).toBe(false);
    expect(plansDataSchema.safeParse(document({ plans: [] })).success).toBe(false);
    expect(
      plansDataSchema.safeParse(document({ plans: [plan({ limits: { usuarios: true as never } })] })).success,
    ).toBe(false);
  });

  it("wants lowercase slug ids, unique within the document", () => {
    expect(plansDataSchema.safeParse(document({ plans: [plan({ id: "Profissional" })] })).success).toBe(
      false,
    );
    expect(plansDataSchema.safeParse(document({ plans: [plan({ id: "plano pro" })] })).success).toBe(false);
    expect(plansDataSchema.safeParse(document({ plans: [plan({ id: "-pro" })] })).success).toBe(false);
    expect(plansDataSchema.safeParse(document({ plans: [plan(), plan()] })).success).toBe(false);
    expect(plansDataSchema.safeParse(document({ plans: [plan({ id: "plano-pro-2" })] })).success).toBe(true);
  });
});

describe("the shipped plans documents", () => {
  for (const file of ["content/data/plans-data.json", "content/data/en/plans-data.json"]) {
    it(`${file} parses, with four plans, one popular, icons that exist and a 30-day trial`, () => {
      const data = plansDataSchema.parse(readJson(file));
      expect(data.plans).toHaveLength(4);
      expect(data.plans.filter((p) => p.popular)).toHaveLength(1);
      expect(`${data.subtitle} ${data.annual_savings_text}`).toMatch(/30/);
      for (const p of data.plans) {
        expect(p.id).toMatch(PLAN_ID_PATTERN);
        expect(p.annual_price).toBeLessThan(p.monthly_price * 12);
        const icon = planIcon(p);
        expect(icon).not.toBeNull();
        expect(existsSync(path.join(ROOT, "public", icon!))).toBe(true);
        const svg = readFileSync(path.join(ROOT, "public", icon!), "utf8");
        expect(svg).toMatch(/<svg[^>]*\swidth="\d+"[^>]*\sheight="\d+"[^>]*\sviewBox="[^"]+"/);
        expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
        for (const key of Object.keys(p.limits).filter((k) => !k.includes("img_"))) {
          expect(data.limits_labels, `label for ${key}`).toHaveProperty(key);
        }
      }
      expect(data.plans.some((p) => Object.values(p.limits).some((v) => v === "Ilimitado"))).toBe(true);
    });
  }

  it("both languages offer the same plan ids and prices", () => {
    const pt = plansDataSchema.parse(readJson("content/data/plans-data.json"));
    const en = plansDataSchema.parse(readJson("content/data/en/plans-data.json"));
    const summary = (d: typeof pt) => d.plans.map((p) => [p.id, p.monthly_price, p.annual_price, p.popular]);
    expect(summary(en)).toEqual(summary(pt));
  });
});
