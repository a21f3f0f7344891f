import { describe, expect, it, vi } from "vitest";
import { Cache, INFLIGHT_LIMIT_MS } from "./cache.ts";
import type { RemoteStore } from "./remote-store.ts";
import { LOCAL_MAX_ENTRIES, LOCAL_TTL_MS } from "./ttl.ts";

/** A Map-backed RemoteStore; every method is a spy so calls can be checked. */
function memoryRemote(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  const remote = {
    map,
    get: vi.fn(async (key: string) => map.get(key) ?? null),
    set: vi.fn(async (key: string, value: string, _ttlSeconds: number) => {
      map.set(key, value);
    }),
    delete: vi.fn(async (key: string) => {
      map.delete(key);
    }),
    deleteMatching: vi.fn(async (_pattern: string) => {}),
    close: vi.fn(async () => {}),
  } satisfies RemoteStore & { map: Map<string, string> };
  return remote;
}

/** A RemoteStore whose chosen methods reject (a broken or unreachable remote). */
function failingRemote(failing: Array<"get" | "set" | "delete" | "deleteMatching">) {
  const remote = memoryRemote();
  for (const method of failing) {
    remote[method].mockImplementation(async () => {
      throw new Error(`remote ${method} failed`);
    });
  }
  return remote;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A controllable clock. */
function clock(start = 1_000_000) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

const envelope = (value: unknown) => JSON.stringify({ v: value });
const KEY = "default:menu_data:pt";

describe("Cache.getOrLoad: local copy first (B §4.8)", () => {
  it("a local hit within the TTL does not call the loader", async () => {
    const time = clock();
    const cache = new Cache({ now: time.now });
    const load = vi.fn(async () => ({ logo: "a.svg" }));

    expect(await cache.getOrLoad(KEY, load, 300)).toEqual({ logo: "a.svg" });
    time.advance(LOCAL_TTL_MS - 1);
    expect(await cache.getOrLoad(KEY, load, 300)).toEqual({ logo: "a.svg" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("after the TTL (300 000 ms by default) the loader runs again", async () => {
    const time = clock();
    const cache = new Cache({ now: time.now });
    let n = 0;
    const load = vi.fn(async () => ++n);

    expect(await cache.getOrLoad(KEY, load, 300)).toBe(1);
    time.advance(LOCAL_TTL_MS);
    expect(await cache.getOrLoad(KEY, load, 300)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("honours a custom localTtlMs", async () => {
    const time = clock();
    const cache = new Cache({ now: time.now, localTtlMs: 1_000 });
    let n = 0;
    const load = vi.fn(async () => ++n);

    await cache.getOrLoad(KEY, load, 300);
    time.advance(999);
    expect(await cache.getOrLoad(KEY, load, 300)).toBe(1);
    time.advance(1);
    expect(await cache.getOrLoad(KEY, load, 300)).toBe(2);
  });

  it("keys are independent", async () => {
    const cache = new Cache({ now: clock().now });
    expect(await cache.getOrLoad("default:menu_data:pt", async () => "pt", 300)).toBe("pt");
    expect(await cache.getOrLoad("default:menu_data:en", async () => "en", 300)).toBe("en");
    expect(await cache.getOrLoad("default:menu_data:pt", async () => "other", 300)).toBe("pt");
  });

  it("null values are cached (the loader is not called twice)", async () => {
    const cache = new Cache({ now: clock().now });
    const load = vi.fn(async () => null);

    expect(await cache.getOrLoad(KEY, load, 300)).toBeNull();
    expect(await cache.getOrLoad(KEY, load, 300)).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("Cache.getOrLoad: then the remote cache, then the source (B §4.8)", () => {
  it("a remote hit fills the local copy and skips the loader", async () => {
    const remote = memoryRemote({ [KEY]: envelope({ logo: "remote.svg" }) });
    const cache = new Cache({ remote, now: clock().now });
    const load = vi.fn(async () => ({ logo: "source.svg" }));

    expect(await cache.getOrLoad(KEY, load, 300)).toEqual({ logo: "remote.svg" });
    expect(await cache.getOrLoad(KEY, load, 300)).toEqual({ logo: "remote.svg" });
    expect(load).not.toHaveBeenCalled();
    // The second call was a local hit.
    expect(remote.get).toHaveBeenCalledTimes(1);
    expect(remote.get).toHaveBeenCalledWith(KEY);
  });

  it("a remote null value is a hit, not a miss", async () => {
    const remote = memoryRemote({ [KEY]: envelope(null) });
    const cache = new Cache({ remote, now: clock().now });
    const load = vi.fn(async () => "source");

    expect(await cache.getOrLoad(KEY, load, 300)).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("an unreadable remote value is a miss", async () => {
    const remote = memoryRemote({ [KEY]: "{not json", "k:other:pt": JSON.stringify({ w: 1 }) });
    const cache = new Cache({ remote, now: clock().now });

    expect(await cache.getOrLoad(KEY, async () => "fresh", 300)).toBe("fresh");
    expect(await cache.getOrLoad("k:other:pt", async () => "fresh2", 300)).toBe("fresh2");
  });

  it("the loader result is written to the remote with the given TTL in seconds", async () => {
    const remote = memoryRemote();
    const cache = new Cache({ remote, now: clock().now });

    await cache.getOrLoad(KEY, async () => ({ logo: "a.svg" }), 1800);
    expect(remote.set).toHaveBeenCalledTimes(1);
    expect(remote.set).toHaveBeenCalledWith(KEY, envelope({ logo: "a.svg" }), 1800);
  });

  it("a value written to the remote is served to another instance without loading", async () => {
    const remote = memoryRemote();
    const first = new Cache({ remote, now: clock().now });
    const second = new Cache({ remote, now: clock().now });
    await first.getOrLoad(KEY, async () => [1, 2, 3], 600);

    const load = vi.fn(async () => [9]);
    expect(await second.getOrLoad(KEY, load, 600)).toEqual([1, 2, 3]);
    expect(load).not.toHaveBeenCalled();
  });

  it("after the local TTL the remote is asked again before the source", async () => {
    const time = clock();
    const remote = memoryRemote();
    const cache = new Cache({ remote, now: time.now });
    const load = vi.fn(async () => "v1");
    await cache.getOrLoad(KEY, load, 300);

    time.advance(LOCAL_TTL_MS + 1);
    remote.map.set(KEY, envelope("v2-from-remote"));
    expect(await cache.getOrLoad(KEY, load, 300)).toBe("v2-from-remote");
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("Cache.getOrLoad: concurrent requests for one key share one request (B §4.8)", () => {
  it("two concurrent calls share one loader call", async () => {
    const cache = new Cache({ now: clock().now });
    const gate = deferred<string>();
    const load = vi.fn(() => gate.promise);

    const a = cache.getOrLoad(KEY, load, 300);
    const b = cache.getOrLoad(KEY, load, 300);
    gate.resolve("shared");

    expect(await Promise.all([a, b])).toEqual(["shared", "shared"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("concurrent calls share one remote lookup and one remote write", async () => {
    const remote = memoryRemote();
    const cache = new Cache({ remote, now: clock().now });
    const gate = deferred<number>();
    const load = vi.fn(() => gate.promise);

    const calls = [1, 2, 3].map(() => cache.getOrLoad(KEY, load, 300));
    gate.resolve(42);

    expect(await Promise.all(calls)).toEqual([42, 42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(remote.get).toHaveBeenCalledTimes(1);
    expect(remote.set).toHaveBeenCalledTimes(1);
  });

  it("a shared failure reaches every waiting caller, and the next call loads again", async () => {
    const cache = new Cache({ now: clock().now });
    const gate = deferred<string>();
    const load = vi.fn(() => gate.promise);

    const a = cache.getOrLoad(KEY, load, 300);
    const b = cache.getOrLoad(KEY, load, 300);
    const failure = new Error("source down");
    gate.reject(failure);

    await expect(a).rejects.toBe(failure);
    await expect(b).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(1);

    expect(await cache.getOrLoad(KEY, async () => "recovered", 300)).toBe("recovered");
  });

  it("a load that hangs is shared only so long: a later caller loads for itself (decision 090)", async () => {
    const time = clock();
    const cache = new Cache({ now: time.now });
    const hung = new Promise<string>(() => {});
    const first = cache.getOrLoad(KEY, () => hung, 300);
    void first;
    // Within the limit a caller shares the hung load (and so would wait with it).
    time.advance(INFLIGHT_LIMIT_MS - 1);
    const shared = vi.fn(async () => "not asked");
    const sharing = cache.getOrLoad(KEY, shared, 300);
    void sharing;
    expect(shared).not.toHaveBeenCalled();
    // Past it, the next caller loads, and its value serves everyone after.
    time.advance(1);
    expect(await cache.getOrLoad(KEY, async () => "fresh", 300)).toBe("fresh");
    expect(await cache.getOrLoad(KEY, shared, 300)).toBe("fresh");
    expect(shared).not.toHaveBeenCalled();
  });

  it("different keys do not share a load", async () => {
    const cache = new Cache({ now: clock().now });
    const load = vi.fn(async () => "x");
    await Promise.all([cache.getOrLoad("a:doc:pt", load, 300), cache.getOrLoad("b:doc:pt", load, 300)]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("Cache.getOrLoad: on an error an expired local copy is used, otherwise the error is thrown (B §4.8)", () => {
  it("a loader failure with an expired local copy returns the stale copy", async () => {
    const time = clock();
    const cache = new Cache({ now: time.now });
    await cache.getOrLoad(KEY, async () => ({ logo: "old.svg" }), 300);

    time.advance(LOCAL_TTL_MS + 60_000);
    const load = vi.fn(async () => {
      throw new Error("source down");
    });
    expect(await cache.getOrLoad(KEY, load, 300)).toEqual({ logo: "old.svg" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a loader failure without any copy rethrows the loader's error", async () => {
    const cache = new Cache({ now: clock().now });
    const failure = new Error("source down");
    await expect(
      cache.getOrLoad(
        KEY,
        async () => {
          throw failure;
        },
        300,
      ),
    ).rejects.toBe(failure);
  });

  it("a failure is not cached: the next call runs the loader again", async () => {
    const cache = new Cache({ now: clock().now });
    await expect(cache.getOrLoad(KEY, async () => Promise.reject(new Error("x")), 300)).rejects.toThrow("x");
    const load = vi.fn(async () => "ok");
    expect(await cache.getOrLoad(KEY, load, 300)).toBe("ok");
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("Cache: a failing remote degrades to 'no remote cache', silently (B §8.3)", () => {
  it("a remote whose set rejects does not break getOrLoad", async () => {
    const remote = failingRemote(["set"]);
    const cache = new Cache({ remote, now: clock().now });
    const load = vi.fn(async () => "value");

    expect(await cache.getOrLoad(KEY, load, 300)).toBe("value");
    expect(await cache.getOrLoad(KEY, load, 300)).toBe("value");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a remote whose get rejects does not break getOrLoad (the loader is used)", async () => {
    const remote = failingRemote(["get"]);
    const cache = new Cache({ remote, now: clock().now });
    const load = vi.fn(async () => "value");

    expect(await cache.getOrLoad(KEY, load, 300)).toBe("value");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a remote whose get and set reject does not break getOrLoad", async () => {
    const remote = failingRemote(["get", "set"]);
    const cache = new Cache({ remote, now: clock().now });

    expect(await cache.getOrLoad(KEY, async () => "value", 300)).toBe("value");
  });

  it("a rejecting remote get with a failing source still serves the expired local copy", async () => {
    const time = clock();
    const remote = memoryRemote();
    const cache = new Cache({ remote, now: time.now });
    await cache.getOrLoad(KEY, async () => "stale", 300);

    time.advance(LOCAL_TTL_MS + 1);
    remote.get.mockRejectedValue(new Error("remote down"));
    expect(
      await cache.getOrLoad(
        KEY,
        async () => {
          throw new Error("source down");
        },
        300,
      ),
    ).toBe("stale");
  });

  it("peek treats a rejecting remote get as a miss", async () => {
    const cache = new Cache({ remote: failingRemote(["get"]), now: clock().now });
    expect(await cache.peek(KEY)).toBeNull();
  });
});

describe("Cache: local store keeps at most 50 entries, least recently used goes first (B §9.7)", () => {
  const load = (value: string) => vi.fn(async () => value);

  it(`the default limit is ${LOCAL_MAX_ENTRIES}: the oldest entry is evicted by the next one`, async () => {
    const cache = new Cache({ now: clock().now });
    for (let i = 0; i < LOCAL_MAX_ENTRIES; i++) await cache.getOrLoad(`k${i}:doc:pt`, load(`v${i}`), 300);

    // All 50 still local.
    const again = load("reloaded");
    for (let i = 0; i < LOCAL_MAX_ENTRIES; i++) await cache.getOrLoad(`k${i}:doc:pt`, again, 300);
    expect(again).not.toHaveBeenCalled();

    // The 51st pushes out k0 (the least recently used after the loop above).
    await cache.getOrLoad("new:doc:pt", load("new"), 300);
    expect(await cache.peek("k0:doc:pt")).toBeNull();
    expect(await cache.peek("k1:doc:pt")).toMatchObject({ data: "v1" });
    expect(await cache.peek("new:doc:pt")).toMatchObject({ data: "new" });
  });

  it("a recently read entry survives; the least recently used goes", async () => {
    const cache = new Cache({ now: clock().now, localMaxEntries: 3 });
    await cache.getOrLoad("a:doc:pt", load("A"), 300);
    await cache.getOrLoad("b:doc:pt", load("B"), 300);
    await cache.getOrLoad("c:doc:pt", load("C"), 300);
    // Touch a: b becomes the least recently used.
    expect(await cache.getOrLoad("a:doc:pt", load("unused"), 300)).toBe("A");
    await cache.getOrLoad("d:doc:pt", load("D"), 300);

    expect(await cache.peek("b:doc:pt")).toBeNull();
    expect((await cache.peek("a:doc:pt"))?.data).toBe("A");
    expect((await cache.peek("c:doc:pt"))?.data).toBe("C");
    expect((await cache.peek("d:doc:pt"))?.data).toBe("D");
  });

  it("an evicted key is loaded again", async () => {
    const cache = new Cache({ now: clock().now, localMaxEntries: 1 });
    await cache.getOrLoad("a:doc:pt", load("A"), 300);
    await cache.getOrLoad("b:doc:pt", load("B"), 300);
    const reload = load("A2");
    expect(await cache.getOrLoad("a:doc:pt", reload, 300)).toBe("A2");
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("Cache.peek: the cached entry without touching the source (GET /api/cache/{key})", () => {
  it("returns null on a miss (no remote)", async () => {
    expect(await new Cache({ now: clock().now }).peek(KEY)).toBeNull();
  });

  it("returns null on a miss (empty remote)", async () => {
    const remote = memoryRemote();
    expect(await new Cache({ remote, now: clock().now }).peek(KEY)).toBeNull();
    expect(remote.get).toHaveBeenCalledWith(KEY);
  });

  it("returns {key, data, ttl} on a local hit, ttl in seconds left (rounded up)", async () => {
    const time = clock();
    const cache = new Cache({ now: time.now });
    await cache.getOrLoad(KEY, async () => ({ a: 1 }), 300);

    expect(await cache.peek(KEY)).toEqual({ key: KEY, data: { a: 1 }, ttl: 300 });
    time.advance(1_500);
    expect(await cache.peek(KEY)).toEqual({ key: KEY, data: { a: 1 }, ttl: 299 });
  });

  it("returns a remote hit with the local TTL", async () => {
    const remote = memoryRemote({ [KEY]: envelope(["x"]) });
    const cache = new Cache({ remote, now: clock().now });
    expect(await cache.peek(KEY)).toEqual({ key: KEY, data: ["x"], ttl: 300 });
  });

  it("an expired local copy is not returned", async () => {
    const time = clock();
    const cache = new Cache({ now: time.now });
    await cache.getOrLoad(KEY, async () => "v", 300);
    time.advance(LOCAL_TTL_MS);
    expect(await cache.peek(KEY)).toBeNull();
  });

  it("never calls a loader (nothing is loaded by peeking)", async () => {
    const cache = new Cache({ now: clock().now });
    await cache.peek(KEY);
    const load = vi.fn(async () => "v");
    await cache.getOrLoad(KEY, load, 300);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("Cache.set: stores a value directly (POST /api/cache)", () => {
  it("stores locally for min(ttl, local TTL) and writes the remote with the ttl", async () => {
    const time = clock();
    const remote = memoryRemote();
    const cache = new Cache({ remote, now: time.now });

    await cache.set(KEY, { a: 1 }, 60);
    expect(remote.set).toHaveBeenCalledWith(KEY, envelope({ a: 1 }), 60);
    expect(await cache.peek(KEY)).toEqual({ key: KEY, data: { a: 1 }, ttl: 60 });

    await cache.set("default:long:pt", "x", 7200);
    expect(await cache.peek("default:long:pt")).toEqual({ key: "default:long:pt", data: "x", ttl: 300 });
  });
});

describe("Cache.delete and deleteWhere", () => {
  it("delete removes the local copy and calls remote.delete with the key", async () => {
    const remote = memoryRemote();
    const cache = new Cache({ remote, now: clock().now });
    await cache.getOrLoad(KEY, async () => "v1", 300);
    await cache.getOrLoad("default:footer-data:pt", async () => "f", 300);

    await cache.delete(KEY);
    expect(remote.delete).toHaveBeenCalledTimes(1);
    expect(remote.delete).toHaveBeenCalledWith(KEY);

    const load = vi.fn(async () => "v2");
    expect(await cache.getOrLoad(KEY, load, 300)).toBe("v2");
    expect(load).toHaveBeenCalledTimes(1);
    expect((await cache.peek("default:footer-data:pt"))?.data).toBe("f");
  });

  it("delete works without a remote", async () => {
    const cache = new Cache({ now: clock().now });
    await cache.getOrLoad(KEY, async () => "v", 300);
    await cache.delete(KEY);
    expect(await cache.peek(KEY)).toBeNull();
  });

  it("deleteWhere({name}) removes every segment and language of that document only", async () => {
    const remote = memoryRemote();
    const cache = new Cache({ remote, now: clock().now });
    const keys = ["default:menu_data:pt", "default:menu_data:en", "agronegocio:menu_data:es"];
    for (const key of keys) await cache.getOrLoad(key, async () => key, 300);
    await cache.getOrLoad("default:footer-data:pt", async () => "footer", 300);
    await cache.getOrLoad("menu_data:footer-data:pt", async () => "segment named menu_data", 300);

    remote.get.mockClear();
    remote.map.clear();
    await cache.deleteWhere({ name: "menu_data" });

    expect(remote.deleteMatching).toHaveBeenCalledTimes(1);
    expect(remote.deleteMatching).toHaveBeenCalledWith("*:menu_data:*");
    for (const key of keys) expect(await cache.peek(key)).toBeNull();
    expect((await cache.peek("default:footer-data:pt"))?.data).toBe("footer");
    expect((await cache.peek("menu_data:footer-data:pt"))?.data).toBe("segment named menu_data");
  });

  it("deleteWhere escapes glob characters in the name", async () => {
    const remote = memoryRemote();
    const cache = new Cache({ remote, now: clock().now });
    await cache.deleteWhere({ name: "a*b?[c]" });
    expect(remote.deleteMatching).toHaveBeenCalledWith("*:a\\*b\\?\\[c\\]:*");
  });
});

describe("Cache.onChange: what was built from cached values learns of writes", () => {
  it("set, delete and deleteWhere notify every listener; loads and reads do not", async () => {
    const cache = new Cache({ remote: memoryRemote() });
    const first = vi.fn();
    const second = vi.fn();
    cache.onChange(first);
    cache.onChange(second);
    await cache.getOrLoad("default:menu_data:pt", async () => ({ a: 1 }), 300);
    await cache.peek("default:menu_data:pt");
    expect(first).not.toHaveBeenCalled();
    await cache.set("default:menu_data:pt", { a: 2 }, 60);
    await cache.delete("default:menu_data:pt");
    await cache.deleteWhere({ name: "menu_data" });
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(3);
  });

  it("notifies even when the remote store fails (the local copy changed all the same)", async () => {
    const cache = new Cache({ remote: failingRemote(["set", "delete", "deleteMatching"]) });
    const listener = vi.fn();
    cache.onChange(listener);
    await cache.set("default:x:pt", 1, 60);
    await cache.delete("default:x:pt");
    await cache.deleteWhere({ name: "x" });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

/** Two stores over one map and one channel, as two instances sharing Redis and its pub/sub. */
function sharedRemotes() {
  const map = new Map<string, string>();
  const listeners: Array<(message: string) => void> = [];
  const one = (): RemoteStore => ({
    get: async (key) => map.get(key) ?? null,
    set: async (key, value) => {
      map.set(key, value);
    },
    delete: async (key) => {
      map.delete(key);
    },
    deleteMatching: async (pattern) => {
      const name = pattern.split(":")[1];
      for (const key of map.keys()) if (key.split(":")[1] === name) map.delete(key);
    },
    publish: async (message) => {
      for (const listener of listeners) listener(message);
    },
    listen: (handler) => {
      listeners.push(handler);
    },
    close: async () => {},
  });
  return [one(), one()] as const;
}

describe("a change on one instance reaches the others (shown at once on every instance)", () => {
  it("drops the other instance's local copies of that document and tells its listeners, once each", async () => {
    const [remoteA, remoteB] = sharedRemotes();
    const a = new Cache({ remote: remoteA });
    const b = new Cache({ remote: remoteB });
    const heardA = vi.fn();
    const heardB = vi.fn();
    a.onChange(heardA);
    b.onChange(heardB);
    await b.getOrLoad("default:plans-data:pt", async () => "old", 60);
    await b.getOrLoad("default:menu_data:pt", async () => "menu", 60);

    await a.deleteWhere({ name: "plans-data" });
    expect(heardA).toHaveBeenCalledTimes(1); // its own message is not heard again
    expect(heardB).toHaveBeenCalledTimes(1);
    expect(await b.getOrLoad("default:plans-data:pt", async () => "new", 60)).toBe("new");
    // Other documents keep their copies.
    expect(await b.getOrLoad("default:menu_data:pt", async () => "reloaded", 60)).toBe("menu");

    await a.set("default:menu_data:pt", "set by a", 60);
    expect(heardB).toHaveBeenCalledTimes(2);
    expect(await b.getOrLoad("default:menu_data:pt", async () => "source", 60)).toBe("set by a");
  });

  it("ignores what is not a change message", () => {
    const [remoteA] = sharedRemotes();
    const listener = vi.fn();
    const cache = new Cache({ remote: remoteA });
    cache.onChange(listener);
    for (const raw of ["not json", "null", '{"from":"x"}', '{"from":"x","key":3}'])
      (remoteA as Required<RemoteStore>).publish(raw);
    expect(listener).not.toHaveBeenCalled();
  });
});
