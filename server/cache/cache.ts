import { randomUUID } from "node:crypto";
import { LocalStore } from "./local-store.ts";
import type { RemoteStore } from "./remote-store.ts";
import { documentKeyOfCacheKey, noteSurrogateKey } from "./surrogate-keys.ts";
import { LOCAL_MAX_ENTRIES, LOCAL_TTL_MS } from "./ttl.ts";

export interface CacheOptions {
  remote?: RemoteStore | null;
  localTtlMs?: number;
  localMaxEntries?: number;
  now?: () => number;
}

export interface CachedEntry<T> {
  key: string;
  data: T;
  /** Seconds left before the local copy expires (0 when stale). */
  ttl: number;
}

/** What a write changed: one key, or every key of one document. Sent to the other instances too. */
export type CacheChange = { key: string } | { name: string };

/** A change as published: which instance made it, so it ignores its own. */
type ChangeMessage = CacheChange & { from: string };

/** Values are wrapped so a cached "nothing here" (null) is told apart from a miss. */
interface Envelope<T> {
  v: T;
}

/** How long callers of one key wait on a shared load before the next caller loads for itself. */
export const INFLIGHT_LIMIT_MS = 5_000;

/**
 * The content cache with the lookup of spec B §4.8: local copy first, then the remote cache,
 * then the source. Concurrent callers of one key share one load; when the source fails, an
 * expired local copy is served if there is one, otherwise the error goes up.
 */
export class Cache {
  private readonly local: LocalStore<unknown>;
  private readonly remote: RemoteStore | null;
  private readonly localTtlMs: number;
  private readonly now: () => number;
  /** Loads in flight by key, with when they began: callers of one key share one load. */
  private readonly inflight = new Map<string, { since: number; run: Promise<unknown> }>();
  private readonly changeListeners: Array<(change: CacheChange, here: boolean) => void> = [];
  /** Tells this instance's changes apart from the others' on the shared channel. */
  private readonly instance = randomUUID();

  constructor(options: CacheOptions = {}) {
    this.local = new LocalStore(options.localMaxEntries ?? LOCAL_MAX_ENTRIES);
    this.remote = options.remote ?? null;
    this.localTtlMs = options.localTtlMs ?? LOCAL_TTL_MS;
    this.now = options.now ?? Date.now;
    // Another instance's write makes this one's local copies (and pages built from them) stale too.
    this.remote?.listen?.((raw) => this.heard(raw));
  }

  /**
   * Called after a write or delete (not a load), here or on another instance sharing the remote
   * cache: what was built from the old values is stale.
   */
  onChange(listener: (change: CacheChange, here: boolean) => void): void {
    this.changeListeners.push(listener);
  }

  private changed(change: CacheChange): void {
    for (const listener of this.changeListeners) listener(change, true);
    const message: ChangeMessage = { ...change, from: this.instance };
    void this.remote?.publish?.(JSON.stringify(message)).catch(() => {});
  }

  private heard(raw: string): void {
    let message: { from?: unknown; key?: unknown; name?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    if (!message || message.from === this.instance) return;
    let change: CacheChange;
    if (typeof message.key === "string") {
      this.local.delete(message.key);
      change = { key: message.key };
    } else if (typeof message.name === "string") {
      this.dropLocal(message.name);
      change = { name: message.name };
    } else return;
    for (const listener of this.changeListeners) listener(change, false);
  }

  private dropLocal(name: string): void {
    for (const key of this.local.keys()) {
      if (key.split(":")[1] === name) this.local.delete(key);
    }
  }

  get hasRemote(): boolean {
    return this.remote !== null;
  }

  async getOrLoad<T>(key: string, load: () => Promise<T>, remoteTtlSeconds: number): Promise<T> {
    // An answer rendered from this entry names its document, to be purged when it changes.
    const surrogate = documentKeyOfCacheKey(key);
    if (surrogate) noteSurrogateKey(surrogate);
    const local = this.local.get(key);
    if (local && local.expiresAt > this.now()) return local.value as T;

    // A load that has taken longer than INFLIGHT_LIMIT_MS (a database or Redis that hangs) is no
    // longer shared: the next caller loads for itself rather than wait on it too (decision 090).
    const pending = this.inflight.get(key);
    if (pending && this.now() - pending.since < INFLIGHT_LIMIT_MS) return pending.run as Promise<T>;

    const run = (async () => {
      const fromRemote = await this.readRemote<T>(key);
      if (fromRemote) {
        this.local.set(key, fromRemote.v, this.now() + this.localTtlMs);
        return fromRemote.v;
      }
      try {
        const value = await load();
        this.local.set(key, value, this.now() + this.localTtlMs);
        await this.writeRemote(key, value, remoteTtlSeconds);
        return value;
      } catch (error) {
        const stale = this.local.get(key);
        if (stale) return stale.value as T;
        throw error;
      }
    })();
    const entry = { since: this.now(), run };
    this.inflight.set(key, entry);
    try {
      return await run;
    } finally {
      if (this.inflight.get(key) === entry) this.inflight.delete(key);
    }
  }

  /** The cached entry without touching the source (GET /api/cache/{key}); null is a miss. */
  async peek<T = unknown>(key: string): Promise<CachedEntry<T> | null> {
    const local = this.local.get(key);
    const now = this.now();
    if (local && local.expiresAt > now) {
      return { key, data: local.value as T, ttl: Math.ceil((local.expiresAt - now) / 1000) };
    }
    const remote = await this.readRemote<T>(key);
    if (remote) return { key, data: remote.v, ttl: Math.ceil(this.localTtlMs / 1000) };
    return null;
  }

  /** Stores a value directly (POST /api/cache). */
  async set<T>(key: string, data: T, ttlSeconds: number): Promise<void> {
    this.local.set(key, data, this.now() + Math.min(ttlSeconds * 1000, this.localTtlMs));
    await this.writeRemote(key, data, ttlSeconds);
    this.changed({ key });
  }

  async delete(key: string): Promise<void> {
    this.local.delete(key);
    await this.remote?.delete(key).catch(() => {});
    this.changed({ key });
  }

  /** Drops every key whose parts match: e.g. all segments and languages of one document. */
  async deleteWhere(match: { name: string }): Promise<void> {
    this.dropLocal(match.name);
    await this.remote?.deleteMatching(`*:${escapeGlob(match.name)}:*`).catch(() => {});
    this.changed({ name: match.name });
  }

  private async writeRemote(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    await this.remote
      ?.set(key, JSON.stringify({ v: value } satisfies Envelope<unknown>), ttlSeconds)
      .catch(() => {});
  }

  // Remote errors are silent and mean "not there" (B §8.3), whatever the store does with them.
  private async readRemote<T>(key: string): Promise<Envelope<T> | null> {
    if (!this.remote) return null;
    const raw = await this.remote.get(key).catch(() => null);
    if (raw === null) return null;
    try {
      const parsed = JSON.parse(raw) as Envelope<T>;
      return parsed && typeof parsed === "object" && "v" in parsed ? parsed : null;
    } catch {
      return null;
    }
  }
}

function escapeGlob(value: string): string {
  return value.replace(/[*?[\]\\]/g, "\\$&");
}
