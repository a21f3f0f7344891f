import { describe, expect, it } from "vitest";
import {
  CLOUDFLARE_TAGS_PER_CALL,
  checkKeys,
  MAX_KEY_LENGTH,
  MAX_RETRY_AFTER_MS,
  PurgeFailed,
  retryAfterMs,
  type SharedCacheAdapter,
  sharedCacheAdapters,
  varnishTarget,
  XKEY_HEADER_BYTES,
  xkeyBatches,
} from "./shared-purge.ts";

const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
const NONE = {
  VARNISH_PURGE_URLS: [] as string[],
  CLOUDFLARE_ZONE_ID: undefined,
  CLOUDFLARE_API_TOKEN: undefined,
  CLOUDFLARE_API_BASE: "https://api.cloudflare.com",
};
const CLOUDFLARE = { ...NONE, CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: "cf-token" };
const VARNISH = { ...NONE, VARNISH_PURGE_URLS: ["http://10.0.0.5:6081", "http://10.0.0.6:6081"] };
const BOTH = { ...CLOUDFLARE, VARNISH_PURGE_URLS: VARNISH.VARNISH_PURGE_URLS };

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A fetch that records each request and answers with `reply` (a Response, or a thrown error). */
function fakeFetch(reply: (sent: Sent, index: number) => Response | Error = () => ok()) {
  const sent: Sent[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request: Sent = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === "string" ? { body: init.body } : {}),
    };
    sent.push(request);
    const answer = reply(request, sent.length - 1);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof globalThis.fetch;
  return { fetch, sent };
}

const ok = (body: unknown = { success: true, errors: [], messages: [], result: { id: "x" } }) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
const cloudflareError = (
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
) =>
  new Response(JSON.stringify({ success: false, errors: [{ code, message }], messages: [], result: null }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });

async function failure(adapter: SharedCacheAdapter, keys: string[] = ["page:home"]): Promise<PurgeFailed> {
  const error = await adapter.purge(keys).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PurgeFailed);
  return error as PurgeFailed;
}

const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0]!;
};

describe("keys are checked before anything is sent", () => {
  it.each([
    ["", "empty"],
    ["page home", "a space"],
    ["page:home\n", "a line break"],
    ["page\thome", "a tab"],
    ["page:home,page:plans", "a comma"],
    ["página:início", "non-ASCII"],
    ["x".repeat(MAX_KEY_LENGTH + 1), "longer than 1,024 characters"],
  ])("%j (%s) is a programming error", async (key) => {
    expect(() => checkKeys([key])).toThrow(/Chave de cache/);
    const { fetch, sent } = fakeFetch();
    for (const adapter of sharedCacheAdapters(BOTH, { fetch })) {
      const error = await adapter.purge(["page:home", key]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(PurgeFailed);
      expect((error as Error).message).toMatch(/Chave de cache/);
    }
    expect(sent).toEqual([]);
  });

  it("a key of exactly 1,024 characters and every printable ASCII but the comma are accepted", () => {
    const printable = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i))
      .filter((c) => c !== ",")
      .join("");
    expect(checkKeys(["x".repeat(MAX_KEY_LENGTH), printable])).toEqual([
      "x".repeat(MAX_KEY_LENGTH),
      printable,
    ]);
  });

  it("each key is sent once, in its first place", () => {
    expect(checkKeys(["b", "a", "b", "c", "a"])).toEqual(["b", "a", "c"]);
  });

  it("no keys: nothing is sent", async () => {
    const { fetch, sent } = fakeFetch();
    for (const adapter of sharedCacheAdapters(BOTH, { fetch })) await adapter.purge([]);
    expect(sent).toEqual([]);
  });
});

