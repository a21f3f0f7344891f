import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.ts";
import { CIRCUIT_STATES } from "../db/enums.ts";
import { deliveryJobs, outsideCircuits, scheduledTasks } from "../db/schema.ts";
import { JIRA_SERVICE, SMTP_SERVICE } from "../platform/outside/circuit-rules.ts";
import { JIRA_OPERATION_NAMES, type Telemetry } from "./telemetry.ts";

/**
 * The instance's metrics in Prometheus' text format (decision 119), built with prom-client: HTTP
 * requests and their latency by route template and status class, the page cache's answers and its
 * renders, the delivery outbox by kind and status with the age of its oldest pending job, Jira calls
 * by operation and outcome, e-mails and webhooks sent and failed, each periodic job's last success
 * and period, and Node's process metrics (event loop lag, heap, CPU). Served on METRICS_PORT only
 * (server/metrics/server.ts); the alert rules that read them are deploy/prometheus/alerts.yml.
 */
export interface Metrics {
  registry: Registry;
  /** What the services report as it happens (handed to buildServices). */
  telemetry: Telemetry;
  /** Records one answered request (call when it arrives; it is counted when its answer ends). */
  observe(req: IncomingMessage, res: ServerResponse): void;
  /**
   * A public page answered from the page cache ("hit"), from an expired copy while it renders again
   * ("stale"), or rendered to be stored ("miss").
   */
  pageCacheAnswer(outcome: "hit" | "stale" | "miss"): void;
  /** What is read from the built services at each scrape: the page cache's renders, the periodic jobs' periods. */
  watch(sources: {
    renders: () => { rendering: number; waiting: number };
    schedules: { name: string; intervalMs: number }[];
  }): void;
}

const ID_SEGMENT =
  /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Z][A-Z0-9]+-\d+|VRT-[0-9A-Z-]+|[0-9a-f]{16,})$/i;

/**
 * A request's path as a route template, so a label never holds a visitor's id or an unbounded value:
 * ids (numbers, UUIDs, Jira keys, protocols, hashes) become ":id", hashed assets and uploads one
 * label each, the query dropped, at most four segments.
 */
export function routeTemplate(url: string | undefined): string {
  const pathname = (url ?? "/").split("?")[0]!.split("#")[0]!;
  if (pathname.startsWith("/assets/")) return "/assets/:file";
  if (pathname.startsWith("/uploads/")) return "/uploads/:file";
  if (pathname.startsWith("/images/")) return "/images/:file";
  const segments = pathname.split("/").filter(Boolean);
  const shown = segments.slice(0, 4).map((segment) => (ID_SEGMENT.test(segment) ? ":id" : segment));
  // A segment longer than a route's own words is a value (a slug of a blog post stays: it is a page).
  const bounded = shown.map((segment) => (segment.length > 80 ? ":value" : segment));
  return `/${bounded.join("/")}${segments.length > 4 ? "/…" : ""}`;
}

/** "2xx", "3xx", "4xx", "5xx". */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** How long a scrape waits for the database: well inside Prometheus' own scrape timeout (10 s). */
export const DATABASE_READ_TIMEOUT_MS = 3_000;

/**
 * A read of the database for a scrape, or null when it failed or took longer than `timeoutMs`: the
 * answer then goes without the database's series (database_up says why), so the process' own
 * metrics still reach Prometheus when the database is out of reach, which is when they matter.
 */
