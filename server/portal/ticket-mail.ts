import { TICKET_STATUS_LABELS, type TicketStatus } from "@domain/portal/tickets.ts";
import type { StoredPreferences } from "../db/json-types.ts";

/**
 * The e-mails a ticket's reporter gets (decision 094), in their language: support replied, or the
 * status changed. They carry a link to the ticket, never the reply itself (private data stays
 * behind the sign-in).
 */
export interface TicketMail {
  to: string;
  subject: string;
  text: string;
}

type Language = "pt" | "en";

const words = {
  pt: {
    replySubject: (ref: string) => `Nova resposta no seu chamado ${ref}`,
    replyText: (name: string, ref: string, link: string) =>
      `Olá, ${name}.\n\nA equipe de suporte respondeu ao seu chamado ${ref}.\n\nLeia a resposta e continue a conversa no Portal do Cliente:\n${link}`,
    statusSubject: (ref: string, status: string) => `Seu chamado ${ref} está ${status.toLowerCase()}`,
    statusText: (name: string, ref: string, status: string, link: string) =>
      `Olá, ${name}.\n\nO seu chamado ${ref} mudou para: ${status}.\n\nVeja o chamado no Portal do Cliente:\n${link}`,
    footer: "\n\nEste é um e-mail automático: para responder, use o Portal do Cliente.\n\nVértice",
  },
  en: {
    replySubject: (ref: string) => `New reply on your ticket ${ref}`,
    replyText: (name: string, ref: string, link: string) =>
      `Hello, ${name}.\n\nOur support team replied to your ticket ${ref}.\n\nRead the reply and continue the conversation in the Customer Portal:\n${link}`,
    statusSubject: (ref: string, status: string) => `Your ticket ${ref} is ${status.toLowerCase()}`,
    statusText: (name: string, ref: string, status: string, link: string) =>
      `Hello, ${name}.\n\nYour ticket ${ref} changed to: ${status}.\n\nSee the ticket in the Customer Portal:\n${link}`,
    footer: "\n\nThis is an automatic e-mail: to reply, use the Customer Portal.\n\nVértice",
  },
} as const;

export function languageOf(preferences: StoredPreferences | null): Language {
  return preferences?.language === "en" ? "en" : "pt";
}

interface MailTicket {
  id: string;
  protocol: string;
  trackerKey: string | null;
  reporterName: string;
  reporterEmail: string;
}

function linkTo(publicBaseUrl: string, ticket: MailTicket): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/user/suporte/${ticket.id}`;
}

export function replyMail(ticket: MailTicket, language: Language, publicBaseUrl: string): TicketMail {
  const w = words[language];
  const ref = ticket.trackerKey ?? ticket.protocol;
  return {
    to: ticket.reporterEmail,
    subject: w.replySubject(ref),
    text: w.replyText(ticket.reporterName, ref, linkTo(publicBaseUrl, ticket)) + w.footer,
  };
}

export function statusMail(
  ticket: MailTicket,
  status: TicketStatus,
  language: Language,
  publicBaseUrl: string,
): TicketMail {
  const w = words[language];
  const ref = ticket.trackerKey ?? ticket.protocol;
  const label = TICKET_STATUS_LABELS[language][status];
  return {
    to: ticket.reporterEmail,
    subject: w.statusSubject(ref, label),
    text: w.statusText(ticket.reporterName, ref, label, linkTo(publicBaseUrl, ticket)) + w.footer,
  };
}
