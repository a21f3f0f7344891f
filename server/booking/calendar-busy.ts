import type { Interval } from "@domain/booking/slots.ts";
import { fromZonedTime, SAO_PAULO_TZ } from "@domain/content/schedule-time.ts";
import { isValidTimezone } from "@domain/time-zone.ts";
import ICAL from "ical.js";

/**
 * The busy times of a seller's own calendar (decision 140), read from the iCalendar file its private
 * address serves (RFC 5545; Google Calendar and Outlook publish one): every event that shows the
 * seller as busy, its repetitions expanded (RRULE, EXDATE, moved or cancelled occurrences), and
 * VFREEBUSY periods. Events marked free (TRANSP:TRANSPARENT) and cancelled ones block nothing.
 * A time with no zone, or with one the file neither defines nor the runtime knows, is São Paulo's.
 */

/** Occurrences walked per repeating event at most: a daily event of ten years is 3,650. */
const MAX_OCCURRENCES = 20_000;
/** Busy times kept at most (after merging): a seller's next months hold far fewer. */
export const MAX_BUSY_TIMES = 5_000;

export class CalendarFileError extends Error {}

/** The busy times of an iCalendar file that touch the window, merged and in order. */
export function busyTimesOf(ics: string, window: Interval): Interval[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  } catch {
    throw new CalendarFileError("not-ical");
  }
  if (root.name !== "vcalendar") throw new CalendarFileError("not-ical");
  const from = window.start.getTime();
  const to = window.end.getTime();
  const busy: Interval[] = [];
  const keep = (start: Date | null, end: Date | null) => {
    if (!start || !end || end.getTime() <= start.getTime()) return;
    if (end.getTime() > from && start.getTime() < to) busy.push({ start, end });
  };

  const events = root.getAllSubcomponents("vevent");
  // A moved or cancelled occurrence is its own VEVENT with the series' UID and a RECURRENCE-ID.
  const exceptions = new Map<string, ICAL.Event[]>();
  for (const component of events) {
    if (!component.hasProperty("recurrence-id")) continue;
    const event = new ICAL.Event(component);
    exceptions.set(event.uid, [...(exceptions.get(event.uid) ?? []), event]);
  }
  for (const component of events) {
    if (component.hasProperty("recurrence-id")) continue;
    const event = new ICAL.Event(component, {
      exceptions: exceptions.get(component.getFirstPropertyValue("uid") as string) ?? [],
    });
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      if (showsBusy(component)) keep(instantOf(event.startDate), instantOf(event.endDate ?? event.startDate));
      continue;
    }
    const occurrences = event.iterator();
    for (let i = 0, next = occurrences.next(); next && i < MAX_OCCURRENCES; i++, next = occurrences.next()) {
      // Occurrences come in the order of their original times; a later one moved into the window is missed.
      if ((instantOf(next)?.getTime() ?? to) >= to) break;
      const details = event.getOccurrenceDetails(next);
      if (showsBusy(details.item.component)) keep(instantOf(details.startDate), instantOf(details.endDate));
    }
  }
  // A moved occurrence whose series is not in the file (a shared instance) still takes its time.
  for (const list of exceptions.values())
    for (const exception of list)
      if (
        !events.some(
          (c) => !c.hasProperty("recurrence-id") && c.getFirstPropertyValue("uid") === exception.uid,
        )
      )
        if (showsBusy(exception.component))
          keep(instantOf(exception.startDate), instantOf(exception.endDate ?? exception.startDate));

  for (const freebusy of root.getAllSubcomponents("vfreebusy"))
    for (const property of freebusy.getAllProperties("freebusy")) {
      const type = String(property.getParameter("fbtype") ?? "BUSY").toUpperCase();
      if (type === "FREE") continue;
      for (const value of property.getValues() as ICAL.Period[])
        keep(instantOf(value.start), instantOf(value.end ?? value.getEnd()));
    }
  return merged(busy).slice(0, MAX_BUSY_TIMES);
}

/** Whether an event or occurrence shows its owner busy: not cancelled, not marked free. */
function showsBusy(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transparency = String(component.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase();
  return status !== "CANCELLED" && transparency !== "TRANSPARENT";
}

/**
 * The instant of an iCalendar time: UTC and zones the file defines as ical.js computes them; a
 * floating time (or an all-day date, from its midnight) on the wall clock of the zone it names when
 * the runtime knows it, else São Paulo's.
 */
function instantOf(time: ICAL.Time | null | undefined): Date | null {
  if (!time) return null;
  const zone = time.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== "floating")
    return new Date(time.toUnixTime() * 1000);
  const named = (time as { timezone?: string }).timezone;
  const timeZone = named && isValidTimezone(named) ? named : SAO_PAULO_TZ;
  const two = (n: number) => String(n).padStart(2, "0");
  const wall = `${time.year}-${two(time.month)}-${two(time.day)}T${two(time.isDate ? 0 : time.hour)}:${two(time.isDate ? 0 : time.minute)}:${two(time.isDate ? 0 : time.second)}`;
  return fromZonedTime(wall, timeZone);
}

/** Busy times in order, overlapping and touching ones joined. */
function merged(busy: Interval[]): Interval[] {
  const sorted = [...busy].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out.at(-1);
    if (last && interval.start.getTime() <= last.end.getTime()) {
      if (interval.end.getTime() > last.end.getTime()) last.end = interval.end;
    } else out.push({ start: interval.start, end: interval.end });
  }
  return out;
}
