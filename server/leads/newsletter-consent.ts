import type { OfferedLanguage } from "@domain/locale.ts";
import { unsubscribeTexts } from "@domain/newsletter/unsubscribe-texts.ts";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { leads } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { leadLanguage, visitorEmail } from "../mail/lead-mail.ts";
import { readUnsubscribeToken } from "../mail/unsubscribe-token.ts";
import type { Signer } from "../secrets.ts";

const pt = unsubscribeTexts("pt");
/** The answers of an unsubscribe in Portuguese (the API's language), the page's own words. */
export const unsubscribeMessages = {
  done: pt.done,
  already: pt.already,
} as const;

const NEWSLETTER = "newsletter_subscription";

/** What the unsubscribe page shows for a link: the subscription it names, or why it cannot. */
export type UnsubscribeLink =
  | { state: "subscribed" | "withdrawn"; email: string | null; language: OfferedLanguage }
  | { state: "invalid" | "expired" };

import type { WithdrawalVia } from "../db/enums.ts";

export type { WithdrawalVia };

/**
 * The withdrawal of a newsletter subscriber's consent (LGPD art. 8 §5; decision 102): by the
 * signed link of the welcome e-mail, posted by a mail client (RFC 8058) or confirmed on the page.
 * It is recorded on the lead (when, and how) and on every other subscription of the same address
 * made before it, since a person withdraws consent, not one form; doing it again changes nothing.
 */
export class NewsletterConsent {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly signer: Signer,
    now?: () => Date,
  ) {
    this.now = now ?? (() => new Date());
  }

  /** What a link names, for the page that asks to confirm (a GET: nothing is changed). */
  async inspect(token: unknown): Promise<UnsubscribeLink> {
    const reading = readUnsubscribeToken(this.signer, token, this.now());
    if (!reading.ok) return { state: reading.reason };
    const lead = await this.subscription(reading.leadId);
    if (!lead) return { state: "invalid" };
    const email = visitorEmail(null, lead.answers);
    return {
      state: lead.consentWithdrawnAt ? "withdrawn" : "subscribed",
      email: email ? maskEmail(email) : null,
      language: leadLanguage(lead),
    };
  }

  /**
   * Records the withdrawal the link asks for. Refused (400, in Portuguese) when the link is forged,
   * malformed, expired or names no subscription; `already` when it had been withdrawn before.
   */
  async withdraw(
    token: unknown,
    via: WithdrawalVia,
  ): Promise<{ already: boolean; language: OfferedLanguage }> {
    const now = this.now();
    const reading = readUnsubscribeToken(this.signer, token, now);
    if (!reading.ok) throw new DomainError("invalid", `unsubscribe.${reading.reason}`);
    const lead = await this.subscription(reading.leadId);
    if (!lead) throw new DomainError("invalid", "unsubscribe.invalid");
    const email = visitorEmail(null, lead.answers)?.toLowerCase();
    // The same person's other subscriptions (any answer equal to the address, case ignored, as the
    // erasure finds them) made up to now; a later subscription is a new consent.
    const sameAddress = email
      ? sql`exists (select 1 from jsonb_each_text(${leads.answers}) as a(key, value) where lower(a.value) = ${email})`
      : sql`false`;
    await this.db
      .update(leads)
      .set({ consentWithdrawnAt: now, consentWithdrawnVia: via, updatedAt: now })
      .where(
        and(
          eq(leads.formType, NEWSLETTER),
          isNull(leads.consentWithdrawnAt),
          sql`${leads.createdAt} <= ${now.toISOString()}::timestamptz`,
          or(eq(leads.id, lead.id), sameAddress),
        ),
      );
    return { already: lead.consentWithdrawnAt !== null, language: leadLanguage(lead) };
  }

  private async subscription(id: string) {
    const [lead] = await this.db
      .select({
        id: leads.id,
        answers: leads.answers,
        context: leads.context,
        consentWithdrawnAt: leads.consentWithdrawnAt,
      })
      .from(leads)
      .where(and(eq(leads.id, id), eq(leads.formType, NEWSLETTER)));
    return lead ?? null;
  }
}

/** The address as the page shows it to whoever holds the link: m•••@agrosul.com.br. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
