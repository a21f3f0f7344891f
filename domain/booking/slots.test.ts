import { describe, expect, it } from "vitest";
import { toSaoPauloTime } from "../content/schedule-time.ts";
import { type Availability, availabilitySchema, DEFAULT_AVAILABILITY } from "./availability.ts";
import { bookableDays, freeSlots, type Interval, isFreeSlot } from "./slots.ts";

/** São Paulo's wall clock ("2026-12-07T09:00") as an instant: UTC−3. */
const sp = (wall: string) => new Date(`${wall}:00-03:00`);
const wall = (slot: Interval) => `${toSaoPauloTime(slot.start)}–${toSaoPauloTime(slot.end).slice(11)}`;
const HOLIDAYS = new Set(["2026-12-25", "2027-01-01"]);
const isHoliday = (day: string) => HOLIDAYS.has(day);
const query = (
  over: Partial<Availability> = {},
  rest: { now?: Date; busy?: Interval[]; limit?: number } = {},
) => ({
  availability: { ...DEFAULT_AVAILABILITY, ...over },
  now: rest.now ?? sp("2026-12-07T06:00"), // a Monday, before opening
  isHoliday,
  busy: rest.busy ?? [],
  ...(rest.limit ? { limit: rest.limit } : {}),
});

describe("a seller's free slots: weekly hours, length and gap", () => {
  it("cuts the default day (9h–17h) into 30-minute meetings with 15 minutes between them", () => {
    const monday = freeSlots(query()).filter((s) => toSaoPauloTime(s.start).startsWith("2026-12-07"));
    expect(monday.map(wall)).toEqual([
      "2026-12-07T09:00–09:30",
      "2026-12-07T09:45–10:15",
      "2026-12-07T10:30–11:00",
      "2026-12-07T11:15–11:45",
      "2026-12-07T12:00–12:30",
      "2026-12-07T12:45–13:15",
      "2026-12-07T13:30–14:00",
      "2026-12-07T14:15–14:45",
      "2026-12-07T15:00–15:30",
      "2026-12-07T15:45–16:15",
      // 16:30 would end at 17:00: it fits exactly.
      "2026-12-07T16:30–17:00",
    ]);
  });

  it("answers in UTC instants: 9h in São Paulo is 12h UTC", () => {
    const [first] = freeSlots(query({}, { limit: 1 }));
    expect(first!.start.toISOString()).toBe("2026-12-07T12:00:00.000Z");
  });

  it("keeps to each weekday's own periods, a lunch break between two", () => {
    const slots = freeSlots(
      query({
        weekly: {
          "2": [
            { from: "14:00", to: "15:00" },
            { from: "08:00", to: "09:00" },
          ],
        },
        meetingMinutes: 60,
        gapMinutes: 0,
      }),
    );
    expect(slots.slice(0, 2).map(wall)).toEqual(["2026-12-08T08:00–09:00", "2026-12-08T14:00–15:00"]);
    // Only Tuesdays.
    expect(new Set(slots.map((s) => new Date(s.start).getUTCDay()))).toEqual(new Set([2]));
  });

  it("offers no slot that would run past a period's end", () => {
    const slots = freeSlots(query({ weekly: { "1": [{ from: "09:00", to: "10:10" }] }, meetingMinutes: 45 }));
    expect(slots.filter((s) => toSaoPauloTime(s.start).startsWith("2026-12-07")).map(wall)).toEqual([
      "2026-12-07T09:00–09:45",
    ]);
  });

  it("takes no meetings on weekends unless the hours say so", () => {
    const days = new Set(freeSlots(query()).map((s) => new Date(s.start).getUTCDay()));
    expect(days.has(0) || days.has(6)).toBe(false);
    const saturday = freeSlots(query({ weekly: { "6": [{ from: "09:00", to: "10:00" }] } }));
    expect(saturday[0] && wall(saturday[0])).toBe("2026-12-12T09:00–09:30");
  });
});

