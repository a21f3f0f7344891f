import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { invitation } from "./invitation.ts";

/** Each invitation is read back by a real iCalendar parser (ical.js, Mozilla's) and checked field by field. */
const parse = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return { calendar, event, vevent: new ICAL.Event(event) };
};
/** A calendar address; URI schemes are case-insensitive (ical-generator writes MAILTO:). */
const address = (property: ICAL.Property) => String(property.getFirstValue()).replace(/^mailto:/i, "mailto:");

const base = {
  meetingId: "7d1c2a10-0000-4000-8000-000000000001",
  host: "www.vertice.example",
  sequence: 0,
  start: new Date("2026-11-23T12:00:00Z"),
  end: new Date("2026-11-23T12:30:00Z"),
  summary: "Demonstração do Vértice com Ana Souza",
  description:
    "Para remarcar: https://www.vertice.example/agenda/x\nPara cancelar: https://www.vertice.example/agenda/y",
  location: "https://meet.example/ana",
  organizer: { name: "Ana Souza", email: "ana@vertice.example" },
  visitor: { name: "Maria Silva", email: "maria@agrosul.com.br" },
  now: new Date("2026-11-22T12:00:00Z"),
} as const;

describe("a demonstration's invitation (RFC 5545, 5546)", () => {
  it("books: METHOD:REQUEST, a stable UID, organizer, attendees, UTC times", () => {
    const { calendar, event, vevent } = parse(invitation({ ...base, method: "REQUEST" }));
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(calendar.getFirstPropertyValue("prodid"))).toContain("Vértice");
    expect(vevent.uid).toBe("7d1c2a10-0000-4000-8000-000000000001@www.vertice.example");
    expect(vevent.sequence).toBe(0);
    expect(vevent.startDate.toJSDate().toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(vevent.endDate.toJSDate().toISOString()).toBe("2026-11-23T12:30:00.000Z");
    expect(vevent.startDate.zone?.tzid).toBe("UTC");
    expect(vevent.summary).toBe(base.summary);
    expect(vevent.description).toBe(base.description);
    expect(vevent.location).toBe("https://meet.example/ana");
    expect(event.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-11-22T12:00:00Z");

    const organizer = event.getFirstProperty("organizer")!;
    expect(address(organizer)).toBe("mailto:ana@vertice.example");
    expect(organizer.getParameter("cn")).toBe("Ana Souza");
    const attendees = event.getAllProperties("attendee").map((p) => ({
      address: address(p),
      name: p.getParameter("cn"),
      role: p.getParameter("role"),
      status: p.getParameter("partstat"),
      rsvp: p.getParameter("rsvp"),
    }));
    expect(attendees).toEqual([
      {
        address: "mailto:maria@agrosul.com.br",
        name: "Maria Silva",
        role: "REQ-PARTICIPANT",
        status: "NEEDS-ACTION",
        rsvp: "TRUE",
      },
      {
        address: "mailto:ana@vertice.example",
        name: "Ana Souza",
        role: "CHAIR",
        status: "ACCEPTED",
        rsvp: undefined,
      },
    ]);
  });

  it("moves: the same UID with the next SEQUENCE, so calendars update the event they have", () => {
    const first = parse(invitation({ ...base, method: "REQUEST" })).vevent;
    const moved = parse(
      invitation({
        ...base,
        method: "REQUEST",
        sequence: 1,
        start: new Date("2026-11-24T15:00:00Z"),
        end: new Date("2026-11-24T15:30:00Z"),
      }),
    ).vevent;
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBe(1);
    expect(moved.startDate.toJSDate().toISOString()).toBe("2026-11-24T15:00:00.000Z");
  });

  it("cancels: METHOD:CANCEL and STATUS:CANCELLED under the same UID", () => {
    const { calendar, event, vevent } = parse(invitation({ ...base, method: "CANCEL", sequence: 2 }));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(event.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vevent.uid).toBe("7d1c2a10-0000-4000-8000-000000000001@www.vertice.example");
    expect(vevent.sequence).toBe(2);
  });

  it("keeps a hostile name inside its parameter: no line of its own", () => {
    const text = invitation({
      ...base,
      method: "REQUEST",
      visitor: { name: 'Maria\r\nATTENDEE:mailto:intruso@example.com;"x"', email: "maria@agrosul.com.br" },
    });
    const { event } = parse(text);
    expect(event.getAllProperties("attendee").map(address)).toEqual([
      "mailto:maria@agrosul.com.br",
      "mailto:ana@vertice.example",
    ]);
  });
});
