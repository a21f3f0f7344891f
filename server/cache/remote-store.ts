import { Redis } from "ioredis";
import type { Logger } from "pino";
import { REMOTE_TIMEOUT_MS } from "./ttl.ts";

/** The shared cache between instances. Every method is best effort: errors are reported as misses. */
export interface RemoteStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Deletes every key matching a glob pattern (Redis MATCH syntax). */
  deleteMatching(pattern: string): Promise<void>;
  /** Tells every other instance listening what changed (best effort). */
  publish?(message: string): Promise<void>;
  /** Hears what the other instances publish. */
  listen?(handler: (message: string) => void): void;
  close(): Promise<void>;
}

/** Redis behind the cache; a slow or failing Redis degrades to "no remote cache", silently (B §8.3). */
export class RedisStore implements RemoteStore {
  private readonly redis: Redis;
  /** Redis pub/sub takes a connection of its own (a subscribed connection runs no other command). */
  private subscriber: Redis | null = null;
  private subscription: Promise<unknown> = Promise.resolve();

  constructor(
    url: string,
    private readonly logger: Logger,
    private readonly prefix = "cache:",
    options: { commandTimeoutMs?: number } = {},
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: REMOTE_TIMEOUT_MS.get,
      // A Redis that is connected but stops answering (paused, overloaded, a network that drops
      // packets) would otherwise hold every command forever: the rate limits of every form post
      // and sign-in share this connection, and only the cache's own calls had a time-out (decision 090).
      commandTimeout: options.commandTimeoutMs ?? REMOTE_TIMEOUT_MS.get,
    });
    this.redis.on("error", (error) => this.logger.debug({ err: error.message }, "redis unavailable"));
  }

  /** The connection, shared with the rate limits. */
  get client(): Redis {
    return this.redis;
  }

  /** Resolves once connected; used at start and in tests to fail fast on a wrong URL. */
  async ready(timeoutMs = 5_000): Promise<void> {
    if (this.redis.status !== "ready") {
      await withTimeout(new Promise<void>((resolve) => this.redis.once("ready", () => resolve())), timeoutMs);
    }
    await withTimeout(this.redis.ping(), timeoutMs);
  }

  async get(key: string): Promise<string | null> {
    return this.quietly(
      "get",
      () => withTimeout(this.redis.get(this.prefix + key), REMOTE_TIMEOUT_MS.get),
      null,
    );
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.quietly(
      "set",
      () =>
        withTimeout(
          this.redis.set(this.prefix + key, value, "EX", Math.max(1, Math.round(ttlSeconds))),
          REMOTE_TIMEOUT_MS.set,
        ),
      undefined,
    );
  }

  async delete(key: string): Promise<void> {
    await this.quietly(
      "delete",
      () => withTimeout(this.redis.del(this.prefix + key), REMOTE_TIMEOUT_MS.delete),
      undefined,
    );
  }

  async deleteMatching(pattern: string): Promise<void> {
    await this.quietly(
      "deleteMatching",
      async () => {
        let cursor = "0";
        do {
          const [next, keys] = await withTimeout(
            this.redis.scan(cursor, "MATCH", this.prefix + pattern, "COUNT", 200),
            REMOTE_TIMEOUT_MS.delete,
          );
          if (keys.length) await this.redis.del(...keys);
          cursor = next;
        } while (cursor !== "0");
      },
      undefined,
    );
  }

  /** The channel the instances sharing this prefix tell each other about changes on. */
  private get channel(): string {
    return `${this.prefix}changes`;
  }

  async publish(message: string): Promise<void> {
    await this.quietly(
      "publish",
      () => withTimeout(this.redis.publish(this.channel, message), REMOTE_TIMEOUT_MS.set),
      0,
    );
  }

  listen(handler: (message: string) => void): void {
    if (!this.subscriber) {
      // ioredis subscribes again by itself after a reconnect.
      // No command time-out: a subscribed connection waits for messages, not answers.
      this.subscriber = this.redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
      this.subscriber.on("error", (error) => this.logger.debug({ err: error.message }, "redis unavailable"));
      this.subscription = this.subscriber
        .subscribe(this.channel)
        .catch((error: Error) =>
          this.logger.warn({ err: error.message }, "cache change channel not subscribed"),
        );
    }
    this.subscriber.on("message", (channel: string, message: string) => {
      if (channel === this.channel) handler(message);
    });
  }

  /** Resolves once Redis has confirmed the subscription of `listen` (for tests and start-up). */
  async subscribed(): Promise<void> {
    await this.subscription;
  }

  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private async quietly<T>(operation: string, run: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.logger.debug({ err: (error as Error).message, operation }, "remote cache error, falling back");
      return fallback;
    }
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
