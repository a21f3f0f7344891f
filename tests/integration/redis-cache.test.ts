import { randomBytes } from "node:crypto";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { Cache } from "@server/cache/cache.ts";
import { RedisStore } from "@server/cache/remote-store.ts";
import { RedisRateLimitStore } from "@server/http/rate-limit.ts";
import { MemoryWindowCounter, RedisWindowCounter } from "@server/rate/window-counter.ts";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";

const logger = pino({ level: "silent" });
const redisUrl = process.env.TEST_REDIS_URL;
const stores: RedisStore[] = [];

/** A store with its own key prefix, so parallel runs never see each other's keys. */
async function store(prefix = `test:${randomBytes(4).toString("hex")}:`): Promise<RedisStore> {
  const created = new RedisStore(redisUrl!, logger, prefix);
  stores.push(created);
  await created.ready();
  return created;
}

afterAll(async () => {
  for (const s of stores) {
    await s.deleteMatching("*");
    await s.close();
  }
});

// Runs when TEST_REDIS_URL is set (CI sets it); an unreachable Redis then fails the run.
describe.runIf(redisUrl)("Redis as the shared cache", () => {
  it("stores, reads and expires values with the given TTL", async () => {
    const redis = await store();
    await redis.set("default:menu_data:pt", "hello", 1800);
    expect(await redis.get("default:menu_data:pt")).toBe("hello");
    await redis.delete("default:menu_data:pt");
    expect(await redis.get("default:menu_data:pt")).toBeNull();
  });

  it("deletes every key of one document across segments and languages", async () => {
    const redis = await store();
    await redis.set("default:menu_data:pt", "1", 60);
    await redis.set("agronegocio:menu_data:en", "2", 60);
    await redis.set("default:footer-data:pt", "3", 60);
    await redis.deleteMatching("*:menu_data:*");
    expect(await redis.get("default:menu_data:pt")).toBeNull();
    expect(await redis.get("agronegocio:menu_data:en")).toBeNull();
    expect(await redis.get("default:footer-data:pt")).toBe("3");
  });

  it("lets a second instance answer from Redis without loading from the source", async () => {
    const prefix = `test:${randomBytes(4).toString("hex")}:`;
    const a = new Cache({ remote: await store(prefix) });
    const b = new Cache({ remote: await store(prefix) });
    let loads = 0;
    const load = async () => {
      loads++;
      return { title: "Planos" };
    };
    expect(await a.getOrLoad("default:plans-data:pt", load, 1800)).toEqual({ title: "Planos" });
    expect(await b.getOrLoad("default:plans-data:pt", load, 1800)).toEqual({ title: "Planos" });
    expect(loads).toBe(1);
    // A cached "not found" is shared too, and told apart from a miss.
    expect(await a.getOrLoad("default:missing:pt", async () => null, 60)).toBeNull();
    expect(await b.getOrLoad("default:missing:pt", async () => ({ wrong: true }), 60)).toBeNull();
  });
});

describe.runIf(redisUrl)("instances told of each other's writes through Redis pub/sub", () => {
  it("a document saved on one instance is dropped from the other's local cache and pages", async () => {
    const prefix = `test:${randomBytes(4).toString("hex")}:`;
    const [storeA, storeB] = [await store(prefix), await store(prefix)];
    const a = new Cache({ remote: storeA });
    const b = new Cache({ remote: storeB });
    await storeB.subscribed();
    let pagesDroppedOnB = 0;
    b.onChange(() => pagesDroppedOnB++);
    expect(await b.getOrLoad("default:hero-section-data:pt", async () => "old title", 1800)).toBe(
      "old title",
    );
    await a.deleteWhere({ name: "hero-section-data" });
    await expect.poll(() => pagesDroppedOnB).toBe(1);
    expect(await b.getOrLoad("default:hero-section-data:pt", async () => "new title", 1800)).toBe(
      "new title",
    );
  });
});

describe("an unreachable Redis", () => {
  it("costs nothing but misses: values still come from the source", async () => {
    const down = new RedisStore("redis://127.0.0.1:1", logger);
    stores.push(down);
    expect(await down.get("default:menu_data:pt")).toBeNull();
    await down.set("default:menu_data:pt", "x", 60);
    const cache = new Cache({ remote: down });
    expect(await cache.getOrLoad("default:menu_data:pt", async () => "from source", 60)).toBe("from source");
  });
});

/**
 * A TCP relay to the real Redis that can stop relaying: Redis stays connected but answers nothing,
 * as a paused or overloaded Redis, or a network that drops packets, does.
 */
async function freezableRelay(target: URL): Promise<{ url: string; freeze(): void; close(): Promise<void> }> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.on("data", (chunk) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (!frozen) client.write(chunk);
    });
    for (const socket of [client, upstream])
      socket.on("error", () => {}).on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(redisUrl)("a Redis that stops answering (decision 090)", () => {
  it("holds no cache read, form rate limit or sign-in count: each falls back after the time-out", async () => {
    const relay = await freezableRelay(new URL(redisUrl!));
    const prefix = `test:${randomBytes(4).toString("hex")}:`;
    const redis = new RedisStore(relay.url, logger, prefix, { commandTimeoutMs: 200 });
    stores.push(redis);
    try {
      await redis.ready();
      const forms = new RedisRateLimitStore(redis.client, `${prefix}rl:forms:`, logger);
      forms.init({ windowMs: 60_000 } as Parameters<RedisRateLimitStore["init"]>[0]);
      const logins = new RedisWindowCounter(redis.client, `${prefix}rl:login:`, new MemoryWindowCounter());
      expect((await forms.increment("203.0.113.9")).totalHits).toBe(1);
      expect(await logins.hit("ana@example.com")).toBe(1);
      await redis.set("default:menu_data:pt", "kept", 60);

      relay.freeze();
      // Without a command time-out each of these waits for good.
      expect((await forms.increment("203.0.113.9")).totalHits).toBe(1);
      expect(await logins.hit("ana@example.com")).toBe(1);
      expect(await redis.get("default:menu_data:pt")).toBeNull();
    } finally {
      await relay.close();
    }
  });
});
