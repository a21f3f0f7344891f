import { portalTexts } from "@domain/portal/texts.ts";

/**
 * What the portal's guard answers a person without a company, in Portuguese (an HTTP answer, not a
 * refusal of the domain: those are in domain/refusals/portal.ts, decision 115).
 */
export const portalMessages = {
  noCompany:
    "Sua conta ainda não está ligada a uma empresa. Fale com o nosso suporte para que ela seja vinculada.",
} as const;

/** The ticket form's field messages (decision 094): the portal's own words, in Portuguese. */
const fieldWords = portalTexts("pt").tickets.errors;
export const ticketMessages = {
  categoryRequired: fieldWords.category,
  priorityRequired: fieldWords.priority,
  subjectRequired: fieldWords.subject,
  subjectTooLong: fieldWords.subjectTooLong,
  descriptionRequired: fieldWords.description,
  descriptionTooLong: fieldWords.descriptionTooLong,
  replyRequired: fieldWords.body,
  replyTooLong: fieldWords.bodyTooLong,
} as const;
