import { meetingWhen } from "@domain/booking/slot-format.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { SITE_NAME } from "@domain/site.ts";
import type { MailMessage } from "../platform/mail/message.ts";
import { mailLine } from "../platform/mail/message.ts";
import { invitation } from "./invitation.ts";

/**
 * The e-mails of a demonstration (decision 138): to the visitor and to the seller, each carrying
 * the calendar invitation (REQUEST when booked or moved, CANCEL when called off) so a calendar
 * program adds, moves or removes the event (one UID and SEQUENCE for both). Only the visitor's
 * carries the links to reschedule and cancel: the seller's has the lead's page instead. The visitor's address is nobody's confirmed one: their message holds no text a stranger
 * wrote beyond a first name (server/mail/lead-mail.ts `firstName`).
 */
export type MeetingEvent = "booked" | "rescheduled" | "cancelled";

export interface MeetingMailInput {
  event: MeetingEvent;
  meeting: {
    id: string;
    sequence: number;
    startsAt: Date;
    endsAt: Date;
    sellerName: string;
    sellerEmail: string;
    meetingUrl: string | null;
    visitorTimeZone: string | null;
  };
  /** The visitor; `email` null when their lead holds none (then only the seller is written to). */
  visitor: { email: string | null; firstName: string | null; language: OfferedLanguage };
  /** The lead's protocol (its Jira key or local protocol), for the seller. */
  protocol: string;
  /** The company as the visitor typed it, for the seller only (one line). */
  company: string | null;
  /** The page to reschedule or cancel (signed, valid until the meeting). */
  manageUrl: string;
  /** The lead's page in the admin, for the seller. */
  leadUrl: string;
  host: string;
  now: Date;
}

const WORDS = {
  pt: {
    subject: {
      booked: (when: string) => `Demonstração agendada: ${when}`,
      rescheduled: (when: string) => `Demonstração remarcada: ${when}`,
      cancelled: (when: string) => `Demonstração cancelada: ${when}`,
    },
    hello: (name: string | null) => (name ? `Olá, ${name}.` : "Olá."),
    body: {
      booked: (when: string, seller: string) =>
        `Sua demonstração do ${SITE_NAME} com ${seller} está marcada para ${when}.`,
      rescheduled: (when: string, seller: string) =>
        `Sua demonstração do ${SITE_NAME} com ${seller} foi remarcada para ${when}.`,
      cancelled: (when: string, seller: string) =>
        `Sua demonstração do ${SITE_NAME} com ${seller}, que estava marcada para ${when}, foi cancelada.`,
    },
    join: "Entrar na reunião:",
    manage: "Para remarcar ou cancelar:",
    invite: "O convite vai anexo: abra-o para a reunião entrar na sua agenda.",
    again: `Quando quiser, agende outra demonstração pelo site do ${SITE_NAME}.`,
    summary: (seller: string) => `Demonstração do ${SITE_NAME} com ${seller}`,
  },
  en: {
    subject: {
      booked: (when: string) => `Demo booked: ${when}`,
      rescheduled: (when: string) => `Demo rescheduled: ${when}`,
      cancelled: (when: string) => `Demo cancelled: ${when}`,
    },
    hello: (name: string | null) => (name ? `Hello, ${name}.` : "Hello."),
    body: {
      booked: (when: string, seller: string) =>
        `Your ${SITE_NAME} demo with ${seller} is booked for ${when}.`,
      rescheduled: (when: string, seller: string) =>
        `Your ${SITE_NAME} demo with ${seller} was rescheduled to ${when}.`,
      cancelled: (when: string, seller: string) =>
        `Your ${SITE_NAME} demo with ${seller}, booked for ${when}, was cancelled.`,
    },
    join: "Join the meeting:",
    manage: "To reschedule or cancel:",
    invite: "The invitation is attached: open it to put the meeting in your calendar.",
    again: `Whenever you like, book another demo on the ${SITE_NAME} site.`,
    summary: (seller: string) => `${SITE_NAME} demo with ${seller}`,
  },
} as const;

/** The seller's words: staff work in Portuguese. */
const SELLER = {
  subject: {
    booked: (when: string, who: string) => `Nova demonstração: ${who} — ${when}`,
    rescheduled: (when: string, who: string) => `Demonstração remarcada: ${who} — ${when}`,
    cancelled: (when: string, who: string) => `Demonstração cancelada: ${who} — ${when}`,
  },
  body: {
    booked: (when: string) => `Um visitante agendou uma demonstração com você para ${when}.`,
    rescheduled: (when: string) => `O visitante remarcou a demonstração para ${when}.`,
    cancelled: (when: string) => `O visitante cancelou a demonstração de ${when}.`,
  },
  lead: "Lead:",
  join: "Sala:",
  summary: (who: string) => `Demonstração: ${who}`,
};

export function meetingMails(input: MeetingMailInput): { visitor: MailMessage | null; seller: MailMessage } {
  const { meeting, visitor, event } = input;
  const w = WORDS[visitor.language];
  const method = event === "cancelled" ? "CANCEL" : "REQUEST";
  const attendee = visitor.email ? { name: visitor.firstName ?? visitor.email, email: visitor.email } : null;
  const calendarWith = (summary: string, description: string) =>
    ({
      method,
      content: invitation({
        method,
        meetingId: meeting.id,
        host: input.host,
        sequence: meeting.sequence,
        start: meeting.startsAt,
        end: meeting.endsAt,
        summary,
        description,
        location: meeting.meetingUrl,
        organizer: { name: meeting.sellerName, email: meeting.sellerEmail },
        visitor: attendee,
        now: input.now,
      }),
    }) as const;
  const when = meetingWhen(meeting.startsAt, visitor.language, meeting.visitorTimeZone ?? undefined);
  const visitorText = [
    w.hello(visitor.firstName),
    "",
    w.body[event](when, meeting.sellerName),
    ...(event === "cancelled"
      ? ["", w.again]
      : [
          ...(meeting.meetingUrl ? ["", w.join, meeting.meetingUrl] : []),
          "",
          w.manage,
          input.manageUrl,
          "",
          w.invite,
        ]),
  ].join("\n");
  const sellerWhen = meetingWhen(meeting.startsAt, "pt");
  const who = mailLine(input.company ?? input.protocol);
  const room = meeting.meetingUrl && event !== "cancelled" ? [SELLER.join, meeting.meetingUrl] : [];
  return {
    visitor: visitor.email
      ? {
          to: visitor.email,
          subject: w.subject[event](when),
          text: visitorText,
          calendar: calendarWith(
            w.summary(meeting.sellerName),
            event === "cancelled"
              ? w.again
              : [w.join, meeting.meetingUrl ?? "", w.manage, input.manageUrl].join("\n"),
          ),
        }
      : null,
    seller: {
      to: meeting.sellerEmail,
      subject: SELLER.subject[event](sellerWhen, who),
      text: [
        SELLER.body[event](sellerWhen),
        "",
        `${SELLER.lead} ${input.protocol}${input.company ? ` · ${mailLine(input.company)}` : ""}`,
        input.leadUrl,
        ...(room.length ? ["", ...room] : []),
      ].join("\n"),
      // The seller's own copy: the lead's page, never the visitor's signed links.
      calendar: calendarWith(
        SELLER.summary(who),
        [...room, `${SELLER.lead} ${input.protocol}`, input.leadUrl].join("\n"),
      ),
    },
  };
}
