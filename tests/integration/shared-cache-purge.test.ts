import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  CLOUDFLARE_TAGS_PER_CALL,
  PurgeFailed,
  type SharedCacheAdapter,
  sharedCacheAdapters,
  XKEY_HEADER_BYTES,
} from "../../server/cache/shared-purge.ts";
import { type FakeCloudflare, startFakeCloudflare } from "../fakes/cloudflare.ts";

/**
 * The purge adapters over real HTTP (the global fetch, undici): Cloudflare's against the fake of its
 * API, Varnish's against node:http servers that record PURGE requests as a Varnish with xkey gets them.
 */

const TOKEN = "cf-token-Zm9vYmFyYmF6";
const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
const NO_VARNISH = { VARNISH_PURGE_URLS: [] as string[] };

async function failure(adapter: SharedCacheAdapter, keys: string[]): Promise<PurgeFailed> {
  const error = await adapter.purge(keys).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PurgeFailed);
  return error as PurgeFailed;
}

const tagsOf = (count: number, prefix = "page") => Array.from({ length: count }, (_, i) => `${prefix}:${i}`);

describe("Cloudflare: purge by tag against the fake API", () => {
  let fake: FakeCloudflare;
  const adapter = (token = TOKEN, options: { timeoutMs?: number } = {}) =>
    sharedCacheAdapters(
      {
        ...NO_VARNISH,
        CLOUDFLARE_ZONE_ID: ZONE,
        CLOUDFLARE_API_TOKEN: token,
        CLOUDFLARE_API_BASE: fake.baseUrl,
      },
      options,
    )[0]!;

  beforeAll(async () => {
    fake = await startFakeCloudflare({ token: TOKEN, zone: ZONE });
  });
  afterEach(() => {
    fake.purges.length = 0;
    fake.calls.length = 0;
    fake.setDown(false);
  });
  afterAll(() => fake.close());

  it("75 tags go out in as few calls as the limit allows, every tag once", async () => {
    const tags = tagsOf(75);
    await adapter().purge(tags);
    expect(fake.purges).toHaveLength(Math.ceil(75 / CLOUDFLARE_TAGS_PER_CALL));
    expect(fake.purges.flatMap((purge) => purge.tags).sort()).toEqual([...tags].sort());
    expect(fake.purges.every((purge) => purge.zone === ZONE)).toBe(true);
  });

  it(`250 tags: three calls of at most ${CLOUDFLARE_TAGS_PER_CALL}, none refused, every tag once`, async () => {
    const tags = tagsOf(250);
    await adapter().purge([...tags, ...tags.slice(0, 10)]);
    expect(fake.calls.map((call) => call.status)).toEqual([200, 200, 200]);
    expect(fake.purges.map((purge) => purge.tags.length)).toEqual([100, 100, 50]);
    expect(fake.purges.flatMap((purge) => purge.tags)).toEqual(tags);
  });

  it("a 429 with Retry-After: 7 is retryable after 7 s; the next try goes through", async () => {
    fake.failNext(1, 429, { retryAfter: 7 });
    const error = await failure(adapter(), ["post:1"]);
    expect(error).toMatchObject({ adapter: "cloudflare", retryable: true, retryAfterMs: 7000 });
    expect(error.message).toContain("HTTP 429");
    expect(error.message).toContain("Please wait and consider throttling your request speed");
    expect(fake.purges).toEqual([]);
    await adapter().purge(["post:1"]);
    expect(fake.purges.map((purge) => purge.tags)).toEqual([["post:1"]]);
  });

  it("a wrong token is refused for good, with Cloudflare's words", async () => {
    const error = await failure(adapter("not-the-token"), ["post:1"]);
    expect(error).toMatchObject({ adapter: "cloudflare", retryable: false, retryAfterMs: undefined });
    expect(error.message).toBe("Cloudflare: HTTP 403: Authentication error (10000)");
    expect(fake.calls.map((call) => call.authorization)).toEqual(["Bearer not-the-token"]);
    expect(fake.purges).toEqual([]);
  });

  it("a wrong zone is refused for good", async () => {
    const other = sharedCacheAdapters({
      ...NO_VARNISH,
      CLOUDFLARE_ZONE_ID: "f".repeat(32),
      CLOUDFLARE_API_TOKEN: TOKEN,
      CLOUDFLARE_API_BASE: fake.baseUrl,
    })[0]!;
    const error = await failure(other, ["post:1"]);
    expect(error).toMatchObject({ retryable: false });
    expect(error.message).toContain("perhaps your object identifier is invalid? (7003)");
  });

  it("a 500, the API down or not answering: retryable", async () => {
    fake.failNext(1, 500);
    expect(await failure(adapter(), ["post:1"])).toMatchObject({ retryable: true });

    fake.setDown(true);
    const down = await failure(adapter(), ["post:1"]);
    expect(down).toMatchObject({ retryable: true });
    expect(down.message).toMatch(/^Cloudflare: Falha na conexão: /);
    fake.setDown(false);

    fake.hangNext(1);
    const slow = await failure(adapter(TOKEN, { timeoutMs: 300 }), ["post:1"]);
    expect(slow).toMatchObject({ retryable: true });
    expect(slow.message).toBe("Cloudflare: Tempo esgotado: sem resposta em 300 ms");

    expect(fake.purges).toEqual([]);
    await adapter().purge(["post:1"]);
    expect(fake.purges).toHaveLength(1);
  });

  it("the fake refuses what Cloudflare refuses: too many tags, an empty list, a tag too long", async () => {
    const post = (body: unknown) =>
      fetch(`${fake.baseUrl}/client/v4/zones/${ZONE}/purge_cache`, {
        method: "POST",
        headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    for (const [body, code] of [
      [{ tags: tagsOf(101) }, 1017],
      [{ tags: [] }, 1015],
      [{ tags: "post:1" }, 1014],
      [{ tags: ["x".repeat(1025)] }, 1100],
    ] as const) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, messages: [], result: null });
      expect(answer.body.errors[0].code).toBe(code);
    }
    expect(await post({ tags: tagsOf(100) })).toMatchObject({
      status: 200,
      body: { success: true, errors: [] },
    });
    expect(fake.purges).toHaveLength(1);
  });
});

