import { fromSaoPauloTime, toSaoPauloTime } from "@domain/content/schedule-time.ts";
import { addBusinessHours } from "@domain/leads/business-hours.ts";
import { describe, expect, it } from "vitest";
import { isBrazilianNationalHoliday } from "./holidays.ts";

const at = (wall: string) => fromSaoPauloTime(wall)!;
const plus = (wall: string, hours: number, isHoliday = isBrazilianNationalHoliday) =>
  toSaoPauloTime(addBusinessHours(at(wall), hours, isHoliday));

/** Response deadlines: Monday to Friday 8h–18h in São Paulo, without national holidays (decision 105). */
describe("business hours", () => {
  it.each([
    // start (São Paulo)        hours  deadline (São Paulo)   why
    ["2026-11-23T09:00", 4, "2026-11-23T13:00", "within a Monday"],
    ["2026-11-27T17:00", 4, "2026-11-30T11:00", "Friday 17h + 4 h: one hour Friday, three on Monday"],
    ["2026-11-19T17:00", 4, "2026-11-23T11:00", "Thursday 17h: Friday 20/11 is Consciência Negra"],
    ["2026-11-24T22:30", 2, "2026-11-25T10:00", "a lead at night counts from the next opening"],
    ["2026-11-23T06:00", 4, "2026-11-23T12:00", "before opening: from 8h"],
    ["2026-11-23T18:00", 1, "2026-11-24T09:00", "at closing time: the next day"],
    ["2026-11-28T10:00", 8, "2026-11-30T16:00", "a Saturday: from Monday"],
    ["2026-11-23T09:00", 24, "2026-11-25T13:00", "24 h úteis: 9 + 10 + 5"],
    ["2026-12-24T16:00", 4, "2026-12-28T10:00", "Christmas Friday in between"],
    ["2026-04-02T15:00", 8, "2026-04-06T13:00", "Sexta-Feira Santa (a moving holiday): 3 + 5"],
    ["2026-11-23T10:15", 0.5, "2026-11-23T10:45", "half an hour"],
    ["2026-11-23T10:15:59", 2, "2026-11-23T12:15", "seconds are dropped"],
  ])("%s + %s h → %s (%s)", (start, hours, deadline) => {
    expect(plus(start, hours)).toBe(deadline);
  });

  it("zero hours outside business hours is the next opening", () => {
    expect(plus("2026-11-28T10:00", 0)).toBe("2026-11-30T08:00");
  });

  it("answers an instant: São Paulo's wall clock is UTC−3", () => {
    expect(addBusinessHours(at("2026-11-27T17:00"), 4, () => false).toISOString()).toBe(
      "2026-11-30T14:00:00.000Z",
    );
  });

  it("knows Brazil's national holidays, not the optional Carnival", () => {
    for (const day of ["2026-01-01", "2026-04-03", "2026-04-21", "2026-11-20", "2026-12-25", "2027-03-26"])
      expect(isBrazilianNationalHoliday(day), day).toBe(true);
    for (const day of ["2026-02-16", "2026-02-17", "2026-11-26", "2026-06-04"])
      expect(isBrazilianNationalHoliday(day), day).toBe(false);
  });
});
