import type { Redis } from "ioredis";

/** Counts hits per key in one-minute windows: in memory, or in Redis when instances share the count. */
export interface WindowCounter {
  /** Adds a hit and answers how many the key has in its current window. */
  hit(key: string): Promise<number>;
}

export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<number> {
    return this.count(key).count;
  }

  /** Adds a hit; the key's count in its window and when the window ends (ms since the epoch). */
  count(key: string): { count: number; resetAt: number } {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || current.resetAt <= now) {
      // Drop finished windows now and then so the map does not grow without bound.
      if (this.windows.size > 10_000)
        for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
      const fresh = { count: 1, resetAt: now + this.windowMs };
      this.windows.set(key, fresh);
      return { ...fresh };
    }
    current.count++;
    return { ...current };
  }
}

export class RedisWindowCounter implements WindowCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly fallback: WindowCounter,
    private readonly windowMs = 60_000,
  ) {}

  async hit(key: string): Promise<number> {
    try {
      const redisKey = this.prefix + key;
      const [[, count]] = (await this.redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, this.windowMs, "NX")
        .exec()) as [[Error | null, number]];
      return count;
    } catch {
      // Redis down: count in this process rather than not at all.
      return this.fallback.hit(key);
    }
  }
}