describe("batching", () => {
  it("xkey values stay under 4 KB, keys separated by one space, every key once and in order", () => {
    const keys = Array.from({ length: 600 }, (_, i) => `post:${i}:${"k".repeat(i % 37)}`);
    const batches = xkeyBatches(keys);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(Buffer.byteLength(`xkey: ${batch}\r\n`)).toBeLessThan(4096);
      expect(batch.length).toBeLessThanOrEqual(XKEY_HEADER_BYTES);
      expect(batch).not.toMatch(/^ | $| {2}/);
    }
    expect(batches.flatMap((batch) => batch.split(" "))).toEqual(keys);
    // Full batches: the next key would not have fitted.
    for (let i = 0; i < batches.length - 1; i++) {
      const next = batches[i + 1]!.split(" ")[0]!;
      expect(batches[i]!.length + 1 + next.length).toBeGreaterThan(XKEY_HEADER_BYTES);
    }
  });

  it("a few short keys go in one header; the longest key fits alone", () => {
    expect(xkeyBatches(["a", "b", "c"])).toEqual(["a b c"]);
    const long = "x".repeat(MAX_KEY_LENGTH);
    expect(
      xkeyBatches([long, long.replace(/x$/, "y"), long.replace(/x$/, "z"), "w".repeat(1024)]),
    ).toHaveLength(2);
    expect(xkeyBatches([])).toEqual([]);
  });

  it("Varnish: every batch goes to every server as PURGE / with the xkey header", async () => {
    const keys = Array.from({ length: 400 }, (_, i) => `content:page:${i}:${"x".repeat(10)}`);
    const { fetch, sent } = fakeFetch(() => new Response("Purged", { status: 200 }));
    const [varnish] = sharedCacheAdapters(VARNISH, { fetch });
    await varnish!.purge(keys);
    const batches = xkeyBatches(keys);
    expect(batches.length).toBeGreaterThan(1);
    for (const base of VARNISH.VARNISH_PURGE_URLS) {
      const to = sent.filter((request) => request.url === `${base}/`);
      expect(to.map((request) => request.method)).toEqual(batches.map(() => "PURGE"));
      expect(to.map((request) => request.headers.xkey)).toEqual(batches);
      expect(to.every((request) => request.body === undefined)).toBe(true);
    }
    expect(sent).toHaveLength(batches.length * 2);
  });

  it(`Cloudflare: ${CLOUDFLARE_TAGS_PER_CALL} tags a call, one call after another, as JSON with the bearer token`, async () => {
    const tags = Array.from({ length: 250 }, (_, i) => `tag-${i}`);
    const { fetch, sent } = fakeFetch();
    const [cloudflare] = sharedCacheAdapters(CLOUDFLARE, { fetch });
    await cloudflare!.purge(tags);
    expect(sent.map((request) => JSON.parse(request.body!).tags.length)).toEqual([100, 100, 50]);
    expect(sent.flatMap((request) => JSON.parse(request.body!).tags)).toEqual(tags);
    for (const request of sent) {
      expect(request).toMatchObject({
        url: `https://api.cloudflare.com/client/v4/zones/${ZONE}/purge_cache`,
        method: "POST",
        headers: { authorization: "Bearer cf-token", "content-type": "application/json" },
      });
      expect(Object.keys(JSON.parse(request.body!))).toEqual(["tags"]);
    }
  });

  it("Cloudflare: a failed call stops the rest (the retry sends them all again)", async () => {
    const tags = Array.from({ length: 250 }, (_, i) => `tag-${i}`);
    const { fetch, sent } = fakeFetch((_, index) => (index === 1 ? new Response("", { status: 502 }) : ok()));
    const [cloudflare] = sharedCacheAdapters(CLOUDFLARE, { fetch });
    expect((await failure(cloudflare!, tags)).retryable).toBe(true);
    expect(sent).toHaveLength(2);
  });
});

describe("Varnish addresses", () => {
  it("PURGE goes to the base's own path, credentials as basic auth and never in a message", () => {
    expect(varnishTarget("http://10.0.0.5:6081")).toEqual({
      url: "http://10.0.0.5:6081/",
      label: "http://10.0.0.5:6081",
    });
    expect(varnishTarget("https://cache.internal/varnish//")).toEqual({
      url: "https://cache.internal/varnish/",
      label: "https://cache.internal/varnish/",
    });
    const target = varnishTarget("http://purger:p%40ss@10.0.0.5:6081");
    expect(target.url).toBe("http://10.0.0.5:6081/");
    expect(target.label).toBe("http://10.0.0.5:6081");
    expect(target.authorization).toBe(`Basic ${Buffer.from("purger:p@ss").toString("base64")}`);
    // Not valid percent-encoding: sent as typed rather than failing at start.
    expect(varnishTarget("http://purger:100%zz@10.0.0.5:6081").authorization).toBe(
      `Basic ${Buffer.from("purger:100%zz").toString("base64")}`,
    );
  });

  it("the basic auth is sent, the password named nowhere in a failure", async () => {
    const { fetch, sent } = fakeFetch(() => new Response("", { status: 403, statusText: "Forbidden" }));
    const [varnish] = sharedCacheAdapters(
      { ...NONE, VARNISH_PURGE_URLS: ["http://purger:hunter2@10.0.0.5:6081"] },
      { fetch },
    );
    const error = await failure(varnish!);
    expect(only(sent).headers.authorization).toBe(
      `Basic ${Buffer.from("purger:hunter2").toString("base64")}`,
    );
    expect(error.message).not.toContain("hunter2");
    expect(error.message).toContain("http://10.0.0.5:6081: HTTP 403: Forbidden");
  });
});

