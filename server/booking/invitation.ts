import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";

/**
 * A demonstration's calendar invitation (decision 138; RFC 5545 and 5546), written by ical-generator:
 * `METHOD:REQUEST` to book or move it, `METHOD:CANCEL` to call it off. The UID stays the meeting's
 * for its whole life and SEQUENCE counts its revisions, so a calendar program updates the event it
 * has instead of adding another. Times in UTC: every calendar shows them in its own zone.
 */
export interface InvitationInput {
  method: "REQUEST" | "CANCEL";
  /** The meeting's id: the UID is `{id}@{host}`. */
  meetingId: string;
  /** The site's host, the right-hand side of the UID (RFC 5545 §3.8.4.7 suggests a domain). */
  host: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** The meeting room's address, when there is one. */
  location: string | null;
  organizer: { name: string; email: string };
  /** The visitor as an attendee; null when their lead holds no address (the seller's copy only). */
  visitor: { name: string; email: string } | null;
  /** When the invitation is written (DTSTAMP). */
  now: Date;
}

export function meetingUid(meetingId: string, host: string): string {
  return `${meetingId}@${host}`;
}

export function invitation(input: InvitationInput): string {
  const calendar = ical({
    prodId: { company: "Vértice", product: "Demonstrações", language: "PT" },
    method: input.method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  calendar.createEvent({
    id: meetingUid(input.meetingId, input.host),
    sequence: input.sequence,
    stamp: input.now,
    start: input.start,
    end: input.end,
    summary: input.summary,
    description: input.description,
    location: input.location,
    url: input.location,
    status: input.method === "REQUEST" ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [
      ...(input.visitor
        ? [
            {
              name: input.visitor.name,
              email: input.visitor.email,
              role: ICalAttendeeRole.REQ,
              status: ICalAttendeeStatus.NEEDSACTION,
              rsvp: true,
            },
          ]
        : []),
      {
        name: input.organizer.name,
        email: input.organizer.email,
        role: ICalAttendeeRole.CHAIR,
        status: ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
  return calendar.toString();
}
