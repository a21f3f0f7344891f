import { addDays } from "../billing/dates.ts";
import { fromSaoPauloTime, toSaoPauloTime } from "../content/schedule-time.ts";

/**
 * Response deadlines in business hours (decision 105; B §9.2, §9.4; DESIGN: the portal): Monday to
 * Friday, 8h to 18h in America/Sao_Paulo, skipping the days `isHoliday` names (Brazil's national
 * holidays in production, server/leads/holidays.ts). Minutes are the unit: a start's seconds are
 * dropped. A start outside business hours counts from the next opening.
 */
export const BUSINESS_OPEN_MINUTE = 8 * 60;
export const BUSINESS_CLOSE_MINUTE = 18 * 60;

/** "YYYY-MM-DD" → 0 (Sunday) … 6 (Saturday). */
function weekday(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

export function isBusinessDay(day: string, isHoliday: (day: string) => boolean): boolean {
  const dow = weekday(day);
  return dow >= 1 && dow <= 5 && !isHoliday(day);
}

function nextBusinessDay(day: string, isHoliday: (day: string) => boolean): string {
  let next = addDays(day, 1);
  // Two weeks of holidays and weekends in a row do not happen; the bound keeps a bad calendar finite.
  for (let i = 0; i < 14 && !isBusinessDay(next, isHoliday); i++) next = addDays(next, 1);
  return next;
}

/** The instant `hours` business hours after `start` (fractions of an hour allowed). */
export function addBusinessHours(start: Date, hours: number, isHoliday: (day: string) => boolean): Date {
  const wall = toSaoPauloTime(start); // "2026-11-26T15:30"
  let day = wall.slice(0, 10);
  let minute = Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14, 16));
  let remaining = Math.max(0, Math.round(hours * 60));
  if (!isBusinessDay(day, isHoliday) || minute >= BUSINESS_CLOSE_MINUTE) {
    day = nextBusinessDay(day, isHoliday);
    minute = BUSINESS_OPEN_MINUTE;
  } else if (minute < BUSINESS_OPEN_MINUTE) {
    minute = BUSINESS_OPEN_MINUTE;
  }
  while (remaining > BUSINESS_CLOSE_MINUTE - minute) {
    remaining -= BUSINESS_CLOSE_MINUTE - minute;
    day = nextBusinessDay(day, isHoliday);
    minute = BUSINESS_OPEN_MINUTE;
  }
  minute += remaining;
  const two = (n: number) => String(n).padStart(2, "0");
  return fromSaoPauloTime(`${day}T${two(Math.floor(minute / 60))}:${two(minute % 60)}`)!;
}
