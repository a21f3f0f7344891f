import { z } from "../zod.ts";

/**
 * A seller's availability for demonstrations (decision 138): weekly hours in São Paulo's time, the
 * meeting's length and the gap kept free after each, the minimum notice, how many business days
 * ahead a visitor may book and the seller's days off. National holidays are skipped as for
 * response deadlines (domain/leads/business-hours.ts), by the `isHoliday` the caller passes.
 */

/** "09:00" → 540: a minute of the day, São Paulo's wall clock. */
export function minuteOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

const TIME = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use o formato HH:MM, como 09:00.")
  .or(z.literal("24:00"));

export const hoursSchema = z
  .strictObject({ from: TIME, to: TIME })
  .refine((hours) => minuteOfDay(hours.from) < minuteOfDay(hours.to), {
    message: "O fim precisa ser depois do início.",
    path: ["to"],
  });
export type Hours = z.infer<typeof hoursSchema>;

/** 0 (Sunday) … 6 (Saturday), as `Date.getUTCDay` counts them. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use uma data no formato AAAA-MM-DD.");

export const availabilitySchema = z.strictObject({
  /** Per weekday ("0" Sunday … "6" Saturday), the periods it takes meetings; none: a day without. */
  weekly: z.partialRecord(z.enum(["0", "1", "2", "3", "4", "5", "6"]), z.array(hoursSchema).max(6)),
  meetingMinutes: z.number().int().min(15).max(240),
  gapMinutes: z.number().int().min(0).max(120),
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60),
  /** How many business days ahead, today counted when it is one. */
  businessDaysAhead: z.number().int().min(1).max(60),
  daysOff: z.array(DAY).max(366),
});
export type Availability = z.infer<typeof availabilitySchema>;

const WORKDAY: Hours[] = [{ from: "09:00", to: "17:00" }];

/** Monday to Friday, 9h to 17h in São Paulo; 30-minute meetings with 15 minutes between them. */
export const DEFAULT_AVAILABILITY: Availability = {
  weekly: { "1": WORKDAY, "2": WORKDAY, "3": WORKDAY, "4": WORKDAY, "5": WORKDAY },
  meetingMinutes: 30,
  gapMinutes: 15,
  minNoticeMinutes: 2 * 60,
  businessDaysAhead: 10,
  daysOff: [],
};
