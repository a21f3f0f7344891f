import type { Mailer } from "../platform/mail/message.ts";
import { JobError, type JobHandler } from "../platform/outbox/worker.ts";
import { isLeadCopyJob, type LeadCopy } from "./lead-copy.ts";

/**
 * The outbox's 'mail' handler with the privacy e-mails in front (decision 111): a job whose payload
 * names `privacy` is composed by LeadCopy when it runs; every other goes to the usual handler.
 */
export function withPrivacyMail(mailer: Mailer, leadCopy: LeadCopy, next: JobHandler): JobHandler {
  return async (job) => {
    if (!isLeadCopyJob(job)) return next(job);
    if (!mailer.available) return "não enviado: e-mail não configurado (SMTP_URL)";
    const composed = await leadCopy.compose(job);
    if (typeof composed === "string") return composed;
    try {
      await mailer.send(composed.message);
    } catch (error) {
      throw new JobError(`envio falhou: ${(error as Error).message}`.slice(0, 300), true);
    }
    return composed.detail;
  };
}
