import type { Database } from "@server/db/client.ts";
import { deliveryAttempts, deliveryJobs, leads } from "@server/db/schema.ts";
import { isNull } from "drizzle-orm";
import { expect } from "vitest";
import type { FakeJira } from "../fakes/jira.ts";

/** What happened to every lead a fault scenario sent, read from the database and the fake Jira. */
export interface DeliveryAudit {
  /** Leads stored (spam held aside). */
  leads: number;
  /** Leads with exactly one Jira issue, whose key the lead holds. */
  delivered: number;
  /** Leads with more than one Jira issue. */
  duplicated: string[];
  /** Leads with no Jira issue. */
  undelivered: string[];
  /** Leads whose stored key is not their issue's. */
  wrongKey: string[];
  /** Jobs with fewer attempts recorded than they used since they were last queued from the first. */
  unrecordedAttempts: { job: number; attempts: number; recorded: number }[];
  /** Jira issues made for no stored lead. */
  strayIssues: string[];
  /** Tracker attempts recorded in all. */
  trackerAttempts: number;
}

/** Audits delivery: every stored lead against the issues Jira holds, every job against its history. */
export async function auditDelivery(db: Database, jira: FakeJira): Promise<DeliveryAudit> {
  const stored = await db
    .select({ id: leads.id, trackerKey: leads.trackerKey })
    .from(leads)
    .where(isNull(leads.spamReason));
  const jobs = await db.select().from(deliveryJobs);
  const attempts = await db.select({ jobId: deliveryAttempts.jobId }).from(deliveryAttempts);
  const recorded = new Map<number, number>();
  for (const attempt of attempts) recorded.set(attempt.jobId, (recorded.get(attempt.jobId) ?? 0) + 1);

  const issuesByLead = new Map<string, string[]>();
  for (const issue of jira.issues) {
    for (const label of issue.labels) {
      if (!label.startsWith("lead-")) continue;
      const id = label.slice("lead-".length);
      issuesByLead.set(id, [...(issuesByLead.get(id) ?? []), issue.key]);
    }
  }
  const ids = new Set(stored.map((lead) => lead.id));
  const audit: DeliveryAudit = {
    leads: stored.length,
    delivered: 0,
    duplicated: [],
    undelivered: [],
    wrongKey: [],
    unrecordedAttempts: [],
    strayIssues: [...issuesByLead.keys()].filter((id) => !ids.has(id)),
    trackerAttempts: jobs
      .filter((job) => job.kind === "tracker")
      .reduce((sum, job) => sum + (recorded.get(job.id) ?? 0), 0),
  };
  for (const lead of stored) {
    const keys = issuesByLead.get(lead.id) ?? [];
    if (keys.length === 0) audit.undelivered.push(lead.id);
    else if (keys.length > 1) audit.duplicated.push(lead.id);
    else if (lead.trackerKey !== keys[0]) audit.wrongKey.push(lead.id);
    else audit.delivered++;
  }
  for (const job of jobs) {
    const count = recorded.get(job.id) ?? 0;
    if (count < job.attempts)
      audit.unrecordedAttempts.push({ job: job.id, attempts: job.attempts, recorded: count });
  }
  return audit;
}

/** The audit of a scenario that ended well: every lead delivered once, every attempt recorded. */
export function cleanAudit(leadCount: number, trackerAttempts?: number): DeliveryAudit {
  return {
    leads: leadCount,
    delivered: leadCount,
    duplicated: [],
    undelivered: [],
    wrongKey: [],
    unrecordedAttempts: [],
    strayIssues: [],
    trackerAttempts: trackerAttempts ?? expect.any(Number),
  };
}
