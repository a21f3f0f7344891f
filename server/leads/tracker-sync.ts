import type { Priority, TemperatureLevel } from "@domain/forms/scoring.ts";
import { storedLeadPartner } from "@domain/partners.ts";
import { and, desc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { leads } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { JobError, type JobRow } from "../platform/outbox/worker.ts";
import { createIssueOnce } from "../tracker/create-once.ts";
import { TrackerError } from "../tracker/errors.ts";
import { ProjectIssueTypes } from "../tracker/issue-types.ts";
import type { JiraClient } from "../tracker/jira-client.ts";
import {
  chooseIssueType,
  jiraDueDate,
  jiraPriority,
  ticketDescription,
  ticketLabels,
  ticketSummary,
} from "../tracker/ticket.ts";
import type { FormKey, FormRegistry } from "./forms.ts";
import { respondBy } from "./holidays.ts";
import { type LeadRow, trackerAttemptedBefore } from "./repository.ts";
import type { LeadOwner, LeadRouting } from "./routing.ts";

/**
 * Brings the Jira issue of a lead to the lead's current state, so running it twice does no harm:
 * no issue yet → find it by its lead-{id} label (a create whose answer was lost) or create it;
 * lead completed → update the issue and move it to 'Qualified' (B §4.3, §4.4).
 */
export class TrackerSync {
  private readonly issueTypes: ProjectIssueTypes;
  /** Accounts Jira refused as assignee, logged once each (an inactive salesperson's every lead would repeat it). */
  private readonly refusedOwners = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly jira: JiraClient,
    private readonly forms: FormRegistry,
    private readonly logger: Logger,
    private readonly routing: LeadRouting,
    private readonly now: () => Date = () => new Date(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.issueTypes = new ProjectIssueTypes(jira, logger, now);
  }

  readonly handle = async (job: JobRow, lead: LeadRow): Promise<string | undefined> => {
    if (lead.spamReason) return "spam: not delivered";
    const form = await this.forms.get(lead.formId as FormKey);
    if (!form) throw new JobError(`formulário ${lead.formId} não encontrado`, false);
    const ticketLead = {
      ...lead,
      level: lead.level as TemperatureLevel,
      priority: lead.priority as Priority,
      stage: lead.stage,
    };
    const deadline = lead.respondBy ?? respondBy(lead.createdAt, lead.responseHours);
    // Chosen once and kept on the lead: a retry, the completion and the notification name the same person.
    const owner = await this.routing.ownerOf(lead);
    const earlier = await this.earlierLeads(lead);
    const description = (who: LeadOwner | null) =>
      ticketDescription(form, {
        ...ticketLead,
        respondBy: deadline,
        owner: who,
        relatedKey: earlier.linkTo?.trackerKey ?? null,
      });
    const fields = {
      summary: ticketSummary(
        form,
        ticketLead.answers,
        ticketLead.level,
        storedLeadPartner(ticketLead.context),
      ),
      priority: { name: jiraPriority(ticketLead.priority) },
      labels: ticketLabels(form, ticketLead.answers, ticketLead.level, lead.id, earlier.recurring),
      duedate: jiraDueDate(deadline),
    };
    try {
      let key = lead.trackerKey;
      if (!key) {
        const projectKey = form.integrations.jira.projectKey;
        const issuetype = chooseIssueType(await this.issueTypes.of(projectKey), form);
        const attemptedBefore = job.attempts > 1 || (await trackerAttemptedBefore(this.db, lead.id));
        const created = await this.createAssigned(owner, lead.id, (assignee) =>
          createIssueOnce(
            this.jira,
            `lead-${lead.id}`,
            attemptedBefore,
            () =>
              this.jira.createIssue({
                project: { key: projectKey },
                issuetype: { id: issuetype.id },
                ...fields,
                description: description(assignee),
                ...(assignee ? { assignee: { accountId: assignee.accountId } } : {}),
              }),
            this.sleep,
          ),
        );
        key = created;
        await this.db
          .update(leads)
          .set({
            trackerKey: key,
            trackerUrl: this.jira.browseUrl(key),
            trackerSyncedVersion: lead.version,
            deliveryStatus: "delivered",
            respondBy: deadline,
            updatedAt: this.now(),
          })
          .where(eq(leads.id, lead.id));
      } else if (lead.trackerSyncedVersion < lead.version) {
        // The owner is not sent again: sales may have handed the issue to someone else in Jira.
        const [current] = await this.db
          .select({ ownerAccountId: leads.ownerAccountId, ownerName: leads.ownerName })
          .from(leads)
          .where(eq(leads.id, lead.id));
        const who = current?.ownerAccountId
          ? { accountId: current.ownerAccountId, name: current.ownerName ?? "" }
          : null;
        await this.jira.editIssue(key, { ...fields, description: description(who) });
      }
      if (earlier.linkTo?.trackerKey && !lead.trackerLinked) await this.link(lead, key, earlier.linkTo);
      if (lead.stage !== "completed") return `criado ${key}`;
      if (!lead.trackerQualified) {
        await this.qualify(key);
      }
      await this.db
        .update(leads)
        .set({
          trackerSyncedVersion: sql`greatest(${leads.trackerSyncedVersion}, ${lead.version})`,
          trackerQualified: true,
          deliveryStatus: "delivered",
          updatedAt: this.now(),
        })
        .where(and(eq(leads.id, lead.id)));
      return `qualificado ${key}`;
    } catch (error) {
      if (error instanceof TrackerError) {
        throw new JobError(error.message, error.retryable, error.options.retryAfterMs);
      }
      throw error;
    }
  };

  /**
   * Creates the issue assigned to `owner`; when Jira refuses the assignee (an inactive or unknown
   * account), logs it once per account and creates it again for the fallback owner, then for nobody:
   * a lead is delivered whoever can take it. Answers the issue key.
   */
  private async createAssigned(
    owner: LeadOwner | null,
    leadId: string,
    create: (assignee: LeadOwner | null) => Promise<string>,
  ): Promise<string> {
    const fallback = owner ? await this.routing.fallback() : null;
    const tries = [owner, fallback, null].filter(
      (who, i, all) => i === 0 || all.slice(0, i).every((before) => before?.accountId !== who?.accountId),
    );
    for (const [i, assignee] of tries.entries()) {
      try {
        const key = await create(assignee);
        if (i > 0) await this.routing.reassign(leadId, assignee);
        return key;
      } catch (error) {
        const refused = error instanceof TrackerError && error.options.fieldErrors?.assignee;
        if (!refused || !assignee || i === tries.length - 1) throw error;
        if (!this.refusedOwners.has(assignee.accountId)) {
          this.refusedOwners.add(assignee.accountId);
          this.logger.warn(
            { accountId: assignee.accountId, owner: assignee.name, jira: refused },
            "Jira refused the lead owner as assignee (inactive or unknown account?); delivering to the fallback",
          );
        }
      }
    }
    throw new Error("unreachable: the last try (no assignee) either returns or throws");
  }

  /**
   * The same contact's or company's earlier leads: whether there is one (the new issue is labelled
   * recurring) and the latest that has an issue (the new one is linked to it).
   */
  private async earlierLeads(lead: LeadRow): Promise<{ recurring: boolean; linkTo: LeadRow | null }> {
    if (!lead.contactKey && !lead.companyRoot) return { recurring: false, linkTo: null };
    const same = or(
      lead.contactKey ? eq(leads.contactKey, lead.contactKey) : undefined,
      lead.companyRoot ? eq(leads.companyRoot, lead.companyRoot) : undefined,
    );
    const before = and(
      same,
      ne(leads.id, lead.id),
      lt(leads.createdAt, lead.createdAt),
      isNull(leads.spamReason),
    );
    if (lead.relatedLeadId) {
      const [linked] = await this.db.select().from(leads).where(eq(leads.id, lead.relatedLeadId));
      return { recurring: true, linkTo: linked ?? null };
    }
    // One read: the latest earlier lead with an issue, else the latest without one.
    const [latest] = await this.db
      .select()
      .from(leads)
      .where(before)
      .orderBy(sql`${leads.trackerKey} is null`, desc(leads.createdAt))
      .limit(1);
    return { recurring: Boolean(latest), linkTo: latest?.trackerKey ? latest : null };
  }

  /** Links the lead's issue to the earlier one ('Relates'), once; a refused link is logged, not retried. */
  private async link(lead: LeadRow, key: string, earlier: LeadRow): Promise<void> {
    try {
      await this.jira.linkIssues("Relates", key, earlier.trackerKey!);
    } catch (error) {
      if (error instanceof TrackerError && error.retryable) throw error;
      this.logger.warn(
        { key, earlier: earlier.trackerKey, err: (error as Error).message },
        "issue link refused (ignored)",
      );
    }
    await this.db
      .update(leads)
      .set({ relatedLeadId: earlier.id, trackerLinked: true })
      .where(eq(leads.id, lead.id));
  }

  /** Applies the first transition whose target contains "Qualified"; none or a failure is silent (B §4.4). */
  private async qualify(key: string): Promise<void> {
    try {
      const transitions = await this.jira.transitions(key);
      const target = transitions.find((t) => t.to.name.toLowerCase().includes("qualified"));
      if (target) await this.jira.doTransition(key, target.id);
    } catch (error) {
      this.logger.warn({ key, err: (error as Error).message }, "transition to Qualified failed (ignored)");
    }
  }
}
