import type { Redis } from "ioredis";
import type { IslandManifest } from "~/islands/manifest.ts";
import type { AuditLog } from "./admin/audit.ts";
import type { buildAuth, buildStaffAccounts } from "./auth/build.ts";
import type { buildBilling } from "./billing/build.ts";
import type { Cache } from "./cache/cache.ts";
import type { Config } from "./config.ts";
import type { buildConsent } from "./consent/build.ts";
import type { buildContent } from "./content/build.ts";
import type { PreviewContext } from "./content/preview.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { FileAreas } from "./files/storage.ts";
import type { buildFunnel } from "./funnel/build.ts";
import type { PageCache, PageSlot } from "./http/page-cache.ts";
import type { RequestInfo } from "./http/request-info.ts";
import type { buildLeads } from "./leads/build.ts";
import type { Logger } from "./logger.ts";
import type { buildMedia } from "./media/build.ts";
import type { DeliveryWorker } from "./platform/outbox/worker.ts";
import type { OutsideCircuits } from "./platform/outside/circuits.ts";
import type { buildPortal } from "./portal/build.ts";
import type { buildPrivacy } from "./privacy/build.ts";
import type { Signer } from "./secrets.ts";
import type { buildTrackerInbound } from "./tracker/build.ts";
import type { JiraClient } from "./tracker/jira-client.ts";
import type { buildWebhooks } from "./webhooks/build.ts";

/** The services one domain's builder returns (its `build.ts`). */
type ServicesOf<Builder extends (...args: never[]) => { services: object }> = ReturnType<Builder>["services"];

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
 * request: the platform's, and what each domain's builder returns.
 */
export type AppServices = PlatformServices &
  ServicesOf<typeof buildContent> &
  ServicesOf<typeof buildFunnel> &
  ServicesOf<typeof buildAuth> &
  ServicesOf<typeof buildStaffAccounts> &
  ServicesOf<typeof buildPrivacy> &
  ServicesOf<typeof buildConsent> &
  ServicesOf<typeof buildLeads> &
  ServicesOf<typeof buildPortal> &
  ServicesOf<typeof buildBilling> &
  ServicesOf<typeof buildMedia> &
  ServicesOf<typeof buildWebhooks> &
  ServicesOf<typeof buildTrackerInbound>;

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
