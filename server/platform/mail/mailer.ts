import nodemailer from "nodemailer";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import { NO_TELEMETRY, type Telemetry } from "../../metrics/telemetry.ts";
import { JobError, type JobHandler, type JobRow } from "../outbox/worker.ts";
import type { CallVerdict } from "../outside/circuit-rules.ts";
import type { ServiceCircuit } from "../outside/circuits.ts";
import type { Mailer, MailMessage } from "./message.ts";

/**
 * Mail through SMTP_URL. Without it, a development server writes each message to its log so a
 * reset link can be tried locally; anywhere else there is no mail at all (a message holds a
 * secret link, which must never reach a log), and the pages that would send one say so.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  development: boolean;
  /** Each message sent or refused, for the metrics (decision 119). */
  telemetry?: Telemetry;
  /** The SMTP server's circuit (decision 124): no message is tried while it is open. */
  circuit?: ServiceCircuit;
}): Mailer {
  const { smtpUrl, from, logger } = options;
  const telemetry = options.telemetry ?? NO_TELEMETRY;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      available: true,
      async send(message) {
        const { calendar, ...rest } = message;
        const send = () =>
          transport.sendMail({
            from,
            ...rest,
            ...(calendar
              ? { icalEvent: { method: calendar.method, content: calendar.content, filename: "convite.ics" } }
              : {}),
          });
        try {
          await (options.circuit ? options.circuit.call(send, smtpVerdict) : send());
        } catch (error) {
          telemetry.mail("failed");
          throw error;
        }
        telemetry.mail("sent");
      },
    };
  }
  if (options.development) {
    return {
      available: true,
      async send(message) {
        logger.info(
          {
            mail: { to: message.to, subject: message.subject, text: message.text, headers: message.headers },
          },
          "e-mail (development without SMTP_URL: logged instead of sent)",
        );
      },
    };
  }
  logger.warn("SMTP_URL not set: password reset by e-mail is not available (the page says so)");
  return {
    available: false,
    async send() {
      throw new Error("no SMTP_URL: e-mail is not available");
    },
  };
}

/**
 * How an SMTP failure counts for the server's circuit (decision 124): a permanent refusal of one
 * message (5xx, a bad address) is an answer; the login refused is the credentials; a transient
 * refusal (4xx) or no answer at all (refused, reset, timed out) is the server failing.
 */
export function smtpVerdict(error: unknown): CallVerdict {
  const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
  const detail = (message ?? String(error)).slice(0, 300);
  if (code === "EAUTH" || responseCode === 535 || responseCode === 534)
    return { verdict: "credentials", detail };
  if (typeof responseCode === "number" && responseCode >= 500) return { verdict: "answered" };
  return { verdict: "failed", detail };
}

/** Header lines an outbox e-mail may carry besides those nodemailer writes (decision 102). */
export const EXTRA_MAIL_HEADERS = ["List-Unsubscribe", "List-Unsubscribe-Post"] as const;

/** A 'mail' job's payload: {to, subject, text}, and optionally an HTML part and the extra headers. */
const mailPayloadSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  // One line each: a line break in a value would start a header of its own.
  headers: z.partialRecord(z.enum(EXTRA_MAIL_HEADERS), z.string().regex(/^[^\r\n]*$/)).optional(),
  calendar: z.object({ method: z.enum(["REQUEST", "CANCEL"]), content: z.string().max(20_000) }).optional(),
});

/**
 * A lead's e-mail (its confirmation, or the newsletter's welcome), composed when its job runs from
 * the lead as it is then: the message and what the attempt records, or why nothing is sent.
 */
export type LeadMailComposer = (job: JobRow) => Promise<{ message: MailMessage; detail: string } | string>;

const NOT_CONFIGURED = "não enviado: e-mail não configurado (SMTP_URL)";

/**
 * Delivers the outbox's e-mails (kind 'mail'). A job about a lead is composed by `forLead` when it
 * runs (decision 102); any other carries its message in the payload ({to, subject, text}, and
 * optionally html and headers). Without mail configured the job ends at once, recorded as not sent:
 * the portal shows everything the e-mail points to, and a visitor's request is stored either way.
 */
export function outboxMail(mailer: Mailer, forLead?: LeadMailComposer): JobHandler {
  return async (job) => {
    if (job.leadId && forLead) {
      if (!mailer.available) return NOT_CONFIGURED;
      const composed = await forLead(job);
      if (typeof composed === "string") return composed;
      await send(mailer, composed.message);
      return composed.detail;
    }
    const payload = mailPayloadSchema.safeParse(job.payload);
    if (!payload.success) throw new JobError("e-mail sem destinatário, assunto ou texto", false);
    if (!mailer.available) return NOT_CONFIGURED;
    const { headers, ...message } = payload.data;
    await send(mailer, headers ? { ...message, headers: headers as Record<string, string> } : message);
    return `enviado para ${payload.data.to}`;
  };
}

async function send(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    throw new JobError(`envio falhou: ${(error as Error).message}`.slice(0, 300), true);
  }
}
