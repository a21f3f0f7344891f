import type { Answers, FormDefinition } from "@domain/forms/definition.ts";
import {
  interfaceLanguage,
  isAcceptedLanguage,
  type OfferedLanguage,
  splitLanguagePrefix,
} from "@domain/locale.ts";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import type { FormKey, FormRegistry } from "../leads/forms.ts";
import { simulatedKey } from "../leads/protocol.ts";
import { findLead, type LeadRow, MAX_ATTEMPTS, type NewJob } from "../leads/repository.ts";
import type { LeadMailComposer } from "../platform/mail/mailer.ts";
import { JobError } from "../platform/outbox/worker.ts";
import type { Signer } from "../secrets.ts";
import { type LeadMailModel, renderLeadMail } from "./lead-mail-template.tsx";
import { leadMailTexts } from "./lead-mail-texts.ts";
import { oneClickUnsubscribeUrl, unsubscribePageUrl } from "./unsubscribe-links.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/**
 * A visitor's e-mail about their lead (decision 102): the confirmation of a
 * request, or the newsletter's welcome with its one-click unsubscribe. Queued once per lead, in the
 * statement that stores it (a 'mail' job about the lead); composed and rendered when the job runs,
 * from the lead as it is then, so the intake does no rendering and an erased lead sends nothing.
 */

const NEWSLETTER = "newsletter_subscription";
const address = z.email().max(254);
/** Answer names that hold the visitor's name, in the forms' order of preference (as the inbox reads them). */
const NAME_KEYS = ["nomeResponsavel", "nome", "name"];
/** Answer names of the e-mail when the form no longer has a field of type email. */
const EMAIL_KEYS = ["emailContato", "email"];

/**
 * The visitor's address: the answer to the form's first e-mail field (emailContato, email... the
 * names vary by form), or to a usual name; null when there is none or it is not one address.
 */
export function visitorEmail(
  form: FormDefinition | null,
  answers: Answers | Record<string, unknown>,
): string | null {
  const fields = form?.steps.flatMap((step) => step.fields).filter((field) => field.type === "email") ?? [];
  for (const name of [...fields.map((field) => field.name), ...EMAIL_KEYS]) {
    const value = answers[name];
    if (typeof value !== "string" || !value.trim()) continue;
    const parsed = address.safeParse(value.trim());
    return parsed.success ? parsed.data : null;
  }
  return null;
}

/**
 * The first word of the visitor's name, for the greeting; only letters (with accents), apostrophes
 * and hyphens, at most 40: the e-mail goes to an address nobody has confirmed, so it carries no
 * text a stranger could write into it (a link, a sentence) beyond one plain word.
 */
