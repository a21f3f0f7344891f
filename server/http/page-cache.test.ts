import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { DomainConfig } from "@domain/locale.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { noteSurrogateKey } from "../cache/surrogate-keys.ts";
import { PAGE_CACHE_CONTROL, PageCache, pageAddress, type WarmRequest } from "./page-cache.ts";

const domains: DomainConfig = {
  domain: {},
  ignoredSubdomains: ["www"],
  adminSubdomain: "admin",
  subdomains: { agronegocio: { name: "Agronegócio" } },
};

/**
 * A stand-in for the application behind the cache, at the same seam as the real one: it renders a
 * page naming what it read and fills the request's slot as app/entry.server.tsx does.
 */
interface Rendered {
  status?: number;
  cacheable?: boolean;
  setCookie?: boolean;
  /** A section of the page failed to load. */
  failed?: boolean;
  /** Content changes (the cache is cleared) while the page renders. */
  clearDuring?: boolean;
  /** Something the render puts in the page after its body (a form's challenge, say). */
  extra?: string;
  /** The documents the render reads (surrogate keys; the default: the plans). */
  keys?: string[];
  /** The render ends when this settles (a render in flight); `taken` says it has begun. */
  hold?: Promise<void>;
  taken?: () => void;
}

let clock = 1_000_000;
let rendered = 0;
let nextRender: Rendered = {};
/** The wait limit's timers, fired by the tests themselves (the cache's `schedule` seam). */
let timers: Array<{ run: () => void; ms: number; cancelled: boolean }> = [];
let cache: PageCache;
let server: Server;
let base: string;

function app(req: IncomingMessage, res: ServerResponse, options: Rendered = nextRender) {
  // As the render queue does (server/http/render-queue.ts): a visitor who left is not rendered for.
  if (res.destroyed) return;
  const { hold, taken, ...rest } = options;
  if (hold) {
    // This render goes on with these options when released; the next requests get the defaults.
    taken?.();
    nextRender = {};
    void hold.then(() => app(req, res, rest));
    return;
  }
  rendered++;
  const html = `<html><head></head><body>${req.headers.host} ${req.url} render ${rendered}${options.extra ?? ""}</body></html>`;
  const slot = cache.slotFor(req);
  const keys = options.keys ?? ["doc:plans-data"];
  // What the content cache notes while the page renders (server/cache/surrogate-keys.ts).
  for (const key of keys) noteSurrogateKey(key);
  if (slot && (options.cacheable ?? true)) {
    slot.html = html;
    slot.failed = options.failed ?? false;
  }
  res.statusCode = options.status ?? 200;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", PAGE_CACHE_CONTROL);
  res.setHeader("xkey", keys.join(" "));
  res.setHeader("content-security-policy", "script-src 'self' 'sha256-abc'");
  if (options.setCookie) res.setHeader("set-cookie", "lang=en; Path=/");
  if (options.clearDuring) cache.clear();
  res.end(html);
}

/** A public JSON document as app/routes/api/json-public.ts answers it, through the same slot. */
function jsonDocument(req: IncomingMessage, res: ServerResponse) {
  rendered++;
  const body = JSON.stringify({ title: `documento ${rendered}`, url: req.url });
  const slot = cache.slotFor(req);
  if (slot) slot.html = body;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("etag", `"doc-${rendered}"`);
  res.setHeader("cache-control", "public, max-age=60, stale-while-revalidate=300");
  res.setHeader("vary", "Accept-Encoding");
  res.end(body);
}