describe("errors: what another try can fix", () => {
  const timeout = () => new DOMException("The operation was aborted due to timeout", "TimeoutError");
  const refused = () =>
    new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
    });

  it.each([
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [408, true],
    [429, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [405, false],
    [301, false],
  ])("Varnish answering %i: retryable %s", async (status, retryable) => {
    const { fetch } = fakeFetch(() => new Response(null, { status }));
    const [varnish] = sharedCacheAdapters(
      { ...NONE, VARNISH_PURGE_URLS: ["http://10.0.0.5:6081"] },
      { fetch },
    );
    const error = await failure(varnish!);
    expect(error).toMatchObject({ adapter: "varnish", retryable });
    expect(error.message).toContain(`http://10.0.0.5:6081: HTTP ${status}`);
  });

  it.each([
    [500, true],
    [503, true],
    [429, true],
    [400, false],
    [403, false],
    [404, false],
  ])("Cloudflare answering %i: retryable %s, with Cloudflare's message", async (status, retryable) => {
    const { fetch } = fakeFetch(() => cloudflareError(status, 1234, `Problem ${status}`));
    const [cloudflare] = sharedCacheAdapters(CLOUDFLARE, { fetch });
    const error = await failure(cloudflare!);
    expect(error).toMatchObject({ adapter: "cloudflare", retryable });
    expect(error.message).toBe(`Cloudflare: HTTP ${status}: Problem ${status} (1234)`);
  });

  it("Cloudflare: success:false with a 200 is a refusal; a 200 that is not Cloudflare's envelope is retried", async () => {
    const refusal = fakeFetch(() =>
      ok({
        success: false,
        errors: [
          { code: 1100, message: "Tag exceeds maximum length of 1024 characters" },
          { code: 1016, message: "One or more cache purge errors" },
        ],
        messages: [],
        result: null,
      }),
    );
    const refused = await failure(sharedCacheAdapters(CLOUDFLARE, { fetch: refusal.fetch })[0]!);
    expect(refused).toMatchObject({ retryable: false });
    expect(refused.message).toBe(
      "Cloudflare: HTTP 200: Tag exceeds maximum length of 1024 characters (1100)",
    );

    const proxy = fakeFetch(() => new Response("<html>Captive portal</html>", { status: 200 }));
    const odd = await failure(sharedCacheAdapters(CLOUDFLARE, { fetch: proxy.fetch })[0]!);
    expect(odd).toMatchObject({ retryable: true });
    expect(odd.message).toContain("<html>Captive portal</html>");
  });

  it("Cloudflare: a 5xx page that is not JSON is retried, with the start of its body", async () => {
    const { fetch } = fakeFetch(() => new Response("<html>\n  502 Bad Gateway\n</html>", { status: 502 }));
    const error = await failure(sharedCacheAdapters(CLOUDFLARE, { fetch })[0]!);
    expect(error).toMatchObject({ retryable: true });
    expect(error.message).toBe("Cloudflare: HTTP 502: <html> 502 Bad Gateway </html>");
  });

  it("no answer (refused, reset) or a time-out: retryable, for both", async () => {
    for (const [reply, words] of [
      [refused, "Falha na conexão: ECONNREFUSED"],
      [timeout, "Tempo esgotado: sem resposta em 1234 ms"],
    ] as const) {
      const { fetch } = fakeFetch(reply);
      for (const adapter of sharedCacheAdapters(BOTH, { fetch, timeoutMs: 1234 })) {
        const error = await failure(adapter);
        expect(error).toMatchObject({ adapter: adapter.name, retryable: true, retryAfterMs: undefined });
        expect(error.message).toContain(words);
      }
    }
  });

  it("each request carries a time-out signal", async () => {
    const { fetch, sent } = fakeFetch();
    const signals: AbortSignal[] = [];
    const spy = ((input: string, init: RequestInit) => {
      signals.push(init.signal!);
      return fetch(input, init);
    }) as typeof globalThis.fetch;
    for (const adapter of sharedCacheAdapters(BOTH, { fetch: spy })) await adapter.purge(["a"]);
    expect(signals).toHaveLength(3);
    expect(sent).toHaveLength(3);
    expect(signals.every((signal) => signal instanceof AbortSignal && !signal.aborted)).toBe(true);
  });

  it("a 429 waits as long as Retry-After says (seconds or a date), at most an hour", async () => {
    for (const [header, wait] of [
      ["7", 7000],
      ["100000", MAX_RETRY_AFTER_MS],
      [undefined, undefined],
    ] as const) {
      const { fetch } = fakeFetch(() =>
        cloudflareError(429, 971, "Please wait", header === undefined ? {} : { "Retry-After": header }),
      );
      const error = await failure(sharedCacheAdapters(CLOUDFLARE, { fetch })[0]!);
      expect(error).toMatchObject({ retryable: true, retryAfterMs: wait });
    }
    // Only a 429's Retry-After counts (a 503's is no promise here).
    const { fetch } = fakeFetch(() => new Response(null, { status: 503, headers: { "Retry-After": "30" } }));
    expect((await failure(sharedCacheAdapters(VARNISH, { fetch })[0]!)).retryAfterMs).toBeUndefined();
  });

  it("Varnish: every server is asked; the failure names those that failed, and is retryable if any may succeed", async () => {
    const { fetch, sent } = fakeFetch((request) =>
      request.url.startsWith("http://10.0.0.6")
        ? new Response(null, { status: 429, headers: { "Retry-After": "20" } })
        : request.url.startsWith("http://10.0.0.7")
          ? new Response(null, { status: 405, statusText: "Method Not Allowed" })
          : new Response(null, { status: 200 }),
    );
    const [varnish] = sharedCacheAdapters(
      {
        ...NONE,
        VARNISH_PURGE_URLS: ["http://10.0.0.5:6081", "http://10.0.0.6:6081", "http://10.0.0.7:6081"],
      },
      { fetch },
    );
    const error = await failure(varnish!);
    expect(sent.map((request) => request.url).sort()).toEqual([
      "http://10.0.0.5:6081/",
      "http://10.0.0.6:6081/",
      "http://10.0.0.7:6081/",
    ]);
    expect(error).toMatchObject({ adapter: "varnish", retryable: true, retryAfterMs: 20_000 });
    expect(error.message).toBe(
      "Varnish: 2 de 3 servidores não purgaram: http://10.0.0.6:6081: HTTP 429; http://10.0.0.7:6081: HTTP 405: Method Not Allowed",
    );

    // Only refusals: the same purge would be refused again.
    const refusing = fakeFetch(() => new Response(null, { status: 403 }));
    expect((await failure(sharedCacheAdapters(VARNISH, { fetch: refusing.fetch })[0]!)).retryable).toBe(
      false,
    );
  });
});

