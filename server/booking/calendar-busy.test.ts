import { describe, expect, it } from "vitest";
import { busyTimesOf, CalendarFileError } from "./calendar-busy.ts";

const WINDOW = { start: new Date("2026-12-07T00:00:00Z"), end: new Date("2026-12-31T00:00:00Z") };

/** A calendar as Google publishes it: its zone defined in the file, lines ended by CRLF. */
function calendar(...events: string[]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    "BEGIN:VTIMEZONE",
    "TZID:America/Sao_Paulo",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0300",
    "TZOFFSETTO:-0300",
    "TZNAME:-03",
    "DTSTART:19700101T000000",
    "END:STANDARD",
    "END:VTIMEZONE",
    ...events,
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

const event = (...lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");
const iso = (busy: { start: Date; end: Date }[]) =>
  busy.map((b) => [b.start.toISOString(), b.end.toISOString()]);

describe("busy times of an iCalendar file", () => {
  it("reads an event in the zone the file defines, and one in UTC", () => {
    const busy = busyTimesOf(
      calendar(
        event(
          "UID:a",
          "DTSTART;TZID=America/Sao_Paulo:20261208T100000",
          "DTEND;TZID=America/Sao_Paulo:20261208T110000",
        ),
        event("UID:b", "DTSTART:20261209T150000Z", "DTEND:20261209T153000Z"),
      ),
      WINDOW,
    );
    expect(iso(busy)).toEqual([
      ["2026-12-08T13:00:00.000Z", "2026-12-08T14:00:00.000Z"],
      ["2026-12-09T15:00:00.000Z", "2026-12-09T15:30:00.000Z"],
    ]);
  });

  it("reads a floating time, or a zone the file does not define, on that zone's clock when known, else São Paulo's", () => {
    const busy = busyTimesOf(
      calendar(
        event("UID:a", "DTSTART:20261208T100000", "DTEND:20261208T110000"),
        event(
          "UID:b",
          "DTSTART;TZID=America/Manaus:20261209T100000",
          "DTEND;TZID=America/Manaus:20261209T110000",
        ),
        event("UID:c", "DTSTART;TZID=Nowhere Standard Time:20261210T100000", "DURATION:PT45M"),
      ),
      WINDOW,
    );
    expect(iso(busy)).toEqual([
      ["2026-12-08T13:00:00.000Z", "2026-12-08T14:00:00.000Z"],
      ["2026-12-09T14:00:00.000Z", "2026-12-09T15:00:00.000Z"],
      ["2026-12-10T13:00:00.000Z", "2026-12-10T13:45:00.000Z"],
    ]);
  });

  it("expands a weekly series, leaving out its EXDATE and cancelled occurrences and following a moved one", () => {
    const busy = busyTimesOf(
      calendar(
        event(
          "UID:weekly",
          "DTSTART;TZID=America/Sao_Paulo:20261130T090000",
          "DTEND;TZID=America/Sao_Paulo:20261130T093000",
          "RRULE:FREQ=WEEKLY;BYDAY=MO",
          "EXDATE;TZID=America/Sao_Paulo:20261214T090000",
        ),
        event(
          "UID:weekly",
          "RECURRENCE-ID;TZID=America/Sao_Paulo:20261221T090000",
          "DTSTART;TZID=America/Sao_Paulo:20261222T140000",
          "DTEND;TZID=America/Sao_Paulo:20261222T150000",
        ),
        event(
          "UID:weekly",
          "RECURRENCE-ID;TZID=America/Sao_Paulo:20261228T090000",
          "DTSTART;TZID=America/Sao_Paulo:20261228T090000",
          "DTEND;TZID=America/Sao_Paulo:20261228T093000",
          "STATUS:CANCELLED",
        ),
      ),
      WINDOW,
    );
    expect(iso(busy)).toEqual([
      ["2026-12-07T12:00:00.000Z", "2026-12-07T12:30:00.000Z"],
      ["2026-12-22T17:00:00.000Z", "2026-12-22T18:00:00.000Z"],
    ]);
  });

  it("blocks a whole São Paulo day for an all-day event that shows busy, nothing for one marked free or cancelled", () => {
    const busy = busyTimesOf(
      calendar(
        event("UID:trip", "DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261212"),
        event(
          "UID:birthday",
          "DTSTART;VALUE=DATE:20261215",
          "DTEND;VALUE=DATE:20261216",
          "TRANSP:TRANSPARENT",
        ),
        event("UID:off", "DTSTART:20261216T120000Z", "DTEND:20261216T130000Z", "STATUS:CANCELLED"),
      ),
      WINDOW,
    );
    expect(iso(busy)).toEqual([["2026-12-10T03:00:00.000Z", "2026-12-12T03:00:00.000Z"]]);
  });

  it("keeps only what touches the window, joins overlapping times, and reads VFREEBUSY periods", () => {
    const busy = busyTimesOf(
      calendar(
        event("UID:past", "DTSTART:20261101T120000Z", "DTEND:20261101T130000Z"),
        event("UID:far", "DTSTART:20270301T120000Z", "DTEND:20270301T130000Z"),
        event("UID:x", "DTSTART:20261208T120000Z", "DTEND:20261208T130000Z"),
        event("UID:y", "DTSTART:20261208T123000Z", "DTEND:20261208T140000Z"),
        [
          "BEGIN:VFREEBUSY",
          "UID:fb",
          "DTSTART:20261201T000000Z",
          "DTEND:20261231T000000Z",
          "FREEBUSY;FBTYPE=BUSY:20261211T120000Z/PT1H",
          "FREEBUSY;FBTYPE=FREE:20261211T150000Z/PT1H",
          "END:VFREEBUSY",
        ].join("\r\n"),
      ),
      WINDOW,
    );
    expect(iso(busy)).toEqual([
      ["2026-12-08T12:00:00.000Z", "2026-12-08T14:00:00.000Z"],
      ["2026-12-11T12:00:00.000Z", "2026-12-11T13:00:00.000Z"],
    ]);
  });

  it("stops walking a daily series at the window's end, however long it runs", () => {
    const busy = busyTimesOf(
      calendar(event("UID:daily", "DTSTART:20161201T110000Z", "DTEND:20161201T111500Z", "RRULE:FREQ=DAILY")),
      WINDOW,
    );
    expect(busy).toHaveLength(24);
    expect(busy[0]!.start.toISOString()).toBe("2026-12-07T11:00:00.000Z");
  });

  it("refuses what is not an iCalendar file", () => {
    expect(() => busyTimesOf("<html><body>Entrar</body></html>", WINDOW)).toThrow(CalendarFileError);
    expect(() => busyTimesOf("BEGIN:VCARD\r\nFN:Ana\r\nEND:VCARD\r\n", WINDOW)).toThrow(CalendarFileError);
  });
});
