import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";
import type { Mailer } from "./service.ts";

/** Mail through SMTP_URL; without it, messages go to the server log (development and demos). */
export function createMailer(smtpUrl: string | undefined, from: string, logger: Logger): Mailer {
  if (!smtpUrl) {
    return {
      async send(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          "e-mail (SMTP_URL not set, logged instead)",
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