describe("Retry-After", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");

  it("seconds", () => {
    expect(retryAfterMs("0", now)).toBe(0);
    expect(retryAfterMs("7", now)).toBe(7000);
    expect(retryAfterMs(" 120 ", now)).toBe(120_000);
  });

  it("an HTTP date: the time left until then, none when past", () => {
    expect(retryAfterMs("Sun, 22 Nov 2026 12:00:10 GMT", now)).toBe(10_000);
    expect(retryAfterMs("Sun, 22 Nov 2026 11:00:00 GMT", now)).toBe(0);
  });

  it("capped at an hour", () => {
    expect(retryAfterMs("3600", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs("86400", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs("Mon, 23 Nov 2026 12:00:00 GMT", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(3_600_000);
  });

  it("absent or unreadable: none", () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs("", now)).toBeUndefined();
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs("-5", now)).toBeUndefined();
  });
});

describe("adapters chosen from the configuration", () => {
  it("none configured: none", () => {
    expect(sharedCacheAdapters(NONE)).toEqual([]);
  });

  it("Varnish, Cloudflare, or both (Varnish first)", () => {
    expect(sharedCacheAdapters(VARNISH).map((adapter) => adapter.name)).toEqual(["varnish"]);
    expect(sharedCacheAdapters(CLOUDFLARE).map((adapter) => adapter.name)).toEqual(["cloudflare"]);
    expect(sharedCacheAdapters(BOTH).map((adapter) => adapter.name)).toEqual(["varnish", "cloudflare"]);
  });

  it("a zone without a token (refused by loadConfig anyway) is no adapter", () => {
    expect(sharedCacheAdapters({ ...NONE, CLOUDFLARE_ZONE_ID: ZONE })).toEqual([]);
    expect(sharedCacheAdapters({ ...NONE, CLOUDFLARE_API_TOKEN: "t" })).toEqual([]);
  });

  it("CLOUDFLARE_API_BASE is where the calls go (a trailing slash or not)", async () => {
    const { fetch, sent } = fakeFetch();
    await sharedCacheAdapters(
      { ...CLOUDFLARE, CLOUDFLARE_API_BASE: "http://127.0.0.1:8787/" },
      { fetch },
    )[0]!.purge(["a"]);
    expect(only(sent).url).toBe(`http://127.0.0.1:8787/client/v4/zones/${ZONE}/purge_cache`);
  });
});
