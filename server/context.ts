import type { Redis } from "ioredis";
import type { DomainConfig, Language, OfferedLanguage } from "~/lib/locale.ts";
import type { AuthService } from "./auth/service.ts";
import type { Cache } from "./cache/cache.ts";
import type { Config } from "./config.ts";
import type { ContentService } from "./content/service.ts";
import type { DatabaseHandle } from "./db/client.ts";
import type { PageCache, PageSlot } from "./http/page-cache.ts";
import type { FormRegistry } from "./leads/forms.ts";
import type { LeadService } from "./leads/service.ts";
import type { DeliveryWorker } from "./leads/worker.ts";
import type { Logger } from "./logger.ts";
import type { Signer } from "./secrets.ts";

/** Long-lived parts, built once by the composition root (server/main.ts) and handed to every request. */
export interface AppServices {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  cache: Cache;
  content: ContentService;
  domains: DomainConfig;
  signer: Signer;
  forms: FormRegistry;
  leads: LeadService;
  worker: DeliveryWorker;
  auth: AuthService;
  /** The shared Redis connection when REDIS_URL is set (cache, rate limits). */
  redis: Redis | null;
  /** Rendered public pages answered before Express (server/http/page-cache.ts). */
  pageCache: PageCache;
}

/** What the server worked out about one request before React Router sees it. */
export interface RequestInfo {
  /** Segment subdomain (A §4), null on the main site. */
  segment: string | null;
  /** The admin subdomain was used. */
  adminHost: boolean;
  /** Resolved language (any accepted code), used for the content lookup. */
  language: Language;
  /** Language of the interface (pt or en). */
  uiLanguage: OfferedLanguage;
  /** Language prefix of the URL (/pt, /en, /es), if any. */
  pathLanguage: Language | null;
  /** The visitor's address (behind a trusted proxy: the forwarded one). */
  ip?: string;
}

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    request: RequestInfo;
    /** Set when the page cache may keep this request's page. */
    page: PageSlot | null;
  }
}
