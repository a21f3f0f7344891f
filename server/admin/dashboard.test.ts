import { describe, expect, it } from "vitest";
import { fillDays } from "./dashboard.ts";

describe("leads per day for the dashboard chart", () => {
  it("has every one of the last 30 days, oldest first, with zeros where nothing came", () => {
    const series = fillDays(
      [
        { day: "2026-11-23", level: "hot", n: 2 },
        { day: "2026-11-23", level: "cold", n: 1 },
        { day: "2026-10-25", level: "warm", n: 4 },
        // Outside the window: left out.
        { day: "2026-10-24", level: "warm", n: 9 },
      ],
      new Date("2026-11-23T21:30:00Z"),
    );
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ day: "2026-10-25", cold: 0, warm: 4, hot: 0 });
    expect(series[29]).toEqual({ day: "2026-11-23", cold: 1, warm: 0, hot: 2 });
    expect(series.slice(1, 29).every((d) => d.cold + d.warm + d.hot === 0)).toBe(true);
  });

  it("counts days in UTC across a month end", () => {
    const series = fillDays([], new Date("2026-03-01T00:10:00Z"), 3);
    expect(series.map((d) => d.day)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });
});
