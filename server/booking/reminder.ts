import { meetingWhen } from "@domain/booking/slot-format.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { SITE_NAME } from "@domain/site.ts";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { demoMeetings, leads } from "../db/schema.ts";
import { firstName, leadLanguage, visitorEmail } from "../mail/lead-mail.ts";
import type { Mailer } from "../platform/mail/message.ts";
import { JobError, type JobHandler, payloadOf } from "../platform/outbox/worker.ts";

/** How long before a demonstration its visitor is reminded of it (decision 138). */
export const REMINDER_HOURS = [24, 1] as const;

const WORDS = {
  pt: {
    subject: (hours: number) =>
      hours >= 24 ? "Lembrete: sua demonstração é amanhã" : "Lembrete: sua demonstração começa em 1 hora",
    hello: (name: string | null) => (name ? `Olá, ${name}.` : "Olá."),
    body: (when: string, seller: string) =>
      `Sua demonstração do ${SITE_NAME} com ${seller} está marcada para ${when}.`,
    join: "Entrar na reunião:",
    manage: "Para remarcar ou cancelar:",
  },
  en: {
    subject: (hours: number) =>
      hours >= 24 ? "Reminder: your demo is tomorrow" : "Reminder: your demo starts in 1 hour",
    hello: (name: string | null) => (name ? `Hello, ${name}.` : "Hello."),
    body: (when: string, seller: string) => `Your ${SITE_NAME} demo with ${seller} is booked for ${when}.`,
    join: "Join the meeting:",
    manage: "To reschedule or cancel:",
  },
} as const;

/**
 * Sends a demonstration's reminder when its job falls due, composed from the meeting as it is then:
 * one of a moved or cancelled meeting's earlier revision sends nothing (the new revision has its
 * own reminders).
 */
export function meetingReminder(
  db: Database,
  mailer: Mailer,
  manageUrl: (meeting: { id: string; sequence: number }, language: OfferedLanguage) => string,
): JobHandler<"meeting_reminder"> {
  return async (job) => {
    const { meetingId, sequence, hoursBefore } = payloadOf(job);
    const [row] = await db
      .select({ meeting: demoMeetings, answers: leads.answers, context: leads.context })
      .from(demoMeetings)
      .innerJoin(leads, eq(leads.id, demoMeetings.leadId))
      .where(eq(demoMeetings.id, meetingId));
    if (!row) return "não enviado: demonstração apagada";
    const { meeting } = row;
    if (meeting.status !== "booked" || meeting.sequence !== sequence)
      return "não enviado: a demonstração foi remarcada ou cancelada";
    const to = visitorEmail(null, row.answers);
    if (!to) return "não enviado: o lead não tem e-mail";
    if (!mailer.available) return "não enviado: e-mail não configurado (SMTP_URL)";
    const language = leadLanguage(row);
    const w = WORDS[language];
    const when = meetingWhen(meeting.startsAt, language, meeting.visitorTimeZone ?? undefined);
    try {
      await mailer.send({
        to,
        subject: w.subject(hoursBefore),
        text: [
          w.hello(firstName(row.answers)),
          "",
          w.body(when, meeting.sellerName),
          ...(meeting.meetingUrl ? ["", w.join, meeting.meetingUrl] : []),
          "",
          w.manage,
          manageUrl(meeting, language),
        ].join("\n"),
      });
    } catch (error) {
      throw new JobError(`envio falhou: ${(error as Error).message}`.slice(0, 300), true);
    }
    return `lembrete de ${hoursBefore} h enviado para ${to}`;
  };
}
