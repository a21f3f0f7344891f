import type { OfferedLanguage } from "./languages.ts";
import { apiKeyRefusals, authRefusals, twoFactorRefusals } from "./refusals/auth.ts";
import { bookingRefusals } from "./refusals/booking.ts";
import {
  contentRefusals,
  fileRefusals,
  mediaRefusals,
  uploadRefusals,
  workflowRefusals,
} from "./refusals/content.ts";
import { leadRefusals, unsubscribeRefusals, webhookRefusals } from "./refusals/leads.ts";
import type { ArgumentsOf, Wording } from "./refusals/part.ts";
import {
  companyRefusals,
  integrationRefusals,
  invoiceRefusals,
  memberRefusals,
  planRefusals,
  portalRefusals,
  ticketRefusals,
} from "./refusals/portal.ts";

/**
 * Every refusal of the domain, worded once in Portuguese and in English (decision 115). A
 * DomainError carries a code of it (`members.alreadyMember`) and the code's arguments; its message is
 * the Portuguese wording (logs, the JSON API), and a page says it in its own language with refusalText.
 */
export const REFUSALS = {
  auth: authRefusals,
  twoFactor: twoFactorRefusals,
  apiKeys: apiKeyRefusals,
  portal: portalRefusals,
  companies: companyRefusals,
  members: memberRefusals,
  tickets: ticketRefusals,
  plans: planRefusals,
  integrations: integrationRefusals,
  invoices: invoiceRefusals,
  content: contentRefusals,
  workflow: workflowRefusals,
  media: mediaRefusals,
  uploads: uploadRefusals,
  files: fileRefusals,
  leads: leadRefusals,
  unsubscribe: unsubscribeRefusals,
  webhooks: webhookRefusals,
  booking: bookingRefusals,
};

type Parts = typeof REFUSALS;

/** A refusal's code: its concern and its name there. */
export type RefusalCode = { [P in keyof Parts]: `${P}.${keyof Parts[P]["pt"] & string}` }[keyof Parts];

/** The arguments of a code's wording (the same in both languages). */
export type RefusalArgs<C extends RefusalCode> = C extends `${infer P extends keyof Parts}.${infer N}`
  ? N extends keyof Parts[P]["pt"]
    ? ArgumentsOf<Parts[P]["pt"][N]>
    : never
  : never;

/** A refusal as a page receives it: its code and the arguments of its wording (a DomainError is one). */
export interface Refusal {
  readonly code: RefusalCode;
  readonly args: readonly unknown[];
}

/** A code's wording in a language, with its arguments. */
export function refusalWording<C extends RefusalCode>(
  language: OfferedLanguage,
  code: C,
  ...args: RefusalArgs<C>
): string {
  return worded(language, code, args);
}

/** A refusal in the page's language: what every page shows of a DomainError. */
export function refusalText(refusal: Refusal, language: OfferedLanguage): string {
  return worded(language, refusal.code, refusal.args);
}

function worded(language: OfferedLanguage, code: RefusalCode, args: readonly unknown[]): string {
  const dot = code.indexOf(".");
  const part = REFUSALS[code.slice(0, dot) as keyof Parts][language] as Record<string, Wording>;
  const wording = part[code.slice(dot + 1)]!;
  return typeof wording === "string" ? wording : (wording as (...a: readonly unknown[]) => string)(...args);
}
