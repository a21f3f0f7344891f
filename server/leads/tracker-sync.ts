import { and, eq, sql } from "drizzle-orm";
import type { Answers } from "~/lib/forms/definition.ts";
import type { Priority, TemperatureLevel } from "~/lib/forms/scoring.ts";
import type { Database } from "../db/client.ts";
import { leads } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { createIssueOnce } from "../tracker/create-once.ts";
import { TrackerError } from "../tracker/errors.ts";
import { ProjectIssueTypes } from "../tracker/issue-types.ts";
import type { JiraClient } from "../tracker/jira-client.ts";
import {
  chooseIssueType,
  jiraPriority,
  ticketDescription,
  ticketLabels,
  ticketSummary,
} from "../tracker/ticket.ts";
import type { FormKey, FormRegistry } from "./forms.ts";
import { type LeadRow, trackerAttemptedBefore } from "./repository.ts";
import { JobError, type JobRow } from "./worker.ts";

/**
 * Brings the Jira issue of a lead to the lead's current state, so running it twice does no harm:
 * no issue yet → find it by its lead-{id} label (a create whose answer was lost) or create it;
 * lead completed → update the issue and move it to 'Qualified' (B §4.3, §4.4).
 */
export class TrackerSync {
  private readonly issueTypes: ProjectIssueTypes;

  constructor(
    private readonly db: Database,
    private readonly jira: JiraClient,
    private readonly forms: FormRegistry,
    private readonly logger: Logger,
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
      answers: lead.answers as Answers,
      level: lead.level as TemperatureLevel,
      priority: lead.priority as Priority,
      stage: lead.stage,
      tracking: lead.tracking as Record<string, unknown>,
      context: lead.context as Record<string, unknown>,
    };
    const fields = {
      summary: ticketSummary(form, ticketLead.answers, ticketLead.level),
      description: ticketDescription(form, ticketLead),
      priority: { name: jiraPriority(ticketLead.priority) },
      labels: ticketLabels(form, ticketLead.answers, ticketLead.level, lead.id),
    };
    try {
      let key = lead.trackerKey;
      if (!key) {
        const projectKey = form.integrations.jira.projectKey;
        const issuetype = chooseIssueType(await this.issueTypes.of(projectKey), form);
        const earlier = job.attempts > 1 || (await trackerAttemptedBefore(this.db, lead.id));
        key = await createIssueOnce(
          this.jira,
          `lead-${lead.id}`,
          earlier,
          () =>
            this.jira.createIssue({
              project: { key: projectKey },
              issuetype: { id: issuetype.id },
              ...fields,
            }),
          this.sleep,
        );
        await this.db
          .update(leads)
          .set({
            trackerKey: key,
            trackerUrl: this.jira.browseUrl(key),
            trackerSyncedVersion: lead.version,
            deliveryStatus: "delivered",
            updatedAt: this.now(),
          })
          .where(eq(leads.id, lead.id));
        if (lead.stage !== "completed") return `criado ${key}`;
      } else if (lead.trackerSyncedVersion < lead.version) {
        await this.jira.editIssue(key, fields);
      }
      if (lead.stage === "completed" && !lead.trackerQualified) {
        await this.qualify(key);
      }
      await this.db
        .update(leads)
        .set({
          trackerSyncedVersion: sql`greatest(${leads.trackerSyncedVersion}, ${lead.version})`,
          trackerQualified: lead.stage === "completed" ? true : lead.trackerQualified,
          deliveryStatus: "delivered",
          updatedAt: this.now(),
        })
        .where(and(eq(leads.id, lead.id)));
      return lead.stage === "completed" ? `qualificado ${key}` : `atualizado ${key}`;
    } catch (error) {
      if (error instanceof TrackerError) {
        throw new JobError(error.message, error.retryable, error.options.retryAfterMs);
      }
      throw error;
    }
  };

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
