import { describe, expect, it } from "vitest";
import { competenceYear, customerOrder, isPayable, parseYear } from "./invoice-list.ts";

describe("the invoices' year filter (decision 097)", () => {
  it("takes a four-digit year the product could have billed", () => {
    expect(parseYear("2026")).toBe(2026);
    expect(parseYear(" 2025 ")).toBe(2025);
    expect(parseYear("2000")).toBe(2000);
    expect(parseYear("2100")).toBe(2100);
  });
  it("reads anything else as every year", () => {
    for (const value of [
      null,
      undefined,
      "",
      "todos",
      "26",
      "20x6",
      "1999",
      "2101",
      "2026-11",
      "+2026",
      "2026.0",
    ])
      expect(parseYear(value), String(value)).toBeNull();
  });
  it("filters by the competence's year", () => {
    expect(competenceYear("2026-01")).toBe(2026);
  });
});

describe("the history's order", () => {
  it("puts what is to pay first, earliest due date on top, then the rest newest first", () => {
    const items = [
      { number: "A1", status: "paga", dueOn: "2026-03-10" },
      { number: "A2", status: "em-aberto", dueOn: "2026-06-10" },
      { number: "A3", status: "cancelada", dueOn: "2026-05-10" },
      { number: "A4", status: "vencida", dueOn: "2026-04-10" },
      { number: "A5", status: "paga", dueOn: "2026-05-10" },
      { number: "A6", status: "em-aberto", dueOn: "2026-06-10" },
    ] as const;
    expect(customerOrder(items).map((item) => item.number)).toEqual(["A4", "A2", "A6", "A5", "A3", "A1"]);
    expect(isPayable("vencida")).toBe(true);
    expect(isPayable("paga")).toBe(false);
  });
});
