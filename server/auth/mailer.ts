import nodemailer from "nodemailer";
import { JobError, type JobHandler } from "../leads/worker.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "./password-reset.ts";

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
}): Mailer {
  const { smtpUrl, from, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      available: true,
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  if (options.development) {
    return {
      available: true,
      async send(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
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
 * Delivers the outbox's e-mails (kind 'mail': payload {to, subject, text}). Without mail configured
 * the job ends at once, recorded as not sent: the portal shows everything the e-mail points to.
 */
export function outboxMail(mailer: Mailer): JobHandler {
  return async (job) => {
    const payload = job.payload as { to?: unknown; subject?: unknown; text?: unknown } | null;
    if (
      typeof payload?.to !== "string" ||
      typeof payload.subject !== "string" ||
      typeof payload.text !== "string"
    )
      throw new JobError("e-mail sem destinatário, assunto ou texto", false);
    if (!mailer.available) return "não enviado: e-mail não configurado (SMTP_URL)";
    try {
      await mailer.send({ to: payload.to, subject: payload.subject, text: payload.text });
    } catch (error) {
      throw new JobError(`envio falhou: ${(error as Error).message}`.slice(0, 300), true);
    }
    return `enviado para ${payload.to}`;
  };
}
