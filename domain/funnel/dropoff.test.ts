import { describe, expect, it } from "vitest";
import { funnelStages, percent, stageKeys, stageLabel } from "./dropoff.ts";

const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe("the funnel's stages and drop-off", () => {
  it("a three-step form: shown, touched, steps 2 and 3, submitted", () => {
    expect(stageKeys(3)).toEqual(["shown", "touched", "step:2", "step:3", "submitted"]);
    expect(stageKeys(1)).toEqual(["shown", "touched", "submitted"]);
    expect(stageLabel("step:3")).toBe("Etapa 3 alcançada");
  });

  it("a form that books demonstrations ends with the visits that booked one", () => {
    expect(stageKeys(2, true)).toEqual(["shown", "touched", "step:2", "submitted", "booked"]);
    expect(stageLabel("booked")).toBe("Demonstração agendada");
    const stages = funnelStages(
      counts({ shown: 40, touched: 20, "step:2": 10, submitted: 8, booked: 2 }),
      2,
      true,
    );
    expect(stages.at(-1)).toMatchObject({ key: "booked", count: 2, ofShown: 0.05, lost: 6, dropOff: 0.75 });
  });

  it("counts, share of the views and the loss from the stage before", () => {
    const stages = funnelStages(
      counts({ shown: 200, touched: 120, "step:2": 60, "step:3": 45, submitted: 30 }),
      3,
    );
    expect(stages.map((s) => [s.key, s.count, s.ofShown, s.dropOff, s.lost])).toEqual([
      ["shown", 200, 1, null, 0],
      ["touched", 120, 0.6, 0.4, 80],
      ["step:2", 60, 0.3, 0.5, 60],
      ["step:3", 45, 0.225, 0.25, 15],
      ["submitted", 30, 0.15, 1 / 3, 15],
    ]);
    expect(percent(stages[4]!.dropOff)).toBe("33,3%");
    expect(percent(stages[3]!.ofShown)).toBe("22,5%");
  });

  it("a stage missing from the counts is zero, and after a zero the loss is unknown", () => {
    const stages = funnelStages(counts({ shown: 10, touched: 0 }), 2);
    expect(stages.map((s) => [s.count, s.dropOff])).toEqual([
      [10, null],
      [0, 1],
      [0, null],
      [0, null],
    ]);
  });

  it("no views: no shares, never a division by zero", () => {
    const stages = funnelStages(new Map(), 1);
    expect(stages.every((s) => s.ofShown === null && s.count === 0)).toBe(true);
    expect(percent(null)).toBe("—");
  });

  it("more at a stage than before it (arrived at step 2 by its address) loses nobody", () => {
    const stages = funnelStages(counts({ shown: 5, touched: 4, "step:2": 6, submitted: 6 }), 2);
    expect(stages[2]).toMatchObject({ count: 6, lost: 0, dropOff: 0, ofShown: 1.2 });
  });
});
