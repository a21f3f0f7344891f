import { meetingWhen } from "@domain/booking/slot-format.ts";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { demoMeetings, leads } from "../db/schema.ts";
import { JobError, type JobHandler, payloadOf } from "../platform/outbox/worker.ts";
import { doc, paragraph } from "../tracker/adf.ts";
import type { JiraClient } from "../tracker/jira-client.ts";

/** The label a lead's issue gets once its visitor booked a demonstration (decision 138). */
export const BOOKED_LABEL = "demo-agendada";

const NOTE = {
  booked: (when: string, seller: string) => `Demonstração agendada para ${when} com ${seller}.`,
  rescheduled: (when: string, seller: string) => `Demonstração remarcada para ${when} com ${seller}.`,
  cancelled: (when: string, seller: string) =>
    `Demonstração de ${when} com ${seller} cancelada pelo visitante.`,
} as const;

/**
 * Tells sales on the lead's Jira issue (decision 138): a comment for each booking, move and
 * cancellation, and the label `demo-agendada` once booked. A lead whose issue is not made yet waits
 * (the job retries); without Jira the note is simulated, as the lead's own delivery is.
 */
export function meetingNote(db: Database, jira: JiraClient | null): JobHandler<"meeting_note"> {
  return async (job) => {
    if (!jira) return "simulado: Jira não configurado";
    const { meetingId, event, startsAt, sellerName } = payloadOf(job);
    const [row] = await db
      .select({ meeting: demoMeetings, trackerKey: leads.trackerKey })
      .from(demoMeetings)
      .innerJoin(leads, eq(leads.id, demoMeetings.leadId))
      .where(eq(demoMeetings.id, meetingId));
    if (!row) throw new JobError("demonstração não encontrada", false);
    if (!row.trackerKey) throw new JobError("o lead ainda não tem issue no Jira", true);
    const { meeting, trackerKey } = row;
    // As of the change that wrote this job, not as the meeting is now (it may have moved since).
    const text = NOTE[event](
      meetingWhen(startsAt ? new Date(startsAt) : meeting.startsAt, "pt"),
      sellerName ?? meeting.sellerName,
    );
    // A repeated note does no harm: retried as any call.
    await jira.addComment(trackerKey, doc([paragraph(text)]), { retries: true });
    if (event === "booked") {
      const labels = (await jira.issue(trackerKey, ["labels"])).fields?.labels ?? [];
      if (!labels.includes(BOOKED_LABEL))
        await jira.editIssue(trackerKey, { labels: [...labels, BOOKED_LABEL] });
    }
    return `${event} em ${trackerKey}`;
  };
}
