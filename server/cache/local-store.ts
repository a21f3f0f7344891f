import { LRUCache } from "lru-cache";

export interface LocalEntry<T> {
  value: T;
  expiresAt: number;
}

/**
 * The in-process copy: least recently used entries go first once `max` is reached. Expired
 * entries are kept (until evicted) because an expired copy is still served when the source
 * fails (B §4.8); freshness is decided by the caller's clock, so tests control time.
 */
export class LocalStore<T = unknown> {
  private readonly lru: LRUCache<string, LocalEntry<T>>;

  constructor(max: number) {
    this.lru = new LRUCache({ max });
  }

  get(key: string): LocalEntry<T> | undefined {
    return this.lru.get(key);
  }

  set(key: string, value: T, expiresAt: number): void {
    this.lru.set(key, { value, expiresAt });
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  keys(): string[] {
    return [...this.lru.keys()];
  }

  get size(): number {
    return this.lru.size;
  }
}
