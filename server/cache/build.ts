import type { DomainParts, Platform } from "../wiring.ts";
import { SharedCachePurge } from "./shared-cache-purge.ts";
import { sharedCacheAdapters } from "./shared-purge.ts";

/**
 * The shared caches in front of the public pages (decision 122): the purges by surrogate keys that
 * VARNISH_PURGE_URLS and CLOUDFLARE_* configure, delivered through the outbox.
 */
export function buildSharedCache({ db, config, worker, telemetry, circuits }: Platform) {
  const sharedCachePurge = new SharedCachePurge({
    db,
    adapters: sharedCacheAdapters(config),
    telemetry,
    kick: () => void worker.kick(),
    circuits,
  });
  return {
    services: { sharedCachePurge },
    handlers: { cache_purge: sharedCachePurge.deliver },
  } satisfies DomainParts<object>;
}
