import { PeriodicJob } from "../platform/jobs/periodic-job.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { FunnelService } from "./service.ts";

/** How often the funnel's rollup looks for finished days (one pass after midnight does the work). */
export const FUNNEL_ROLLUP_INTERVAL_MS = 3600_000;

/**
 * The form funnel (decision 104): the beacon's events, rolled up into daily counts every hour (the
 * first run after midnight in São Paulo moves the day that ended), on one instance.
 */
export function buildFunnel({ db, config, logger, seams }: Platform) {
  const funnel = new FunnelService(db, config.publicBaseUrl, seams.now);
  const funnelRollup = new PeriodicJob({
    db,
    name: "funnel-rollup",
    leaseMs: 10 * 60_000,
    intervalMs: FUNNEL_ROLLUP_INTERVAL_MS,
    logger,
    failureMessage: "funnel rollup failed; tried again next time",
    now: seams.now,
    work: async (startedAt) => {
      const report = await funnel.rollup(startedAt);
      if (report.events + report.expired > 0)
        logger.info(report, "funnel events rolled up into daily counts");
      return report;
    },
  });
  return {
    services: {
      /** The form funnel's events and reports. */
      funnel,
      /** Moves the funnel's finished days into daily counts, hourly on one instance. */
      funnelRollup,
    },
    jobs: [funnelRollup],
  } satisfies DomainParts<object>;
}
