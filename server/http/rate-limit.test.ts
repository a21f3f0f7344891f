import type { Options } from "express-rate-limit";
import { Redis } from "ioredis";
import { describe, expect, it, vi } from "vitest";
import type { Logger } from "../logger.ts";
import { normalisePath, RedisRateLimitStore, writeBucket } from "./rate-limit.ts";

describe("Rate-limit buckets — every spelling and method of a write counts", () => {
  it("normalises a path as React Router matches it", () => {
    expect(normalisePath("/LOGIN")).toBe("/login");
    expect(normalisePath("/login/")).toBe("/login");
    expect(normalisePath("//login//")).toBe("/login");
    expect(normalisePath("/login.data")).toBe("/login");
    expect(normalisePath("/%6Cogin")).toBe("/login");
    expect(normalisePath("/%E0%A4%A")).toBe("/%e0%a4%a");
    expect(normalisePath("/")).toBe("/");
    expect(normalisePath("///")).toBe("/");
  });

  it("reads are never counted", () => {
    expect(writeBucket("GET", "/login")).toBeNull();
    expect(writeBucket("HEAD", "/contato")).toBeNull();
    expect(writeBucket("get", "/api/leads")).toBeNull();
  });

  it("sign-in through any method, prefix or spelling counts as a login", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "post"])
      for (const path of [
        "/login",
        "/LOGIN",
        "/login/",
        "/en/login",
        "/PT/Login/",
        "/login.data",
        "/api/auth/login",
        "/API/Auth/Login/",
      ])
        expect(writeBucket(method, path), `${method} ${path}`).toBe("login");
  });

  it("page actions and leads count as forms; other API writes against the API limit", () => {
    expect(writeBucket("PUT", "/contato")).toBe("forms");
    expect(writeBucket("POST", "/")).toBe("forms");
    expect(writeBucket("POST", "/api/leads")).toBe("forms");
    expect(writeBucket("PATCH", "/API/LEADS/")).toBe("forms");
    expect(writeBucket("POST", "/en/demo")).toBe("forms");
    expect(writeBucket("POST", "/loginx")).toBe("forms");
    expect(writeBucket("POST", "/api/auth/logout")).toBe("api");
    expect(writeBucket("PUT", "/api/cache")).toBe("api");
  });

  it("the funnel's beacon has a bucket of its own, in any spelling (decision 104)", () => {
    expect(writeBucket("POST", "/api/leads/funnel")).toBe("funnel");
    expect(writeBucket("POST", "/API/Leads//funnel/")).toBe("funnel");
    expect(writeBucket("GET", "/api/leads/funnel")).toBeNull();
    expect(writeBucket("POST", "/api/leads/funnelx")).toBe("api");
  });
});

describe("Redis down never opens the limits", () => {
  it("counts in this process while Redis does not answer, and says so once", async () => {
    const redis = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const logger = { warn: vi.fn(), info: vi.fn(), debug: vi.fn() };
    const store = new RedisRateLimitStore(redis, "rl:forms:", logger as unknown as Logger);
    store.init({ windowMs: 60_000 } as Options);
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push((await store.increment("203.0.113.7")).totalHits);
    expect(hits).toEqual([1, 2, 3, 4]);
    expect((await store.increment("198.51.100.1")).totalHits).toBe(1);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![1]).toBe(
      "Redis unreachable: rate limits counted in this process until it answers",
    );
    redis.disconnect();
  });
});
