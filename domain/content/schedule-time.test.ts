import { describe, expect, it } from "vitest";
import { formatDayAtTime } from "../format.ts";
import {
  fromSaoPauloTime,
  MAX_SCHEDULE_AHEAD_MS,
  scheduleTimeProblem,
  toSaoPauloTime,
} from "./schedule-time.ts";

/** Times of scheduled publications: São Paulo's wall clock in, UTC instants stored (decision 100). */
describe("schedule times in America/Sao_Paulo", () => {
  it("reads São Paulo's wall clock as UTC−3 (no daylight saving time since 2019)", () => {
    expect(fromSaoPauloTime("2026-11-26T15:30")?.toISOString()).toBe("2026-11-26T18:30:00.000Z");
    // Late evening in São Paulo is already the next day in UTC.
    expect(fromSaoPauloTime("2026-11-26T23:30")?.toISOString()).toBe("2026-11-27T02:30:00.000Z");
    expect(fromSaoPauloTime("2026-12-31T23:59")?.toISOString()).toBe("2027-01-01T02:59:00.000Z");
    expect(fromSaoPauloTime("2027-07-01T00:00:30")?.toISOString()).toBe("2027-07-01T03:00:30.000Z");
  });

  it("asks the time zone database, not a fixed offset: summer time of 2018/19 was UTC−2", () => {
    expect(fromSaoPauloTime("2019-01-15T12:00")?.toISOString()).toBe("2019-01-15T14:00:00.000Z");
    // 00:30 on 2018-11-04 did not exist (clocks jumped to 01:00): it moves forward.
    expect(toSaoPauloTime(fromSaoPauloTime("2018-11-04T00:30")!)).toBe("2018-11-04T01:30");
  });

  it("refuses what is not a date and time", () => {
    for (const value of [
      "",
      "amanhã",
      "2026-02-30T10:00",
      "2026-11-26",
      "2026-11-26T24:00",
      "26/11/2026 10:00",
    ])
      expect(fromSaoPauloTime(value), value).toBeNull();
  });

  it("shows instants as staff read them, round trip with the input's value", () => {
    const instant = new Date("2026-11-27T02:30:00Z");
    expect(toSaoPauloTime(instant)).toBe("2026-11-26T23:30");
    expect(formatDayAtTime(instant)).toBe("26/11/2026 às 23:30");
    expect(fromSaoPauloTime(toSaoPauloTime(instant))?.getTime()).toBe(instant.getTime());
  });

  it("a schedule must be in the future and within a year", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    expect(scheduleTimeProblem(null, now)).toBe("workflow.timeInvalid");
    expect(scheduleTimeProblem(now, now)).toBe("workflow.timePast");
    expect(scheduleTimeProblem(new Date(now.getTime() - 60_000), now)).toBe("workflow.timePast");
    expect(scheduleTimeProblem(new Date(now.getTime() + 60_000), now)).toBeNull();
    expect(scheduleTimeProblem(new Date(now.getTime() + MAX_SCHEDULE_AHEAD_MS + 1), now)).toBe(
      "workflow.timeTooFar",
    );
  });
});