export function firstName(answers: Answers | Record<string, unknown>): string | null {
  for (const key of NAME_KEYS) {
    const value = answers[key];
    if (typeof value !== "string") continue;
    const first = value.trim().split(/\s+/)[0] ?? "";
    if (first) return /^[\p{L}\p{M}'’-]{1,40}$/u.test(first) ? first : null;
  }
  return null;
}

/**
 * How long after the lead is stored its e-mail is due: past the visitor's wait for the tracker key
 * (2.5 s, LeadService's protocolWaitMs), so the e-mail names the protocol the answer showed, and the
 * e-mail never takes a delivery slot from a tracker job a visitor is waiting on.
 */
export const CONFIRMATION_DELAY_MS = 3_000;

/**
 * The e-mail job of a lead being stored for the first time (its capture, or a one-step form): one,
 * unless the lead is held as spam or the visitor gave no e-mail (the WhatsApp chat form asks none).
 * The completion of a multi-step form queues none; a unique index keeps it to one per lead anyway.
 */
export function confirmationMailJobs(form: FormDefinition, answers: Answers, spam: string | null): NewJob[] {
  if (spam || !visitorEmail(form, answers)) return [];
  return [{ kind: "mail", maxAttempts: MAX_ATTEMPTS.mail, delayMs: CONFIRMATION_DELAY_MS }];
}

/**
 * The language of a lead's e-mail: the one of the page the form was filled on (/en/contato is
 * English whatever the browser says; the JSON intake itself has no language prefix), else the one
 * the request resolved (saved choice, browser); among those the site offers, else Portuguese.
 */
export function leadLanguage(lead: Pick<LeadRow, "context">): OfferedLanguage {
  const context = lead.context;
  let language: unknown = context.language;
  if (typeof context.page === "string" && URL.canParse(context.page))
    language = splitLanguagePrefix(new URL(context.page).pathname).language ?? language;
  return isAcceptedLanguage(language) ? interfaceLanguage(language) : "pt";
}

export interface LeadMailOptions {
  db: Database;
  forms: FormRegistry;
  signer: Signer;
  publicBaseUrl: string;
  now?: () => Date;
}

export class LeadMail {
  private readonly now: () => Date;

  constructor(private readonly options: LeadMailOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** The outbox's composer of a lead's e-mail (server/platform/mail/mailer.ts, `outboxMail`). */
  readonly compose: LeadMailComposer = async (job) => {
    const { db, forms } = this.options;
    const lead = job.leadId ? await findLead(db, job.leadId) : null;
    if (!lead) throw new JobError("lead não encontrado", false);
    if (lead.spamReason) return "não enviado: lead retido como spam";
    const language = leadLanguage(lead);
    const form = await forms.get(lead.formId as FormKey, {
      segment: lead.context.segment ?? null,
      lang: language,
    });
    if (!form) throw new JobError(`formulário ${lead.formId} não encontrado`, false);
    const to = visitorEmail(form, lead.answers);
    if (!to) return "não enviado: o lead não tem e-mail (ou os dados foram apagados a pedido do titular)";
    const welcome = form.type === NEWSLETTER;
    if (welcome && lead.consentWithdrawnAt) return "não enviado: a inscrição foi cancelada antes do envio";
    const { model, headers } = this.model(lead, form, language);
    const rendered = await renderLeadMail(model);
    const t = leadMailTexts(language);
    return {
      message: { to, ...rendered, ...(headers ? { headers } : {}) },
      detail: welcome ? t.sentWelcome : t.sentConfirmation,
    };
  };

  /** What the e-mail says, and the newsletter's List-Unsubscribe headers (RFC 2369, RFC 8058). */
  model(
    lead: LeadRow,
    form: FormDefinition,
    language: OfferedLanguage,
  ): { model: LeadMailModel; headers: Record<string, string> | null } {
    const { publicBaseUrl, signer } = this.options;
    const welcome = form.type === NEWSLETTER;
    // What the success screen showed: the Jira key, a SIM- key in simulated mode, or the local protocol.
    const shown =
      lead.trackerKey ?? (lead.deliveryStatus === "simulated" ? simulatedKey(lead.protocol) : lead.protocol);
    const token = welcome ? unsubscribeToken(signer, lead.id, this.now()) : null;
    const model: LeadMailModel = {
      language,
      kind: welcome ? "welcome" : "confirmation",
      firstName: firstName(lead.answers),
      title: form.success.title,
      promise: form.success.description,
      nextSteps: form.success.nextSteps,
      urgent: form.success.urgentContact ?? null,
      protocol: form.logs ? shown : null,
      alsoRecordedAs: form.logs && lead.trackerKey ? lead.protocol : null,
      consentPurpose: welcome ? form.privacy.purpose : null,
      unsubscribeUrl: token ? unsubscribePageUrl(publicBaseUrl, language, token) : null,
      siteUrl: publicBaseUrl,
    };
    const headers = token
      ? {
          "List-Unsubscribe": `<${oneClickUnsubscribeUrl(publicBaseUrl, token)}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
      : null;
    return { model, headers };
  }
}