interface PurgeRequest {
  method: string;
  path: string;
  xkey: string | undefined;
}

/** A Varnish stand-in: records each request; answers `status` (200 "Purged" by default). */
async function startVarnish(status = 200) {
  const requests: PurgeRequest[] = [];
  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? "",
      path: req.url ?? "",
      xkey: req.headers.xkey as string | undefined,
    });
    req.resume();
    req.on("end", () => {
      res.statusCode = status;
      res.statusMessage = status === 200 ? "Purged" : "Backend fetch failed";
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("Varnish: PURGE with xkey to every server", () => {
  const adapter = (urls: string[]) =>
    sharedCacheAdapters({
      VARNISH_PURGE_URLS: urls,
      CLOUDFLARE_ZONE_ID: undefined,
      CLOUDFLARE_API_TOKEN: undefined,
      CLOUDFLARE_API_BASE: "https://api.cloudflare.com",
    })[0]!;

  it("the global fetch sends the PURGE method as it is, to / with the keys in xkey", async () => {
    const varnish = await startVarnish();
    try {
      await adapter([varnish.url]).purge(["page:home", "doc:plans"]);
      expect(varnish.requests).toEqual([{ method: "PURGE", path: "/", xkey: "page:home doc:plans" }]);
    } finally {
      await varnish.close();
    }
  });

  it("two servers, one answering 503: both are called, the error names the failing one", async () => {
    const healthy = await startVarnish(200);
    const failing = await startVarnish(503);
    try {
      const error = await failure(adapter([healthy.url, failing.url]), ["page:home", "doc:plans"]);
      expect(error).toMatchObject({ adapter: "varnish", retryable: true });
      expect(error.message).toBe(
        `Varnish: 1 de 2 servidores não purgaram: ${failing.url}: HTTP 503: Backend fetch failed`,
      );
      expect(error.message).not.toContain(healthy.url);
      for (const server of [healthy, failing])
        expect(server.requests).toEqual([{ method: "PURGE", path: "/", xkey: "page:home doc:plans" }]);
    } finally {
      await Promise.all([healthy.close(), failing.close()]);
    }
  });

  it("many keys: several PURGE requests, each header under 4 KB, every key once on each server", async () => {
    const servers = [await startVarnish(), await startVarnish()];
    try {
      const keys = tagsOf(500, "content:page:segment-default:lang-pt");
      await adapter(servers.map((server) => server.url)).purge(keys);
      for (const server of servers) {
        expect(server.requests.length).toBeGreaterThan(1);
        for (const request of server.requests) {
          expect(request).toMatchObject({ method: "PURGE", path: "/" });
          expect(request.xkey!.length).toBeLessThanOrEqual(XKEY_HEADER_BYTES);
        }
        expect(server.requests.flatMap((request) => request.xkey!.split(" "))).toEqual(keys);
      }
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it("a server that is not there: retryable, named", async () => {
    const gone = await startVarnish();
    await gone.close();
    const error = await failure(adapter([gone.url]), ["page:home"]);
    expect(error).toMatchObject({ adapter: "varnish", retryable: true });
    expect(error.message).toBe(`Varnish: ${gone.url}: Falha na conexão: ECONNREFUSED`);
  });
});
