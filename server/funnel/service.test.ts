import { describe, expect, it } from "vitest";
import { daysBefore, eventKey, saoPauloDay, saoPauloDayStart } from "./service.ts";

describe("the rollup's days (São Paulo, UTC−3 since 2019)", () => {
  it("an event belongs to the São Paulo day it happened on", () => {
    expect(saoPauloDay(new Date("2026-11-27T02:59:59Z"))).toBe("2026-11-26");
    expect(saoPauloDay(new Date("2026-11-27T03:00:00Z"))).toBe("2026-11-27");
  });

  it("a day begins at 03:00 UTC: what the rollup moves is everything before today's start", () => {
    expect(saoPauloDayStart("2026-11-27").toISOString()).toBe("2026-11-27T03:00:00.000Z");
    expect(saoPauloDayStart(saoPauloDay(new Date("2026-11-27T01:00:00Z"))).toISOString()).toBe(
      "2026-11-26T03:00:00.000Z",
    );
  });

  it("periods count back whole days, across months and years", () => {
    expect(daysBefore("2026-11-27", 0)).toBe("2026-11-27");
    expect(daysBefore("2026-11-27", 6)).toBe("2026-11-21");
    expect(daysBefore("2026-03-01", 1)).toBe("2026-02-28");
    expect(daysBefore("2027-01-05", 29)).toBe("2026-12-07");
    expect(daysBefore("2026-11-27", 400)).toBe("2025-10-23");
  });

  it("a step's counts are kept apart per step number", () => {
    expect(eventKey("step", 2)).toBe("step:2");
    expect(eventKey("shown", 0)).toBe("shown");
  });
});
