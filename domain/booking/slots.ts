import { addDays } from "../billing/dates.ts";
import { fromSaoPauloTime, toSaoPauloTime } from "../content/schedule-time.ts";
import { isBusinessDay } from "../leads/business-hours.ts";
import { type Availability, minuteOfDay } from "./availability.ts";

/**
 * The free slots of one seller (decision 138), as plain arithmetic on São Paulo's wall clock: each
 * period of the weekday's hours is cut into meetings from its start, one every meeting plus gap;
 * a slot is offered when it starts after the notice, lies within the business days ahead, is not on
 * a holiday or a day off, and neither it nor the gap around it touches a busy time (the seller's
 * meetings and the busy times of their calendar).
 */

export interface Interval {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  availability: Availability;
  now: Date;
  isHoliday: (day: string) => boolean;
  /** Times the seller is not free: booked meetings, their calendar's busy times. Any order. */
  busy: readonly Interval[];
  /** At most this many slots, the earliest first. */
  limit?: number;
}

const MINUTE = 60_000;
const two = (n: number) => String(n).padStart(2, "0");

/** The instant of a São Paulo day's minute ("2026-12-07", 540 → 09:00 there). */
function instantOf(day: string, minute: number): Date {
  if (minute >= 24 * 60) return fromSaoPauloTime(`${addDays(day, 1)}T00:00`)!;
  return fromSaoPauloTime(`${day}T${two(Math.floor(minute / 60))}:${two(minute % 60)}`)!;
}

/** The days a visitor may book on: from today, the first `n` business days (holidays not counted). */
export function bookableDays(today: string, n: number, isHoliday: (day: string) => boolean): string[] {
  const days: string[] = [];
  let businessDays = 0;
  // Holidays and weekends never run for two weeks; the bound keeps a bad calendar finite.
  for (let day = today, i = 0; businessDays < n && i < n * 3 + 14; day = addDays(day, 1), i++) {
    days.push(day);
    if (isBusinessDay(day, isHoliday)) businessDays++;
  }
  return days;
}

export function freeSlots(query: SlotQuery): Interval[] {
  const { availability: a, now, isHoliday } = query;
  const limit = query.limit ?? Number.POSITIVE_INFINITY;
  const earliest = now.getTime() + a.minNoticeMinutes * MINUTE;
  const gap = a.gapMinutes * MINUTE;
  // A busy time keeps the gap free on both sides of it.
  const blocked = query.busy
    .map((b) => ({ start: b.start.getTime() - gap, end: b.end.getTime() + gap }))
    .sort((x, y) => x.start - y.start);
  const daysOff = new Set(a.daysOff);
  const slots: Interval[] = [];
  for (const day of bookableDays(toSaoPauloTime(now).slice(0, 10), a.businessDaysAhead, isHoliday)) {
    if (isHoliday(day) || daysOff.has(day)) continue;
    const weekday = String(new Date(`${day}T12:00:00Z`).getUTCDay()) as keyof Availability["weekly"];
    const periods = [...(a.weekly[weekday] ?? [])].sort((x, y) => minuteOfDay(x.from) - minuteOfDay(y.from));
    for (const period of periods) {
      const end = minuteOfDay(period.to);
      for (let minute = minuteOfDay(period.from); minute + a.meetingMinutes <= end; ) {
        const start = instantOf(day, minute);
        const slot = { start, end: new Date(start.getTime() + a.meetingMinutes * MINUTE) };
        if (start.getTime() >= earliest && !overlapsAny(slot, blocked)) {
          slots.push(slot);
          if (slots.length >= limit) return slots;
        }
        minute += a.meetingMinutes + a.gapMinutes;
      }
    }
  }
  return slots;
}

function overlapsAny(slot: Interval, blocked: readonly { start: number; end: number }[]): boolean {
  const start = slot.start.getTime();
  const end = slot.end.getTime();
  return blocked.some((b) => b.start < end && start < b.end);
}

/** Whether a slot is still one of the seller's free slots (a booking checks again before it holds). */
export function isFreeSlot(slot: Interval, query: Omit<SlotQuery, "limit">): boolean {
  return freeSlots(query).some(
    (free) => free.start.getTime() === slot.start.getTime() && free.end.getTime() === slot.end.getTime(),
  );
}
