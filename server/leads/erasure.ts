import { createHash } from "node:crypto";
import { isSimulatedKey } from "@domain/forms/flow.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AuditActor, AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { leads } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { Logger } from "../logger.ts";
import { doc, paragraph } from "../tracker/adf.ts";
import { TrackerError } from "../tracker/errors.ts";
import type { IssueEdit, PersonalField } from "../tracker/issue-fields.ts";
import type { JiraClient } from "../tracker/jira-client.ts";

/**
 * A data subject's erasure request (LGPD art. 18, VI): every lead of that e-mail has its personal
 * data erased here and in its Jira issue (summary and description replaced, a comment saying why).
 * What is kept is the fact: protocol, form, dates, temperature and consent record, without the
 * person's data; the audit log records the erasure with a hash of the e-mail, never the e-mail.
 */

export const ERASED = "[dados removidos a pedido do titular]";
/** What an erasure writes in the lead's Jira issue (its refusal is in domain/refusals/leads.ts). */
export const erasureMessages = {
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

/**
 * The leads of an e-mail address (lower-cased, trimmed): the contact (decision 105: its normalised
 * e-mail) or any answer equal to the address (emailContato, email...), case ignored. The erasure
 * and the visitor's copy of their leads (decision 111) find the same leads.
 */
export function leadsOfAddress(address: string) {
  return sql`(${leads.contactKey} = ${address} or exists (select 1 from jsonb_each_text(${leads.answers}) as a(key, value) where lower(btrim(a.value)) = ${address}))`;
}

/** What a redacted Jira issue says instead of the person's data, and the comment that says why. */
export interface IssueRedactionTexts {
  summary: string;
  body: string;
  comment: string;
}

const ERASURE_ISSUE_TEXTS: IssueRedactionTexts = {
  summary: erasureMessages.issueSummary,
  body: ERASED,
  comment: erasureMessages.issueComment,
};

/**
 * Clears a lead's personal data (shared by the erasure and the retention job, decision 111): the
 * answers, the tracking, the page address, the client hash and the contact key. What is kept is
 * the fact: protocol, form, dates, temperature and consent record. `extra` sets more columns in
 * the same statement (the retention job's `anonymizedAt`).
 */
export async function redactLead(
  db: Database,
  leadId: string,
  now: Date,
  extra: Partial<typeof leads.$inferInsert> = {},
): Promise<void> {
  await db
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
      ...extra,
    })
    .where(eq(leads.id, leadId));
}

/** What a lead's issue keeps in each field that may hold personal data (issue-fields.ts). */
function redactedFields(texts: IssueRedactionTexts): Required<Pick<IssueEdit, PersonalField>> {
  return { summary: texts.summary, description: doc([paragraph(texts.body)]) };
}

/**
 * Replaces a lead's Jira issue summary and description and comments why: redacted, skipped (no
 * Jira, a simulated key), gone (Jira answers 404: no issue left to redact) or failed (logged).
 */
export async function redactIssue(
  jira: JiraClient | null,
  key: string,
  texts: IssueRedactionTexts,
  logger: Logger,
): Promise<"redacted" | "skipped" | "gone" | "failed"> {
  if (!jira || isSimulatedKey(key)) return "skipped";
  try {
    await jira.editIssue(key, redactedFields(texts));
    await jira.addComment(key, doc([paragraph(texts.comment)]), { retries: true });
    return "redacted";
  } catch (error) {
    logger.warn({ key, err: (error as Error).message }, "erasure: Jira issue not redacted");
    return error instanceof TrackerError && error.options.status === 404 ? "gone" : "failed";
  }
}

export class LeadErasure {
  constructor(
    private readonly db: Database,
    private readonly jira: JiraClient | null,
    private readonly logger: Logger,
    private readonly audit: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Erases the address's leads; recorded as lead.erase by the address's hash, after the erasure. */
  async erase(actor: AuditActor, email: string): Promise<ErasureResult> {
    const address = email.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 200)
      throw new DomainError("invalid", "leads.invalidEmail");
    // Any answer of the lead equal to the address (emailContato, email...), case ignored.
    const found = await this.db
      .select({ id: leads.id, trackerKey: leads.trackerKey })
      .from(leads)
      .where(leadsOfAddress(address));
    const now = this.now();
    const trackerKeys: string[] = [];
    const trackerFailures: string[] = [];
    for (const lead of found) {
      await redactLead(this.db, lead.id, now);
      const outcome = lead.trackerKey
        ? await redactIssue(this.jira, lead.trackerKey, ERASURE_ISSUE_TEXTS, this.logger)
        : "skipped";
      if (lead.trackerKey) trackerKeys.push(lead.trackerKey);
      if (outcome === "failed" || outcome === "gone") {
        trackerFailures.push(lead.trackerKey!);
        // Left for the retention job to finish, or for the admin to run the erasure again.
        if (outcome === "failed") continue;
      }
      // Done here and in Jira: the nightly retention job does not redact it a second time.
      await this.db
        .update(leads)
        .set({ anonymizedAt: now })
        .where(and(eq(leads.id, lead.id), isNull(leads.anonymizedAt)));
    }
    const result = { subject: subjectHash(address), leads: found.length, trackerKeys, trackerFailures };
    await this.audit.record({
      actor: actor.email,
      action: "lead.erase",
      target: `titular ${result.subject}`,
      detail: { leads: result.leads, trackerKeys, trackerFailures },
    });
    return result;
  }
}
