import { z } from "@domain/zod.ts";
import type { Database } from "../db/client.ts";
import type { PurgePayload } from "../db/json-types.ts";
import { deliveryJobs } from "../db/schema.ts";
import type { Telemetry } from "../metrics/telemetry.ts";
import { MAX_JOB_ATTEMPTS } from "../platform/outbox/retry-policy.ts";
import { JobError, type JobHandler } from "../platform/outbox/worker.ts";
import { type CallVerdict, cacheService } from "../platform/outside/circuit-rules.ts";
import type { OutsideCircuits } from "../platform/outside/circuits.ts";
import { type PurgeAdapterName, PurgeFailed, type SharedCacheAdapter } from "./shared-purge.ts";

/** What a purge job carries: the cache it goes to and the keys it drops (payload of the outbox job). */
const purgePayload = z.strictObject({
  adapter: z.enum(["varnish", "cloudflare"]),
  keys: z.array(z.string().min(1)).min(1).max(10_000),
});

/** When the second purge of a change goes out (enqueue). */
export const ECHO_PURGE_MS = 5_000;

/**
 * Purges the shared caches in front of the public pages (Varnish, Cloudflare: server/cache/shared-purge.ts)
 * by the surrogate keys of a content change (decision 122). A purge is a job of the outbox, one per
 * cache: queued after the change was committed, delivered by the worker at once, retried on the
 * outbox's schedule when the cache does not answer, so that none is lost. Without a shared cache
 * configured it does nothing.
 */
export class SharedCachePurge {
  constructor(
    private readonly options: {
      db: Database;
      adapters: readonly SharedCacheAdapter[];
      telemetry: Telemetry;
      kick: () => void;
      /** Each cache's circuit (decision 124): its purges wait while it is open. */
      circuits?: OutsideCircuits;
    },
  ) {}

  /** The caches purged, by name (empty without any configured). */
  get adapters(): PurgeAdapterName[] {
    return this.options.adapters.map((adapter) => adapter.name);
  }

  /**
   * Queues a purge of `keys` in every configured cache, delivered now, and once more a few seconds
   * later: another instance may hand the shared cache its old page in the moment before it hears of
   * the change (through Redis), and that copy would stay for the page's hour.
   */
  async enqueue(keys: readonly string[], now = new Date()): Promise<void> {
    if (keys.length === 0 || this.options.adapters.length === 0) return;
    await this.options.db.insert(deliveryJobs).values(
      this.options.adapters.flatMap((adapter) =>
        [0, ECHO_PURGE_MS].map((delay) => ({
          kind: "cache_purge" as const,
          payload: { adapter: adapter.name, keys: [...keys] } satisfies PurgePayload,
          maxAttempts: MAX_JOB_ATTEMPTS.cache_purge,
          runAt: new Date(now.getTime() + delay),
        })),
      ),
    );
    this.options.kick();
  }

  /** The outbox's handler of `cache_purge` jobs. */
  readonly deliver: JobHandler = async (job) => {
    const parsed = purgePayload.safeParse(job.payload);
    if (!parsed.success) throw new JobError("purga sem chaves válidas", false);
    const { adapter: name, keys } = parsed.data;
    const adapter = this.options.adapters.find((candidate) => candidate.name === name);
    // The cache was taken out of the configuration since: nothing left to purge there.
    if (!adapter) return `${name} não está mais configurado: nada a purgar`;
    const circuit = this.options.circuits?.for(cacheService(name));
    try {
      await (circuit ? circuit.call(() => adapter.purge(keys), purgeVerdict) : adapter.purge(keys));
    } catch (error) {
      this.options.telemetry.cachePurge(name, "failed");
      if (error instanceof PurgeFailed)
        throw new JobError(error.message, error.retryable, error.retryAfterMs);
      throw error;
    }
    this.options.telemetry.cachePurge(name, "purged");
    return `${keys.length} ${keys.length === 1 ? "chave purgada" : "chaves purgadas"} em ${name}`;
  };
}

/** How a purge's failure counts for its cache's circuit: what is worth retrying is the cache failing. */
function purgeVerdict(error: unknown): CallVerdict {
  if (!(error instanceof PurgeFailed)) return { verdict: "failed", detail: (error as Error).message };
  if (!error.retryable) return { verdict: "answered" };
  return {
    verdict: "failed",
    detail: error.message,
    ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
  };
}
