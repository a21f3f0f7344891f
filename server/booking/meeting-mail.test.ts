import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { type MeetingMailInput, meetingMails } from "./meeting-mail.ts";

const input: MeetingMailInput = {
  event: "booked",
  meeting: {
    id: "7d1c2a10-0000-4000-8000-000000000001",
    sequence: 0,
    startsAt: new Date("2026-11-23T12:00:00Z"),
    endsAt: new Date("2026-11-23T12:30:00Z"),
    sellerName: "Ana Souza",
    sellerEmail: "ana@vertice.example",
    meetingUrl: "https://meet.example/ana",
    visitorTimeZone: "America/Manaus",
  },
  visitor: { email: "maria@agrosul.com.br", firstName: "Maria", language: "pt" },
  protocol: "VRT-123",
  company: "Agro Sul Ltda",
  manageUrl: "https://www.vertice.example/agenda/7d1c2a10-0000-4000-8000-000000000001?t=assinado",
  leadUrl: "https://www.vertice.example/admin/leads/abc",
  host: "www.vertice.example",
  now: new Date("2026-11-22T12:00:00Z"),
};

/** The invitation's event as ical.js (a real iCalendar parser) reads it. */
const eventOf = (content: string) =>
  new ICAL.Event(new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent("vevent")!);
const attendees = (event: ICAL.Event) =>
  event.attendees.map((a) =>
    String(a.getFirstValue())
      .replace(/^mailto:/i, "")
      .toLowerCase(),
  );

describe("a demonstration's e-mails (decision 138)", () => {
  it("gives the visitor and the seller one event; only the visitor's holds the signed link", () => {
    const { visitor, seller } = meetingMails(input);
    const theirs = eventOf(visitor!.calendar!.content);
    const ours = eventOf(seller.calendar!.content);
    expect(ours.uid).toBe(theirs.uid);
    expect(ours.sequence).toBe(theirs.sequence);
    expect(theirs.description).toContain(input.manageUrl);
    expect(visitor!.text).toContain(input.manageUrl);
    // The link moves or cancels the meeting without an account: it stays out of the seller's calendar.
    expect(ours.description).not.toContain("?t=");
    expect(seller.text).not.toContain("?t=");
    expect(ours.description).toContain(input.leadUrl);
    expect(ours.summary).toBe("Demonstração: Agro Sul Ltda");
    expect(attendees(ours)).toEqual(["maria@agrosul.com.br", "ana@vertice.example"]);
  });

  it("without the visitor's address, writes to the seller only, with the seller the one attendee", () => {
    const { visitor, seller } = meetingMails({ ...input, visitor: { ...input.visitor, email: null } });
    expect(visitor).toBeNull();
    expect(attendees(eventOf(seller.calendar!.content))).toEqual(["ana@vertice.example"]);
  });
});