describe("notice, days ahead, holidays and days off", () => {
  it("starts no earlier than the minimum notice", () => {
    const slots = freeSlots(query({ minNoticeMinutes: 120 }, { now: sp("2026-12-07T10:10"), limit: 2 }));
    // 10:10 + 2 h = 12:10: 12:00 is too soon, 12:45 the first.
    expect(slots.map(wall)).toEqual(["2026-12-07T12:45–13:15", "2026-12-07T13:30–14:00"]);
  });

  it("after today's last slot, the next business day", () => {
    const [first] = freeSlots(query({}, { now: sp("2026-12-11T16:00"), limit: 1 })); // a Friday
    expect(wall(first!)).toBe("2026-12-14T09:00–09:30");
  });

  it("counts business days ahead from today: weekends and holidays do not count, nor are booked", () => {
    expect(bookableDays("2026-12-23", 3, isHoliday)).toEqual([
      "2026-12-23", // Wednesday
      "2026-12-24",
      "2026-12-25", // Christmas: a holiday, not counted
      "2026-12-26",
      "2026-12-27",
      "2026-12-28", // Monday: the third business day
    ]);
    const slots = freeSlots(query({ businessDaysAhead: 3 }, { now: sp("2026-12-23T06:00") }));
    expect(new Set(slots.map((s) => toSaoPauloTime(s.start).slice(0, 10)))).toEqual(
      new Set(["2026-12-23", "2026-12-24", "2026-12-28"]),
    );
  });

  it("skips the seller's days off", () => {
    const slots = freeSlots(query({ daysOff: ["2026-12-07"] }, { limit: 1 }));
    expect(wall(slots[0]!)).toBe("2026-12-08T09:00–09:30");
  });
});

describe("busy times", () => {
  it("a booked meeting takes its slot, and the gap around it stays free", () => {
    const busy = [{ start: sp("2026-12-07T09:45"), end: sp("2026-12-07T10:15") }];
    const slots = freeSlots(query({}, { busy, limit: 3 }));
    expect(slots.map(wall)).toEqual([
      "2026-12-07T09:00–09:30",
      "2026-12-07T10:30–11:00",
      "2026-12-07T11:15–11:45",
    ]);
  });

  it("a calendar's busy time off the grid blocks every slot it or its gap touches", () => {
    // 10:00–10:20 with 15 minutes' gap blocks 09:45–10:35: the 09:45 and 10:30 slots.
    const busy = [{ start: sp("2026-12-07T10:00"), end: sp("2026-12-07T10:20") }];
    expect(freeSlots(query({}, { busy, limit: 3 })).map(wall)).toEqual([
      "2026-12-07T09:00–09:30",
      "2026-12-07T11:15–11:45",
      "2026-12-07T12:00–12:30",
    ]);
  });

  it("an all-day busy time empties the day", () => {
    const busy = [{ start: sp("2026-12-07T00:00"), end: sp("2026-12-08T00:00") }];
    expect(wall(freeSlots(query({}, { busy, limit: 1 }))[0]!)).toBe("2026-12-08T09:00–09:30");
  });

  it("isFreeSlot: a slot of the grid still free, not one taken or off the grid", () => {
    const q = query({}, { busy: [{ start: sp("2026-12-07T09:00"), end: sp("2026-12-07T09:30") }] });
    expect(isFreeSlot({ start: sp("2026-12-07T09:45"), end: sp("2026-12-07T10:15") }, q)).toBe(true);
    expect(isFreeSlot({ start: sp("2026-12-07T09:00"), end: sp("2026-12-07T09:30") }, q)).toBe(false);
    expect(isFreeSlot({ start: sp("2026-12-07T09:10"), end: sp("2026-12-07T09:40") }, q)).toBe(false);
  });
});

describe("the availability staff save", () => {
  it("takes the default", () => {
    expect(availabilitySchema.safeParse(DEFAULT_AVAILABILITY).success).toBe(true);
  });

  it("refuses a period that ends before it starts, and a bad time, in Portuguese", () => {
    const bad = availabilitySchema.safeParse({
      ...DEFAULT_AVAILABILITY,
      weekly: { "1": [{ from: "17:00", to: "09:00" }], "2": [{ from: "9h", to: "10:00" }] },
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((issue) => issue.message);
    expect(messages).toContain("O fim precisa ser depois do início.");
    expect(messages).toContain("Use o formato HH:MM, como 09:00.");
  });

  it("refuses meetings shorter than 15 minutes and notice beyond a week", () => {
    expect(availabilitySchema.safeParse({ ...DEFAULT_AVAILABILITY, meetingMinutes: 5 }).success).toBe(false);
    expect(
      availabilitySchema.safeParse({ ...DEFAULT_AVAILABILITY, minNoticeMinutes: 8 * 24 * 60 }).success,
    ).toBe(false);
  });
});
