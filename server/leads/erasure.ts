import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { isSimulatedKey } from "~/lib/forms/flow.ts";
import type { Database } from "../db/client.ts";
import { leads } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { Logger } from "../logger.ts";
import { doc, paragraph } from "../tracker/adf.ts";
import type { JiraClient } from "../tracker/jira-client.ts";

/**
 * A data subject's erasure request (LGPD art. 18, VI): every lead of that e-mail has its personal
 * data erased here and in its Jira issue (summary and description replaced, a comment saying why).
 * What is kept is the fact: protocol, form, dates, temperature and consent record, without the
 * person's data; the audit log records the erasure with a hash of the e-mail, never the e-mail.
 */

export const ERASED = "[dados removidos a pedido do titular]";
export const erasureMessages = {
  invalidEmail: "Informe um e-mail válido.",
  issueSummary: "[Dados removidos a pedido do titular - LGPD art. 18]",
  issueComment:
    "Os dados pessoais deste lead foram removidos a pedido do titular (LGPD, art. 18, VI). O registro permanece sem dados pessoais.",
} as const;

export interface ErasureResult {
  /** A hash of the e-mail: proves which request was served without keeping the address. */
  subject: string;
  leads: number;
  trackerKeys: string[];
  /** Jira issues that could not be redacted now (the admin can run the erasure again). */
  trackerFailures: string[];
}

export function subjectHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 16);
}

export class LeadErasure {
  constructor(
    private readonly db: Database,
    private readonly jira: JiraClient | null,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async erase(email: string): Promise<ErasureResult> {
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 200)
      throw new DomainError("invalid", erasureMessages.invalidEmail);
    // Any answer of the lead equal to the address (emailContato, email...), case ignored.
    const found = await this.db.select({ id: leads.id, trackerKey: leads.trackerKey }).from(leads).where(
      // The contact (issue 30: its normalised e-mail) or any answer equal to the address.
      sql`${leads.contactKey} = ${address} or exists (select 1 from jsonb_each_text(${leads.answers}) as a(key, value) where lower(btrim(a.value)) = ${address})`,
    );
    const now = this.now();
    for (const lead of found) {
      await this.db
        .update(leads)
        // The page address may carry campaign values; the rest of the context (segment, plan) is not personal.
        .set({
          answers: {},
          tracking: {},
          context: sql`${leads.context} - 'page'`,
          clientHash: null,
          // The contact goes with its data: no later lead is linked to these as the same person.
          contactKey: null,
          updatedAt: now,
        })
        .where(eq(leads.id, lead.id));
    }
    const trackerKeys = found.map((lead) => lead.trackerKey).filter((key): key is string => Boolean(key));
    const trackerFailures: string[] = [];
    for (const key of trackerKeys) {
      if (!this.jira || isSimulatedKey(key)) continue;
      try {
        await this.jira.editIssue(key, {
          summary: erasureMessages.issueSummary,
          description: doc([paragraph(ERASED)]),
        });
        await this.jira.addComment(key, doc([paragraph(erasureMessages.issueComment)]), { retries: true });
      } catch (error) {
        this.logger.warn({ key, err: (error as Error).message }, "erasure: Jira issue not redacted");
        trackerFailures.push(key);
      }
    }
    return { subject: subjectHash(address), leads: found.length, trackerKeys, trackerFailures };
  }
}
