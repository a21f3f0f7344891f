import type { AuditLog } from "./admin/audit.ts";
import type { Cache } from "./cache/cache.ts";
import type { Config } from "./config.ts";
import type { Database, DatabaseHandle } from "./db/client.ts";
import type { FileAreas } from "./files/storage.ts";
import type { Logger } from "./logger.ts";
import type { Telemetry } from "./metrics/telemetry.ts";
import type { Mailer } from "./platform/mail/message.ts";
import type { DeliveryHandlers, DeliveryWorker } from "./platform/outbox/worker.ts";
import type { OutsideCircuits } from "./platform/outside/circuits.ts";
import type { WindowCounter } from "./rate/window-counter.ts";
import type { Signer } from "./secrets.ts";
import type { JiraClient } from "./tracker/jira-client.ts";

/**
 * What the composition root (server/services.ts) hands to each domain's builder, and what a builder
 * gives back (decision 060). A domain folder's `build.ts` takes the platform and the services of the
 * domains it uses, and returns its services, its background jobs and the outbox kinds it delivers.
 */

/** Seams for tests: a hand-moved clock, no waiting between retries, a shorter tracker time-out. */
export interface ServiceSeams {
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  trackerTimeoutMs?: number;
  /** A shorter limit on each object-storage request. */
  storageTimeoutMs?: number;
  workerId?: string;
  /** How long a submission waits for the tracker key before answering with the local protocol. */
  protocolWaitMs?: number;
  /** Draws the jitter of retries and probes (tests fix it; Math.random otherwise). */
  random?: () => number;
  /** Failures in a row that open an outside service's circuit (tests of a job's own retries raise it). */
  circuitFailuresToOpen?: number;
  /** Development server: mail without SMTP_URL goes to the log. */
  development?: boolean;
}

/** What delivers each kind of job of the outbox (decision 094), declared beside the worker. */
export type { DeliveryHandlers };

/** A part that runs in the background while the server serves: started and stopped by the root. */
export interface BackgroundJob {
  start(): void;
  /** Finishes what is in hand; what is left waits in the database for the next start. */
  stop(): Promise<void>;
  /** A periodic task's name (its scheduled_tasks row) and period, for the metrics and their alert. */
  readonly schedule?: { name: string; intervalMs: number };
}

/** The shared parts every domain may use. */
export interface Platform {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  cache: Cache;
  signer: Signer;
  mailer: Mailer;
  /** The tracker, when JIRA_* are set. */
  jira: JiraClient | null;
  /** Every staff and customer write worth an audit entry. */
  audit: AuditLog;
  /** The outbox's worker: its handlers are the ones the domains return (read when a job runs). */
  worker: DeliveryWorker;
  /**
   * Every file the product keeps, by area (decision 120): uploaded images (public, at /uploads), and
   * the portal's private ticket attachments and NFS-e, served only through their authorisation.
   */
  files: FileAreas;
  /** The outside services' circuits (decision 124): Jira, SMTP, each webhook endpoint, each shared cache. */
  circuits: OutsideCircuits;
  /** A rate counter shared by every instance through Redis when there is one, in this process otherwise. */
  windowCounter(name: string, windowMs?: number): WindowCounter;
  /** What the services report for the metrics (Jira calls, e-mails, webhooks); a no-op without METRICS_PORT. */
  telemetry: Telemetry;
  seams: ServiceSeams;
}

/** What one domain's builder returns. */
export interface DomainParts<S extends object> {
  services: S;
  jobs?: BackgroundJob[];
  handlers?: Partial<DeliveryHandlers>;
}