beforeAll(async () => {
  server = createServer((req, res) =>
    cache.serve(req, res, () =>
      req.url?.startsWith("/api/json/public/") ? jsonDocument(req, res) : app(req, res),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections(); // a render held forever by a test
    }),
);
beforeEach(() => {
  clock = 1_000_000;
  rendered = 0;
  nextRender = {};
  timers = [];
  cache = new PageCache({
    domains,
    isProduction: true,
    now: () => clock,
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
});

interface Answer {
  status: number;
  headers: { get(name: string): string | null };
  /** The body as sent (gzip stays compressed). */
  raw: Buffer;
  /** The body, gunzipped when it was sent compressed. */
  text(): Promise<string>;
}

/** A request through node:http (fetch cannot set Host and always decodes gzip). */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      { method, headers: { "accept-encoding": "identity", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          resolve({
            status: res.statusCode ?? 0,
            headers: {
              get: (name) => {
                const value = res.headers[name.toLowerCase()];
                return value === undefined ? null : String(value);
              },
            },
            raw,
            text: async () =>
              (encoding === "gzip"
                ? gunzipSync(raw)
                : encoding === "br"
                  ? brotliDecompressSync(raw)
                  : raw
              ).toString("utf8"),
          });
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("PageCache", () => {
  it("renders a page once and answers the next visits itself, with the same bytes for everyone", async () => {
    const first = await get("/planos");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstHtml = await first.text();
    expect(firstHtml).toContain("render 1");

    clock += 5_000;
    const second = await get("/planos", { cookie: "lang=en; _ga=GA1.2", "accept-language": "en-US" });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const html = await second.text();
    expect(html).toBe(firstHtml);
    expect(second.headers.get("set-cookie")).toBeNull();
    expect(second.headers.get("xkey")).toBe("doc:plans-data");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-abc'");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(Number(second.headers.get("content-length"))).toBe(Buffer.byteLength(html));
    expect(rendered).toBe(1);
  });

  it("sends gzip to clients that accept it and plain HTML to the others, and no body to HEAD", async () => {
    await get("/");
    const gzip = await get("/", { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toContain("Accept-Encoding");
    expect(Number(gzip.headers.get("content-length"))).toBe(gzip.raw.length);
    expect(gunzipSync(gzip.raw).toString()).toContain("render 1");

    const plain = await get("/", { "accept-encoding": "gzip;q=0" });
    expect(plain.headers.get("content-encoding")).toBeNull();

    const head = await get("/", {}, "HEAD");
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
    expect(rendered).toBe(1);
  });

  it("keeps one page per segment and address: the language is in the address, never in a header", async () => {
    await get("/");
    await get("/", { host: "agronegocio.localhost" });
    await get("/", { "accept-language": "en-US" });
    await get("/", { cookie: "lang=en" });
    await get("/en");
    expect(rendered).toBe(3); // the English cookie and Accept-Language get the address's page
    const withCookie = await get("/", { cookie: "lang=en" });
    expect(withCookie.headers.get("x-page-cache")).toBe("hit");
    expect(await withCookie.text()).toContain("render 1");
  });

  it("answers links tagged for a campaign (UTM, click ids) with the page of their path", async () => {
    await get("/planos");
    const tagged = await get("/planos?utm_source=google&utm_medium=cpc&utm_campaign=erp-2026&gclid=Cj0KCQ");
    expect(tagged.headers.get("x-page-cache")).toBe("hit");
    expect(await tagged.text()).toContain(" /planos ");
    expect((await get("/?fbclid=IwAR2&UTM_SOURCE=instagram")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    expect(rendered).toBe(2);
  });

  it("never answers signed-in visitors, queries, posts, the API, files or the admin host from the cache", async () => {
    const bypass: Array<[string, Record<string, string>, string?]> = [
      ["/", { cookie: "lang=pt; session=abc" }],
      ["/", { authorization: "Bearer abc" }],
      ["/", { authorization: "abc" }],
      ["/?utm_source=news&pagina=2", {}],
      ["/?lang=en", {}],
      ["/", {}, "POST"],
      ["/api/json/plans-data", {}],
      ["/robots.txt", {}],
      ["/_root.data", {}],
      ["/", { host: "admin.localhost" }],
    ];
    for (const [path, headers, method] of bypass) {
      await get(path, headers, method);
      const again = await get(path, headers, method);
      expect(again.headers.get("x-page-cache"), `${method ?? "GET"} ${path}`).toBeNull();
    }
    expect(rendered).toBe(bypass.length * 2);
    expect(cache.size).toBe(0);
  });

  it("keeps the key of each set of deciding headers apart, asked once or again (server/http/memo.ts)", () => {
    const request = (headers: Record<string, string>, url = "/") =>
      ({ method: "GET", url, headers }) as unknown as IncomingMessage;
    for (let round = 0; round < 2; round++) {
      expect(cache.keyFor(request({ host: "localhost", cookie: "lang=en" }))).toBe("|pt|/");
      expect(cache.keyFor(request({ host: "localhost", cookie: "lang=en; session=abc" }))).toBeNull();
      expect(cache.keyFor(request({ host: "localhost", cookie: "preview=abc" }))).toBeNull();
      expect(cache.keyFor(request({ host: "agronegocio.localhost", cookie: "lang=en" }))).toBe(
        "agronegocio|pt|/",
      );
      expect(cache.keyFor(request({ host: "localhost" }))).toBe("|pt|/");
      expect(cache.keyFor(request({ host: "localhost", "accept-language": "en-US" }))).toBe("|pt|/");
      expect(cache.keyFor(request({ host: "localhost" }, "/en/planos"))).toBe("|en|/en/planos");
      expect(cache.keyFor(request({ host: "localhost", cookie: "lang=en" }, "/dashboard"))).toBeNull();
      expect(cache.keyFor(request({ host: "localhost", authorization: "Bearer abc" }))).toBeNull();
      expect(cache.keyFor(request({ host: "localhost" }, "/planos"))).toBe("|pt|/planos");
    }
  });

  it("keeps only complete 200 pages that their route offers, that set no cookie and lost no section", async () => {
    for (const render of [{ cacheable: false }, { status: 404 }, { setCookie: true }, { failed: true }]) {
      nextRender = render;
      await get("/contato");
      const again = await get("/contato");
      expect(again.headers.get("x-page-cache"), JSON.stringify(render)).toBe("miss");
    }
    expect(cache.size).toBe(0);
  });

  it("never keeps a page holding a form challenge or token: every visitor would get one spent once", async () => {
    const challenge = "contato.i.1795544061287.m5hYKWxCZe9w.2WJ1F0uBNbUSr0CNeLvpXr00thX6X_pjqjTOXmyX7T8";
    for (const extra of [
      `<input name="formToken" value="${challenge}">`,
      `<meta content="${challenge.slice("contato.i.".length)}">`,
    ]) {
      nextRender = { extra };
      await get("/contato");
      expect((await get("/contato")).headers.get("x-page-cache"), extra).toBe("miss");
    }
    expect(cache.size).toBe(0);
    // The same page without one is kept.
    nextRender = {};
    await get("/contato");
    expect((await get("/contato")).headers.get("x-page-cache")).toBe("hit");
  });

  it("renders again after the time to live and after clear()", async () => {
    await get("/");
    clock += 59_999;
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    clock += 1;
    expect((await get("/")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    cache.clear();
    expect((await get("/")).headers.get("x-page-cache")).toBe("miss");
    expect(rendered).toBe(3);
  });

  it("keeps the blog list per filter and page, and a form per step, under the query's one spelling", async () => {
    await get("/blog?pagina=2");
    const again = await get("/blog?pagina=2&utm_campaign=x");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(await again.text()).toContain(" /blog?pagina=2 ");
    expect((await get("/blog?q=erp")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/blog?q=%20erp%20&pagina=1")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/blog")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/blog?pagina=1")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/demonstracao?etapa=2")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/demonstracao?etapa=2")).headers.get("x-page-cache")).toBe("hit");
    expect(rendered).toBe(4);
  });

  it("keeps pages with a query apart: a crawl of made-up searches never pushes the plain pages out", async () => {
    await get("/planos");
    for (let i = 0; i < 260; i++) await get(`/blog?q=busca-${i}`);
    expect(cache.size).toBe(1 + 200);
    expect((await get("/planos")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/blog?q=busca-0")).headers.get("x-page-cache")).toBe("miss");
  });

  it("purges only the pages made of a changed document, and renders the others from memory", async () => {
    await get("/planos");
    nextRender = { keys: ["doc:blog-data"] };
    await get("/blog");
    nextRender = {};
    await get("/");
    cache.purge(["doc:blog-data"]);
    expect((await get("/blog")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/planos")).headers.get("x-page-cache")).toBe("hit");
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    cache.purge(["doc:plans-data"]);
    expect((await get("/planos")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/")).headers.get("x-page-cache")).toBe("miss");
    expect(rendered).toBe(6);
  });
});

/** Resolves once `count` requests wait for a render in flight (turns of the event loop, no clock). */
async function parked(count: number) {
  while (cache.waiting < count) await new Promise((resolve) => setImmediate(resolve));
}

describe("PageCache for browsers and CDNs", () => {
  it("sends brotli, made once after the page is kept, to clients that accept it: the same bytes each time", async () => {
    await get("/");
    await cache.compressed();
    const first = await get("/", { "accept-encoding": "gzip, deflate, br, zstd" });
    const second = await get("/", { "accept-encoding": "br" });
    for (const answer of [first, second]) {
      expect(answer.headers.get("content-encoding")).toBe("br");
      expect(Number(answer.headers.get("content-length"))).toBe(answer.raw.length);
      expect(await answer.text()).toContain("render 1");
    }
    expect(first.raw.equals(second.raw)).toBe(true);
    expect(rendered).toBe(1);
  });

  it("sends gzip to a client that does not take brotli, the same bytes each time", async () => {
    await get("/");
    await cache.compressed();
    const [a, b] = [
      await get("/", { "accept-encoding": "gzip" }),
      await get("/", { "accept-encoding": "gzip" }),
    ];
    expect(a.headers.get("content-encoding")).toBe("gzip");
    expect(a.raw.equals(b.raw)).toBe(true);
  });

  it("answers a current copy with 304 and says how long browsers and CDNs may keep the page", async () => {
    await get("/planos");
    const hit = await get("/planos");
    const etag = hit.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(hit.headers.get("cache-control")).toBe(PAGE_CACHE_CONTROL);
    expect(PAGE_CACHE_CONTROL).toMatch(/s-maxage=\d+/);
    expect(PAGE_CACHE_CONTROL).toMatch(/stale-while-revalidate=\d+/);
    // The key reads the Host and the address alone: a shared cache keeps one copy per encoding.
    expect(hit.headers.get("vary")).toBe("Accept-Encoding");

    const notModified = await get("/planos", { "if-none-match": `"other", ${etag.slice(2)}` });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("cache-control")).toBe(PAGE_CACHE_CONTROL);
    expect((await get("/planos", { "if-none-match": '"other"' })).status).toBe(200);
    // The same page for another segment is another entity.
    await get("/planos", { host: "agronegocio.localhost" });
    const segment = await get("/planos", { host: "agronegocio.localhost", "if-none-match": etag });
    expect(segment.status).toBe(200);
    expect(segment.headers.get("etag")).not.toBe(etag);
  });

  it("answers public JSON documents by address for anyone, with the document's own ETag and caching", async () => {
    const path = "/api/json/public/hero-section-data?subdomain=agronegocio&lang=en";
    const miss = await get(path, { cookie: "session=abc" });
    expect(miss.headers.get("x-page-cache")).toBe("miss");
    const hit = await get(path, { "accept-encoding": "gzip" });
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(JSON.parse(await hit.text())).toEqual({ title: "documento 1", url: path });
    expect(hit.headers.get("etag")).toBe('"doc-1"');
    expect(hit.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(hit.headers.get("vary")).toBe("Accept-Encoding");
    expect(hit.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect((await get(path, { "if-none-match": '"doc-1"' })).status).toBe(304);
    // Another query is another answer.
    expect((await get("/api/json/public/hero-section-data")).headers.get("x-page-cache")).toBe("miss");
    expect(rendered).toBe(2);
  });

  it("renders an expired page once: the requests meanwhile get the old one, until the new one is kept", async () => {
    await get("/planos");
    clock += 60_000;
    let release = () => {};
    let refreshing!: Promise<Answer>;
    await new Promise<void>((taken) => {
      nextRender = { hold: new Promise<void>((resolve) => (release = resolve)), taken };
      refreshing = get("/planos");
    });
    // The render in flight holds the key; others are answered from the expired copy.
    const during = await get("/planos");
    expect(during.headers.get("x-page-cache")).toBe("hit");
    expect(await during.text()).toContain("render 1");
    release();
    expect((await refreshing).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/planos")).headers.get("x-page-cache")).toBe("hit");
    expect(rendered).toBe(2);
    // Past the stale window nobody gets the old copy: the others wait for the render in flight.
    clock += 60_000 + 30_000;
    let releaseLate = () => {};
    let late!: Promise<Answer>;
    await new Promise<void>((taken) => {
      nextRender = { hold: new Promise<void>((resolve) => (releaseLate = resolve)), taken };
      late = get("/planos");
    });
    const waiting = [get("/planos"), get("/planos")];
    await parked(2);
    expect(rendered).toBe(2);
    releaseLate();
    expect((await late).headers.get("x-page-cache")).toBe("miss");
    for (const answer of await Promise.all(waiting)) {
      expect(answer.headers.get("x-page-cache")).toBe("hit");
      expect(await answer.text()).toContain("render 3");
    }
    expect(rendered).toBe(3);
  });

  it("makes requests for a page nobody has yet wait for its first render, and renders again if that one fails", async () => {
    let release = () => {};
    let first!: Promise<Answer>;
    await new Promise<void>((taken) => {
      nextRender = { hold: new Promise<void>((resolve) => (release = resolve)), taken, status: 500 };
      first = get("/sobre");
    });
    const others = [get("/sobre"), get("/sobre")];
    await parked(2);
    expect(rendered).toBe(0);
    release();
    expect((await first).status).toBe(500);
    // The failed render kept nothing: one waiter renders, the other is answered from it.
    const statuses = await Promise.all(others);
    expect(statuses.map((a) => a.headers.get("x-page-cache")).sort()).toEqual(["hit", "miss"]);
    expect(rendered).toBe(2);
  });

  it("does not keep a page whose render began before the content changed", async () => {
    nextRender = { clearDuring: true };
    await get("/sobre");
    nextRender = {};
    expect((await get("/sobre")).headers.get("x-page-cache")).toBe("miss");
    expect((await get("/sobre")).headers.get("x-page-cache")).toBe("hit");
  });
});

/** A request whose visitor can leave (destroy) before the answer; resolves when it is closed. */
function leaving(path: string, headers: Record<string, string> = {}) {
  const request = httpRequest(`${base}${path}`, { headers: { "accept-encoding": "gzip", ...headers } });
  request.on("error", () => {});
  request.on("response", (res) => res.resume());
  request.end();
  return {
    leave: () =>
      new Promise<void>((resolve) => {
        request.once("close", () => resolve());
        request.destroy();
      }),
  };
}

/** Turns of the event loop until `condition` holds (no clock). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe("PageCache with a warmer", () => {
  it("answers a page just expired from the old copy and has the warmer render it again, once", async () => {
    const warmed: WarmRequest[][] = [];
    let finish = () => {};
    cache.setWarmer((requests) => {
      warmed.push(requests);
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await get("/planos?utm_source=news", { "accept-language": "en" });
    clock += 60_000;
    for (let i = 0; i < 3; i++) {
      const answer = await get("/planos", { "accept-language": "en" });
      expect(answer.headers.get("x-page-cache")).toBe("hit");
    }
    expect(rendered).toBe(1);
    expect(warmed).toEqual([
      [
        {
          url: "/planos?utm_source=news",
          host: "127.0.0.1" + base.slice(base.lastIndexOf(":")),
        },
      ],
    ]);
    // The warmer's own request renders the page (it is not answered with the copy it replaces).
    const warm = await get("/planos", { "accept-language": "en", "x-page-warmer": "1" });
    expect(warm.headers.get("x-page-cache")).toBe("miss");
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await get("/planos", { "accept-language": "en" })).headers.get("x-page-cache")).toBe("hit");
    expect(rendered).toBe(2);
    // Past the stale window the visitor renders it, as without a warmer.
    clock += 60_000 + 30_000;
    expect((await get("/planos", { "accept-language": "en" })).headers.get("x-page-cache")).toBe("miss");
    expect(warmed).toHaveLength(1);
  });
});

describe("PageCache when visitors leave (decision 090)", () => {
  it("never makes a waiter whose visitor left the renderer: the others and the next visitor are answered", async () => {
    let release = () => {};
    let first!: Promise<Answer>;
    await new Promise<void>((taken) => {
      nextRender = { hold: new Promise<void>((resolve) => (release = resolve)), taken, status: 500 };
      first = get("/sobre");
    });
    // The first in line to render next leaves before the render in flight lands.
    const gone = leaving("/sobre");
    await parked(1);
    const stays = get("/sobre");
    await parked(2);
    await gone.leave();
    await until(() => cache.waiting === 1);
    release();
    expect((await first).status).toBe(500);
    expect((await stays).status).toBe(200);
    expect((await get("/sobre")).headers.get("x-page-cache")).toBe("hit");
    expect(cache.rendering).toBe(0);
    expect(cache.waiting).toBe(0);
  });

  it("gives the key back when the renderer's visitor leaves, even if the render never answers", async () => {
    let renderer!: ReturnType<typeof leaving>;
    await new Promise<void>((taken) => {
      nextRender = { hold: new Promise<void>(() => {}), taken };
      renderer = leaving("/contato");
    });
    expect(cache.rendering).toBe(1);
    await renderer.leave();
    await until(() => cache.rendering === 0);
    const next = await get("/contato");
    expect(next.status).toBe(200);
    expect(next.headers.get("x-page-cache")).toBe("miss");
  });

  it("answers at once after a burst of visitors who leave before, during and after the render", async () => {
    for (const encoding of ["gzip", "br", "identity"]) {
      rendered = 0;
      cache.clear();
      let release = () => {};
      const burst: Array<ReturnType<typeof leaving>> = [];
      await new Promise<void>((taken) => {
        nextRender = { hold: new Promise<void>((resolve) => (release = resolve)), taken };
        burst.push(leaving("/demonstracao", { "accept-encoding": encoding }));
      });
      for (let i = 0; i < 30; i++) burst.push(leaving("/demonstracao", { "accept-encoding": encoding }));
      await parked(30);
      // Half leave while the page renders, the renderer among them; the rest once it landed.
      await Promise.all(burst.slice(0, 15).map((request) => request.leave()));
      release();
      await Promise.all(burst.slice(15).map((request) => request.leave()));
      const next = await get("/demonstracao", { "accept-encoding": encoding });
      expect(next.status).toBe(200);
      expect(cache.rendering).toBe(0);
      expect(cache.waiting).toBe(0);
    }
  });

  it("lets a request wait for another's render only so long, then it renders the page itself", async () => {
    const stuck = new Promise<void>(() => {});
    await new Promise<void>((taken) => {
      nextRender = { hold: stuck, taken };
      void get("/blog").catch(() => {});
    });
    const waiting = get("/blog");
    await parked(1);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(3_000);
    clock += 3_000;
    timers[0]!.run();
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-page-cache")).toBe("miss");
    // A render older than the limit holds nobody back: the next request does not wait at all.
    const next = await get("/blog");
    expect(next.status).toBe(200);
    expect(cache.waiting).toBe(0);
  });

  it("forgets a waiter whose visitor left, and its timer", async () => {
    await new Promise<void>((taken) => {
      nextRender = { hold: new Promise<void>(() => {}), taken };
      void get("/parceiros").catch(() => {});
    });
    const gone = leaving("/parceiros");
    await parked(1);
    await gone.leave();
    await until(() => cache.waiting === 0);
    expect(timers[0]!.cancelled).toBe(true);
  });

  it("renders a page its route does not offer side by side, without waiting for another's render", async () => {
    nextRender = { cacheable: false };
    await get("/teste-gratis");
    // The next render of it is held: another request does not wait for it.
    let release = () => {};
    let held!: Promise<Answer>;
    await new Promise<void>((taken) => {
      nextRender = { hold: new Promise<void>((resolve) => (release = resolve)), taken, cacheable: false };
      held = get("/teste-gratis");
    });
    nextRender = { cacheable: false };
    const beside = await get("/teste-gratis");
    expect(beside.status).toBe(200);
    expect(cache.waiting).toBe(0);
    release();
    expect((await held).status).toBe(200);
    expect(rendered).toBe(3);
    // Content changes forget it: the page may be offered now.
    cache.clear();
    nextRender = {};
    await get("/teste-gratis");
    expect((await get("/teste-gratis")).headers.get("x-page-cache")).toBe("hit");
  });
});

describe("pageAddress", () => {
  it("keeps the path of an address without a query or with campaign tags only", () => {
    const plain = (path: string) => ({ path, query: "" });
    expect(pageAddress("/planos")).toEqual(plain("/planos"));
    expect(pageAddress("/planos?")).toEqual(plain("/planos"));
    expect(pageAddress("/?utm_source=a&utm_medium=b&utm_campaign=c&utm_term=d&utm_content=e")).toEqual(
      plain("/"),
    );
    expect(pageAddress("/blog/x?gclid=1&fbclid=2&msclkid=3&_gl=4&utm_id")).toEqual(plain("/blog/x"));
    expect(pageAddress("/?Utm_Source=a")).toEqual(plain("/"));
    expect(pageAddress("/?utm%5Fsource=a")).toEqual(plain("/"));
  });

  it("keeps the query a page reads, in one spelling: the blog list's filters and a form's plan and step", () => {
    expect(pageAddress("/blog?pagina=2&utm_source=a")).toEqual({ path: "/blog", query: "pagina=2" });
    expect(pageAddress("/blog?tag=ERP&q=%20nota%20fiscal%20&pagina=3")).toEqual({
      path: "/blog",
      query: "q=nota+fiscal&tag=ERP&pagina=3",
    });
    // The first page, empty filters and a page that is no number are the plain list.
    for (const url of ["/blog?pagina=1", "/blog?q=&categoria=&tag=", "/blog?pagina=abc", "/blog?pagina=0"]) {
      expect(pageAddress(url), url).toEqual({ path: "/blog", query: "" });
    }
    expect(pageAddress("/en/blog?categoria=Gest%C3%A3o")).toEqual({
      path: "/en/blog",
      query: "categoria=Gest%C3%A3o",
    });
    expect(pageAddress(`/blog?q=${"a".repeat(300)}`)?.query).toBe(`q=${"a".repeat(100)}`);
    expect(pageAddress("/demonstracao?etapa=2")).toEqual({ path: "/demonstracao", query: "etapa=2" });
    expect(pageAddress("/teste-gratis/pro?anual=true&gclid=x")).toEqual({
      path: "/teste-gratis/pro",
      query: "anual=1",
    });
    expect(pageAddress("/es/parceiros?etapa=1&anual=0")).toEqual({ path: "/es/parceiros", query: "" });
  });

  it("gives null when the query holds anything its page does not read, alone or with tags", () => {
    expect(pageAddress("/?lang=en")).toBeNull();
    expect(pageAddress("/blog?lang=en")).toBeNull();
    expect(pageAddress("/blog?Q=erp")).toBeNull();
    expect(pageAddress("/planos?pagina=2&utm_source=a")).toBeNull();
    expect(pageAddress("/contato?etapa=2")).toBeNull();
    expect(pageAddress("/?utm_source=a&x")).toBeNull();
    expect(pageAddress("/?utm_sourcex=a")).toBeNull();
  });
});
