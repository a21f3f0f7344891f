import type { DomainConfig } from "@domain/locale.ts";
import { PeriodicJob } from "../platform/jobs/periodic-job.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { ContentAdmin } from "./admin.ts";
import { ContentService } from "./service.ts";
import { EditorialWorkflow } from "./workflow.ts";

/**
 * Content (B §7.5, decisions 003, 100, 101): the published documents every page reads, the admin's
 * saves and revisions, drafts and schedules, and the job that publishes what is due.
 */
export function buildContent(platform: Platform, domains: DomainConfig) {
  const { db, cache, logger, config, audit, seams } = platform;
  const content = new ContentService(db, cache);
  const contentAdmin = new ContentAdmin(db, cache, seams.now, audit);
  const workflow = new EditorialWorkflow({ db, admin: contentAdmin, logger, now: seams.now, audit });
  // Scheduled publications: due ones run on one instance, at most CONTENT_SCHEDULE_INTERVAL_SECONDS late.
  const contentSchedules = new PeriodicJob({
    db,
    name: "content-schedules",
    leaseMs: 5 * 60_000,
    intervalMs: config.CONTENT_SCHEDULE_INTERVAL_SECONDS * 1000,
    logger,
    failureMessage: "scheduled content changes failed; tried again next time",
    now: seams.now,
    work: async (startedAt) => {
      const report = await workflow.runDue(startedAt);
      if (report.ran + report.failed > 0) logger.info(report, "scheduled content changes ran");
      return report;
    },
  });
  return {
    services: {
      domains,
      content,
      /** The admin's reads, saves and revisions of content documents. */
      contentAdmin,
      /** Drafts, publishing and scheduled changes of content (decision 100). */
      workflow,
      /** Runs the scheduled content changes that are due, on one instance at a time. */
      contentSchedules,
    },
    jobs: [contentSchedules],
  } satisfies DomainParts<object>;
}
