import { describe, expect, it } from "vitest";
import { countOutcomes } from "./outcomes-report.ts";

describe("the dashboard's sales outcomes", () => {
  it("counts each group's leads by outcome and those that booked a demonstration, biggest group first", () => {
    const rows = countOutcomes(
      [
        { form: "contato", outcome: null, booked: false },
        { form: "demo", outcome: "won", booked: true },
        { form: "demo", outcome: null, booked: true },
        { form: "demo", outcome: "lost", booked: false },
      ],
      (lead) => lead.form,
    );
    expect(rows).toEqual([
      { key: "demo", total: 3, booked: 2, none: 1, open: 0, working: 0, qualified: 0, won: 1, lost: 1 },
      { key: "contato", total: 1, booked: 0, none: 1, open: 0, working: 0, qualified: 0, won: 0, lost: 0 },
    ]);
  });
});
