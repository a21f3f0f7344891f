import { PeriodicJob } from "../platform/jobs/periodic-job.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { CompanyExport } from "./company-export.ts";
import { LeadCopy } from "./lead-copy.ts";
import { LeadRetention, RETENTION_CHECK_INTERVAL_MS, type RetentionReport } from "./retention.ts";
import { PrivacySettings } from "./settings.ts";

/**
 * LGPD (decision 111): the retention period staff set and the nightly job that keeps it, a visitor's
 * copy of their leads, and a company's data for its owner.
 */
export function buildPrivacy(platform: Platform) {
  const { db, cache, config, logger, jira, audit, worker, files, seams } = platform;
  const privacySettings = new PrivacySettings(db, cache, audit, seams.now);
  // Leads past the retention period are anonymised once a São Paulo night; the job looks hourly,
  // so a pass Jira failed is tried again the next hour.
  const leadRetention = new PeriodicJob<RetentionReport>({
    db,
    name: "lead-retention",
    leaseMs: 30 * 60_000,
    intervalMs: RETENTION_CHECK_INTERVAL_MS,
    logger,
    failureMessage: "lead retention: not finished (Jira issues not redacted?); tried again next hour",
    now: seams.now,
    work: (startedAt, lastSuccessAt) =>
      new LeadRetention({ db, jira, logger, audit, retentionMonths: () => privacySettings.retentionMonths() })
        .tick(startedAt, lastSuccessAt)
        .then((report) => {
          if (report.leads > 0) logger.info(report, "lead retention: leads anonymised");
          return report;
        }),
  });
  return {
    services: {
      /** The lead retention period staff set: the nightly job and the privacy policy read it. */
      privacySettings,
      /** A visitor's copy of their leads, by a confirmation link sent to the address. */
      leadCopy: new LeadCopy({
        db,
        signer: platform.signer,
        publicBaseUrl: config.publicBaseUrl,
        kick: () => void worker.kick(),
        now: seams.now,
      }),
      /** Anonymises leads past the retention period, once a São Paulo night on one instance. */
      leadRetention,
      /** A company's data as a ZIP for its owner. */
      companyExport: new CompanyExport({
        db,
        ticketFiles: files.tickets,
        nfseFiles: files.nfse,
        audit,
        now: seams.now,
      }),
    },
    jobs: [leadRetention],
  } satisfies DomainParts<object>;
}
