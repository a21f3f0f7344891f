import type { Redis } from "ioredis";
import type { IslandManifest } from "~/islands/manifest.ts";
import type { AuditLog } from "./admin/audit.ts";
import type { Cache } from "./cache/cache.ts";
import type { Config } from "./config.ts";
import type { PreviewContext } from "./content/preview.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { DomainServices } from "./domains.ts";
import type { FileAreas } from "./files/storage.ts";
import type { PageCache, PageSlot } from "./http/page-cache.ts";
import type { RequestInfo } from "./http/request-info.ts";
import type { Logger } from "./logger.ts";
import type { DeliveryWorker } from "./platform/outbox/worker.ts";
import type { OutsideCircuits } from "./platform/outside/circuits.ts";
import type { Signer } from "./secrets.ts";
import type { JiraClient } from "./tracker/jira-client.ts";

/** The shared parts the composition root builds before the domains (server/wiring.ts's Platform). */
interface PlatformServices {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  cache: Cache;
  signer: Signer;
  /** Every staff and customer write worth an audit entry, for the dashboard. */
  audit: AuditLog;
  /** The tracker, when JIRA_* are set (the Jira screen's connection test). */
  jira: JiraClient | null;
  /** The outbox's worker: leads, tickets, plan requests, webhooks and mail (decision 094). */
  worker: DeliveryWorker;
  /** The outside services' circuits (decision 124). */
  circuits: OutsideCircuits;
  /** Every file kept, by area: uploads (public), ticket attachments and NFS-e (private); decision 120. */
  files: FileAreas;
  /** The shared Redis connection when REDIS_URL is set (cache, rate limits). */
  redis: Redis | null;
  /** Rendered public pages answered before Express (server/http/page-cache.ts). */
  pageCache: PageCache;
}

/**
 * Long-lived parts, built once by the composition root (server/services.ts) and handed to every
 * request: the platform's, and what each domain's builder returns (server/domains.ts).
 */
export type AppServices = PlatformServices & DomainServices;

export type { RequestInfo } from "./http/request-info.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    request: RequestInfo;
    /** Set when the page cache may keep this request's page. */
    page: PageSlot | null;
    /** Set when the request carries a preview link (decision 100): the page shows a draft, never cached. */
    preview: PreviewContext | null;
    /**
     * The islands' build (decision 108): public pages are rendered without React Router in the
     * browser, their interactive parts hydrated as islands. Null in development.
     */
    islands: IslandManifest | null;
  }
}