export async function readWithin<T>(read: () => Promise<T>, timeoutMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([read().catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createMetrics(options: {
  db: Database;
  now?: () => number;
  databaseTimeoutMs?: number;
}): Metrics {
  const registry = new Registry();
  const now = options.now ?? Date.now;
  const fromDatabase = <T>(read: () => Promise<T>) =>
    readWithin(read, options.databaseTimeoutMs ?? DATABASE_READ_TIMEOUT_MS);
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route template and status class.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route template and status class.",
    labelNames: ["route", "status"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: "http_requests_in_flight",
    help: "HTTP requests received and not yet answered.",
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "page_cache_answers_total",
    help: "Public pages answered from the page cache (hit), from an expired copy while it renders again (stale), or rendered (miss).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  let watched: Parameters<Metrics["watch"]>[0] | null = null;
  new Gauge({
    name: "page_renders_in_flight",
    help: "Public pages being rendered for the page cache (one render per page at a time).",
    registers: [registry],
    collect() {
      this.set(watched?.renders().rendering ?? 0);
    },
  });
  new Gauge({
    name: "page_renders_queued",
    help: "Requests waiting for another request's render of the same page.",
    registers: [registry],
    collect() {
      this.set(watched?.renders().waiting ?? 0);
    },
  });

  const jiraCalls = new Counter({
    name: "jira_requests_total",
    help: "HTTP calls to Jira's REST API, by operation and outcome (unauthorized: 401/403).",
    labelNames: ["operation", "outcome"] as const,
    registers: [registry],
  });
  const jiraDuration = new Histogram({
    name: "jira_request_duration_seconds",
    help: "Time of one HTTP call to Jira, by operation.",
    labelNames: ["operation"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // A counter's first series counts from its first sample: the refusals' lines exist from the start,
  // so the first 401 after a token expires is an increase the alert sees.
  for (const operation of JIRA_OPERATION_NAMES) jiraCalls.inc({ operation, outcome: "unauthorized" }, 0);
  const mails = new Counter({
    name: "emails_sent_total",
    help: "E-mails handed to SMTP (sent) or refused by it (failed).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: "webhooks_sent_total",
    help: "Posts to webhook receivers (signed webhooks, Slack, Teams): answered 2xx (sent) or not (failed).",
    labelNames: ["target", "outcome"] as const,
    registers: [registry],
  });
  const purges = new Counter({
    name: "shared_cache_purges_total",
    help: "Purges of a shared cache (Varnish, Cloudflare) by surrogate keys: done (purged) or not (failed).",
    labelNames: ["adapter", "outcome"] as const,
    registers: [registry],
  });
  for (const outcome of ["sent", "failed"] as const) {
    mails.inc({ outcome }, 0);
    for (const target of ["webhook", "slack", "teams"] as const) webhooks.inc({ target, outcome }, 0);
  }
  for (const adapter of ["varnish", "cloudflare"] as const)
    for (const outcome of ["purged", "failed"] as const) purges.inc({ adapter, outcome }, 0);
  const telemetry: Telemetry = {
    jiraCall(operation, outcome, seconds) {
      jiraCalls.inc({ operation, outcome });
      jiraDuration.observe({ operation }, seconds);
    },
    mail(outcome) {
      mails.inc({ outcome });
    },
    webhook(target, outcome) {
      webhooks.inc({ target, outcome });
    },
    cachePurge(adapter, outcome) {
      purges.inc({ adapter, outcome });
    },
  };

  new Gauge({
    name: "database_up",
    help: "1 when the database answered this scrape within 3 s, 0 when not (the outbox and periodic-task series are then left out).",
    registers: [registry],
    async collect() {
      this.set((await fromDatabase(() => options.db.execute(sql`select 1`))) ? 1 : 0);
    },
  });
  new Gauge({
    name: "delivery_jobs",
    help: "Jobs of the delivery outbox (Jira, e-mail, webhooks, Slack, Teams), by kind and status.",
    labelNames: ["kind", "status"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await fromDatabase(() =>
        options.db
          .select({ kind: deliveryJobs.kind, status: deliveryJobs.status, n: sql<number>`count(*)` })
          .from(deliveryJobs)
          .groupBy(deliveryJobs.kind, deliveryJobs.status),
      );
      for (const row of rows ?? []) this.set({ kind: row.kind, status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: "delivery_oldest_pending_seconds",
    help: "Age of the oldest delivery job still pending or running, by kind (0 when none).",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await fromDatabase(() =>
        options.db
          .select({ kind: deliveryJobs.kind, oldest: sql<string | null>`min(${deliveryJobs.createdAt})` })
          .from(deliveryJobs)
          .where(sql`${deliveryJobs.status} in ('pending', 'running')`)
          .groupBy(deliveryJobs.kind),
      );
      // Unknown is not 0: without the database the line is left out (DatabaseUnreachable alerts).
      if (!rows) return;
      // The tracker's line is always there, so an alert on it sees 0 rather than no series.
      this.set({ kind: "tracker" }, 0);
      for (const row of rows) {
        const oldest = row.oldest ? new Date(row.oldest).getTime() : now();
        this.set({ kind: row.kind }, Math.max(0, (now() - oldest) / 1000));
      }
    },
  });
  new Gauge({
    name: "outside_service_circuit",
    help: "The circuit of each outside service (decision 124): 1 on its state's line (closed, open, half_open), 0 on the others. Jira and SMTP always have lines; a webhook endpoint or a shared cache once its circuit has opened.",
    labelNames: ["service", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await fromDatabase(() =>
        options.db
          .select({ service: outsideCircuits.service, state: outsideCircuits.state })
          .from(outsideCircuits),
      );
      if (!rows) return;
      const states = new Map<string, string>([
        [JIRA_SERVICE, "closed"],
        [SMTP_SERVICE, "closed"],
      ]);
      for (const row of rows) states.set(row.service, row.state);
      for (const [service, current] of states)
        for (const state of CIRCUIT_STATES) this.set({ service, state }, state === current ? 1 : 0);
    },
  });
  // The label is `task`, not `job`: Prometheus' own `job` label (the scrape's) would rename it.
  new Gauge({
    name: "periodic_job_last_success_timestamp_seconds",
    help: "When each periodic task (publication schedule, reconciliation, retention…) last finished well.",
    labelNames: ["task"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await fromDatabase(() =>
        options.db
          .select({ name: scheduledTasks.name, at: scheduledTasks.lastSuccessAt })
          .from(scheduledTasks),
      );
      for (const row of rows ?? []) if (row.at) this.set({ task: row.name }, row.at.getTime() / 1000);
    },
  });
  new Gauge({
    name: "periodic_job_interval_seconds",
    help: "How often each periodic task runs: the alert fires when it has not succeeded for twice this.",
    labelNames: ["task"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const schedule of watched?.schedules ?? [])
        this.set({ task: schedule.name }, schedule.intervalMs / 1000);
    },
  });

  return {
    registry,
    telemetry,
    watch(sources) {
      watched = sources;
    },
    observe(req, res) {
      const started = process.hrtime.bigint();
      inFlight.inc();
      // Recorded when the answer is handed over ('finish'), so a client that has read it all sees it
      // counted; a request cut off before that is recorded when its connection closes.
      let recorded = false;
      const record = () => {
        if (recorded) return;
        recorded = true;
        inFlight.dec();
        const route = routeTemplate(req.url);
        const status = statusClass(res.statusCode);
        requests.inc({ method: req.method ?? "GET", route, status });
        duration.observe({ route, status }, Number(process.hrtime.bigint() - started) / 1e9);
      };
      res.once("finish", record);
      res.once("close", record);
    },
    pageCacheAnswer(outcome) {
      pageCache.inc({ outcome });
    },
  };
}
