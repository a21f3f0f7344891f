import { describe, expect, it } from "vitest";
import { formatDay } from "../format.ts";
import { planLimitRows } from "./plan-limits.ts";
import { limitText } from "./plan-texts.ts";

const LABELS = {
  usuarios: "usuários",
  empresas: "empresas (CNPJs)",
  notas_fiscais_mes: "notas fiscais por mês",
  armazenamento_gb: "GB de armazenamento",
  suporte: "suporte",
};

describe("the plan's limits against use", () => {
  it("users against the members; the other counts as the plan's figure; pictures skipped; plan order", () => {
    const rows = planLimitRows(
      {
        suporte: "gerente de conta dedicado",
        armazenamento_gb: 50,
        img_plan_icon: "/images/plans/profissional.svg",
        usuarios: 10,
        empresas: 3,
        notas_fiscais_mes: 500,
      },
      LABELS,
      { usuarios: 4 },
    );
    expect(rows.map((r) => r.key)).toEqual([
      "usuarios",
      "empresas",
      "notas_fiscais_mes",
      "armazenamento_gb",
      "suporte",
    ]);
    expect(rows[0]).toEqual({
      key: "usuarios",
      label: "usuários",
      kind: "count",
      limit: 10,
      text: null,
      used: 4,
      percent: 40,
      over: false,
    });
    expect(rows[1]).toMatchObject({ kind: "count", limit: 3, used: null, percent: null });
    expect(rows[4]).toMatchObject({ kind: "text", text: "gerente de conta dedicado", used: null });
    expect(rows.map((row) => limitText(row, "pt"))).toEqual([
      "4 de 10 usuários",
      "Até 3 empresas (CNPJs)",
      "Até 500 notas fiscais por mês",
      "Até 50 GB de armazenamento",
      "Suporte: gerente de conta dedicado",
    ]);
    expect(limitText(rows[0]!, "en")).toBe("4 of 10 usuários");
  });

  it("'Ilimitado' as A §9 reads it, with the use beside it where known", () => {
    const rows = planLimitRows({ usuarios: "Ilimitado", empresas: "ilimitadas" }, LABELS, { usuarios: 42 });
    expect(rows.map((r) => [r.kind, r.limit, r.used, r.percent])).toEqual([
      ["unlimited", null, 42, null],
      ["unlimited", null, null, null],
    ]);
    expect(rows.map((row) => limitText(row, "pt"))).toEqual([
      "Usuários ilimitados · 42 em uso",
      "Empresas (CNPJs) ilimitados",
    ]);
    expect(limitText(rows[0]!, "en")).toBe("Unlimited usuários · 42 in use");
  });

  it("what the product measures comes first, whatever order the labels come in", () => {
    const rows = planLimitRows(
      { empresas: 3, suporte: "e-mail", usuarios: 10, armazenamento_gb: 50 },
      { empresas: "empresas", armazenamento_gb: "GB", suporte: "suporte", usuarios: "usuários" },
      { usuarios: 2 },
    );
    expect(rows.map((r) => r.key)).toEqual(["usuarios", "empresas", "armazenamento_gb", "suporte"]);
  });

  it("over the limit: the bar is full and says so; a count written as text counts; a key without a label reads as words", () => {
    const rows = planLimitRows({ usuarios: "3", filiais_extra: 2 }, LABELS, { usuarios: 5 });
    expect(rows[0]).toMatchObject({ kind: "count", limit: 3, used: 5, percent: 100, over: true });
    expect(rows[1]).toMatchObject({ label: "filiais extra", limit: 2 });
    expect(limitText(rows[1]!, "pt")).toBe("Até 2 filiais extra");
  });

  it("a limit of 0 in use is full; nothing in use is 0%", () => {
    expect(planLimitRows({ usuarios: 0 }, LABELS, { usuarios: 0 })[0]).toMatchObject({
      percent: 100,
      over: false,
    });
    expect(planLimitRows({ usuarios: 10 }, LABELS, { usuarios: 0 })[0]).toMatchObject({ percent: 0 });
  });

  it("billing days read as the language writes them, the same day wherever the server runs", () => {
    expect(formatDay("2026-12-01", "pt")).toBe("01/12/2026");
    expect(formatDay("2026-12-01", "en")).toBe("1 Dec 2026");
  });
});
