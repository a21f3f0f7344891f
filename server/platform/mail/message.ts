// What every service that sends mail writes, and the one rule a stored string obeys in a plain-text
// message; the SMTP transport and the outbox handler are in mailer.ts.

/**
 * One e-mail: always a text part; an HTML part and extra header lines when the message has them (a
 * lead's confirmation, decision 102). Everything else the site sends is plain text only.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Only the headers the site sets itself (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * A calendar invitation (RFC 5545; a demonstration's, decision 138), sent as the message's
   * text/calendar part with its METHOD, as calendar programs expect (RFC 6047).
   */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
}

export interface Mailer {
  /** False when the site has no way to send mail (production without SMTP_URL). */
  readonly available: boolean;
  send(message: MailMessage): Promise<void>;
}

/**
 * A stored string put into a plain-text e-mail: one line of at most 120 characters, with no control
 * or line-separator characters, so a name cannot write lines of its own (a fake link, a fake
 * signature) into a message the site sends.
 */
export function mailLine(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
}
