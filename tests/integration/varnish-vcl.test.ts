/**
 * deploy/varnish/default.vcl in Debian's Varnish 7.1 (with varnish-modules' xkey), in front of a small
 * origin that answers like the site: public pages with `s-maxage`, `stale-while-revalidate`,
 * `stale-if-error`, `Vary: Accept-Encoding`, xkey tags and brotli/gzip/plain bodies; private pages
 * with cookies; a readiness check that can fail. Every answer the origin renders carries a counter, so
 * a hit is told from a render by the body as well as by X-Cache.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startVarnish, type Varnish } from "../support/varnish.ts";

const PAGE_CACHE_CONTROL =
  "public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400";
/** A page that expires at once (s-maxage=1), for grace and background refreshes. */
const SHORT_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=60, stale-if-error=86400";
const CLIENT_COOKIE = "_ga=GA1.1.123; tema=escuro";
const UNAVAILABLE = "O site está temporariamente indisponível. Tente de novo em instantes.";

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders };

/** The origin: records every request but the probe's, counts renders per address. */
function startOrigin() {
  const seen: Seen[] = [];
  const renders = new Map<string, number>();
  const state = { ready: true, failPages: false };
  const render = (url: string) => {
    const count = (renders.get(url) ?? 0) + 1;
    renders.set(url, count);
    return count;
  };

  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    const pathname = url.split("?")[0]!;
    if (pathname === "/readyz") {
      res.writeHead(state.ready ? 200 : 503, { "Content-Type": "text/plain" }).end(state.ready ? "ok" : "no");
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url, headers: req.headers });
      const count = render(url);
      if (req.method === "POST") {
        res.writeHead(201, { "Content-Type": "application/json", "Set-Cookie": "lead=1; Path=/" });
        res.end(JSON.stringify({ count, body: Buffer.concat(chunks).toString() }));
        return;
      }
      if (pathname === "/api/forms/challenge") {
        res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
        res.end(JSON.stringify({ challenge: `c${count}` }));
        return;
      }
      if (state.failPages) {
        res.writeHead(500, { "Content-Type": "text/plain", "Cache-Control": "no-store" }).end("falhou");
        return;
      }
      const headers: http.OutgoingHttpHeaders = {
        "Content-Type": "text/html; charset=utf-8",
        // Cacheable on purpose everywhere, private pages included: what keeps those out of the
        // cache must be the VCL's own rules.
        "Cache-Control": pathname === "/curto" ? SHORT_CACHE_CONTROL : PAGE_CACHE_CONTROL,
        Vary: "Accept-Encoding",
        xkey: pathname === "/planos" ? "doc:plans-data page:main:/planos" : `page:main:${pathname}`,
      };
      if (pathname === "/sem-cache") headers["Cache-Control"] = "no-store";
      // The sign-in page and a public page that (wrongly) sets a cookie.
      if (pathname === "/login" || pathname === "/pagina-com-cookie")
        headers["Set-Cookie"] = "session=nova; Path=/";
      const language = /(^|;\s*)lang=(\w+)/.exec(req.headers.cookie ?? "")?.[2] ?? "pt";
      const html = `<!doctype html><html lang="${language}"><body><h1>${url}</h1><p>render ${count}</p>${"<p>Vértice, a plataforma.</p>".repeat(100)}</body></html>`;
      const accepts = String(req.headers["accept-encoding"] ?? "");
      let body = Buffer.from(html);
      if (/\bbr\b/.test(accepts)) {
        body = zlib.brotliCompressSync(body);
        headers["Content-Encoding"] = "br";
      } else if (/\bgzip\b/.test(accepts)) {
        body = zlib.gzipSync(body);
        headers["Content-Encoding"] = "gzip";
      }
      res.writeHead(200, headers).end(body);
    });
  });
  return { server, seen, renders, state };
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; text: string };

/** One request over its own connection, nothing decoded on the way (node:http, not fetch). */
function send(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  const target = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers["content-encoding"];
          const plain =
            coding === "br" ? zlib.brotliDecompressSync(raw) : coding === "gzip" ? zlib.gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: plain.toString() });
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const renderOf = (answer: Answer) => Number(/render (\d+)/.exec(answer.text)?.[1] ?? Number.NaN);

describe("deploy/varnish/default.vcl in Varnish 7.1", () => {
  const origin = startOrigin();
  let varnish: Varnish;
  let base: string;
  const get = (path: string, options?: Parameters<typeof send>[2]) => send(base, path, options);
  const seenAt = (url: string) => origin.seen.filter((request) => request.url === url);

  beforeAll(async () => {
    await new Promise<void>((resolve) => origin.server.listen(0, "127.0.0.1", resolve));
    const { port } = origin.server.address() as AddressInfo;
    varnish = await startVarnish({ backends: [{ host: "127.0.0.1", port }] });
    base = varnish.url;
  });
  afterAll(async () => {
    await varnish?.stop();
    origin.server.closeAllConnections();
    await new Promise((resolve) => origin.server.close(resolve));
  });

  it("keeps a public page: one render, then hits; the visitor's cookies never reach the origin", async () => {
    const first = await get("/", { headers: { Cookie: CLIENT_COOKIE } });
    const second = await get("/", { headers: { Cookie: CLIENT_COOKIE } });
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(renderOf(first)).toBe(1);
    expect(renderOf(second)).toBe(1);
    expect(origin.renders.get("/")).toBe(1);
    expect(seenAt("/").map((request) => request.headers.cookie)).toEqual([undefined]);
    // The surrogate keys stay with the cache (purged by them, test below), not sent to the browser;
    // Age is Varnish's own.
    expect(second.headers.xkey).toBeUndefined();
    expect(second.headers["surrogate-key"]).toBeUndefined();
    expect(second.headers["x-varnish"]).toBeUndefined();
    expect(second.headers.age).toBeDefined();
  });

  it("keeps every kind of public address, the public JSON documents included", async () => {
    for (const path of [
      "/en/planos",
      "/blog/rss.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/assets/app-1234.js",
      "/uploads/foto.webp",
      "/api/json/public/plans-data",
      "/blog?pagina=2",
    ]) {
      const first = await get(path, { headers: { Cookie: CLIENT_COOKIE } });
      const second = await get(path, { headers: { Cookie: CLIENT_COOKIE } });
      expect([path, first.headers["x-cache"], second.headers["x-cache"]]).toEqual([path, "MISS", "HIT"]);
      expect([path, seenAt(path).length, seenAt(path)[0]?.headers.cookie]).toEqual([path, 1, undefined]);
    }
  });

  it("sends no cookie for a public page, not even the language choice: one copy for everyone", async () => {
    const english = await get("/idioma", { headers: { Cookie: `${CLIENT_COOKIE}; lang=en` } });
    const portuguese = await get("/idioma", { headers: { Cookie: CLIENT_COOKIE } });
    expect(english.headers["x-cache"]).toBe("MISS");
    expect(portuguese.headers["x-cache"]).toBe("HIT");
    expect(portuguese.text).toBe(english.text);
    expect(seenAt("/idioma").map((request) => request.headers.cookie)).toEqual([undefined]);
  });

  it("drops campaign tags for the lookup and keeps the other query parameters", async () => {
    const plain = await get("/planos");
    const tagged = await get("/planos?utm_source=x&gclid=y");
    const more = await get("/planos?fbclid=1&utm_medium=email&utm_campaign=maio&_gl=1*abc&msclkid=2");
    expect(plain.headers["x-cache"]).toBe("MISS");
    expect(tagged.headers["x-cache"]).toBe("HIT");
    expect(more.headers["x-cache"]).toBe("HIT");
    expect(renderOf(tagged)).toBe(renderOf(plain));

    const mixed = await get("/blog?utm_source=x&categoria=vendas&gclid=y&pagina=3&ttclid=z");
    expect(mixed.headers["x-cache"]).toBe("MISS");
    expect(seenAt("/blog?categoria=vendas&pagina=3")).toHaveLength(1);
    expect(
      origin.seen.filter((request) => /utm_|gclid|fbclid|msclkid|ttclid|_gl=/.test(request.url)),
    ).toEqual([]);
  });

  it("passes private pages, forms and the API untouched: every request, cookie and Set-Cookie", async () => {
    const cookie = "session=abc; _ga=1";
    for (const path of [
      "/login",
      "/pt/login",
      "/en/forgot-password",
      "/reset-password?token=t",
      "/convite/abc",
      "/user/plano",
      "/dashboard",
      "/conta/dois-fatores",
      "/admin/leads",
      "/system/status",
      "/meus-dados",
      "/meus-dados/confirmar?t=1",
      "/newsletter/cancelar?t=1",
      "/agendar?leadId=x&accessToken=y",
      "/en/agenda/abc?t=1",
      "/api/forms/challenge",
      "/api/leads",
      "/data/mapa.json",
      "/login.data",
    ]) {
      // Without a session cookie too: the path alone decides.
      for (const headers of [{ Cookie: cookie }, { Cookie: "_ga=1" }]) {
        const before = seenAt(path).length;
        const answer = await get(path, { headers });
        expect([path, answer.headers["x-cache"]]).toEqual([path, "MISS"]);
        expect([path, seenAt(path).length]).toEqual([path, before + 1]);
        expect([path, seenAt(path).at(-1)?.headers.cookie]).toEqual([path, headers.Cookie]);
      }
    }
    const login = await get("/login");
    expect(login.headers["set-cookie"]).toEqual(["session=nova; Path=/"]);
    const challenge = await get("/api/forms/challenge");
    expect(challenge.headers["cache-control"]).toBe("no-store");

    for (let i = 0; i < 2; i++) {
      const posted = await get("/contato", {
        method: "POST",
        headers: { Cookie: "_ga=1; ref=x", "Content-Type": "application/x-www-form-urlencoded" },
        body: "nome=Ana",
      });
      expect(posted.status).toBe(201);
      expect(posted.headers["set-cookie"]).toEqual(["lead=1; Path=/"]);
      expect(JSON.parse(posted.text).body).toBe("nome=Ana");
    }
    const posts = origin.seen.filter((request) => request.method === "POST" && request.url === "/contato");
    expect(posts.map((request) => request.headers.cookie)).toEqual(["_ga=1; ref=x", "_ga=1; ref=x"]);
  });

  it("passes a signed-in customer's, a preview's and an admin's requests, even for public pages", async () => {
    await get("/");
    const rendersBefore = origin.renders.get("/") ?? 0;
    const passed: Array<[string, Record<string, string>]> = [
      ["/", { Cookie: "session=abc" }],
      ["/", { Cookie: "_ga=1; session=abc" }],
      ["/", { Cookie: "preview=tok" }],
      ["/?preview=tok", {}],
      ["/", { Authorization: "Bearer chave" }],
      ["/", { Host: "admin.vertice.local" }],
    ];
    for (const [path, headers] of passed) {
      const answer = await get(path, { headers });
      expect([path, headers, answer.headers["x-cache"]]).toEqual([path, headers, "MISS"]);
      const last = origin.seen.at(-1)!;
      expect(last.url).toBe(path);
      if (headers.Cookie) expect(last.headers.cookie).toBe(headers.Cookie);
      if (headers.Authorization) expect(last.headers.authorization).toBe(headers.Authorization);
    }
    expect(origin.renders.get("/")).toBe(rendersBefore + 5);
    // The shared copy is untouched by all that.
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
  });

  it("never keeps a public answer's Set-Cookie, nor an answer marked no-store", async () => {
    const first = await get("/pagina-com-cookie");
    const second = await get("/pagina-com-cookie");
    expect(first.headers["set-cookie"]).toBeUndefined();
    expect(second.headers["set-cookie"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBe("HIT");

    await get("/sem-cache");
    const again = await get("/sem-cache");
    expect(again.headers["x-cache"]).toBe("MISS");
    expect(seenAt("/sem-cache")).toHaveLength(2);
  });

  it("purges by xkey from the purgers only: the tagged pages are rendered again, the others kept", async () => {
    const plans = await get("/planos");
    await get("/");
    expect((await get("/planos")).headers["x-cache"]).toBe("HIT");
    expect((await get("/")).headers["x-cache"]).toBe("HIT");

    const refused = await get("/", {
      method: "PURGE",
      headers: { xkey: "doc:plans-data" },
      localAddress: "127.0.0.2",
    });
    expect(refused.status).toBe(405);
    expect((await get("/planos")).headers["x-cache"]).toBe("HIT");
    const keyless = await varnish.purge([]);
    expect(keyless.status).toBe(400);
    expect((await get("/", { method: "PURGE" })).status).toBe(400);

    const purged = await varnish.purge(["doc:plans-data"]);
    expect(purged.status).toBe(200);
    expect(await purged.text()).toMatch(/^Purged [1-9]\d* objects\n$/);
    const after = await get("/planos");
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(renderOf(after)).toBe(renderOf(plans) + 1);
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
    // Several keys in one header.
    const both = await varnish.purge(["page:main:/", "page:main:/sitemap.xml"]);
    expect(await both.text()).toMatch(/^Purged [1-9]\d* objects\n$/);
    expect((await get("/")).headers["x-cache"]).toBe("MISS");
  });

  it("gives each client its coding from the cache: brotli, gzip or plain, with the right body", async () => {
    const path = "/codificacoes";
    const clients: Array<{ coding: string | undefined; headers: Record<string, string> }> = [
      { coding: undefined, headers: {} },
      { coding: "gzip", headers: { "Accept-Encoding": "gzip, deflate" } },
      { coding: "br", headers: { "Accept-Encoding": "gzip, deflate, br" } },
      { coding: "br", headers: { "Accept-Encoding": "br" } },
      { coding: "gzip", headers: { "Accept-Encoding": "br;q=0, gzip" } },
      { coding: undefined, headers: { "Accept-Encoding": "identity" } },
    ];
    for (const round of [1, 2]) {
      for (const { coding, headers } of clients) {
        const answer = await get(path, { headers });
        expect([headers, answer.headers["content-encoding"]]).toEqual([headers, coding]);
        expect(answer.text).toContain(`<h1>${path}</h1>`);
        expect(answer.text).toContain("Vértice, a plataforma.");
        if (round === 2) expect([headers, answer.headers["x-cache"]]).toEqual([headers, "HIT"]);
      }
    }
    // Two objects: brotli, and gzip (unzipped by Varnish for the plain clients).
    expect(seenAt(path).map((request) => request.headers["accept-encoding"])).toEqual(["gzip", "br, gzip"]);
    expect(origin.renders.get(path)).toBe(2);
  });

  it("keeps a page when its refresh fails with a 5xx, then refreshes it once the origin recovers", async () => {
    const first = await get("/curto");
    expect(renderOf(first)).toBe(1);
    origin.state.failPages = true;
    // Once past its second of life, the copy is served stale while a refresh is tried behind it.
    await expect
      .poll(async () => {
        const answer = await get("/curto");
        expect([answer.status, renderOf(answer)]).toEqual([200, 1]);
        return seenAt("/curto").length;
      })
      .toBeGreaterThan(1);
    const kept = await get("/curto");
    expect([kept.status, kept.headers["x-cache"], renderOf(kept)]).toEqual([200, "HIT", 1]);
    // A page with no copy at all: the origin's 500 becomes the short 503 page, after one fetch (the
    // second look for a stale copy fetches nothing).
    const uncached = await get("/nunca-guardado");
    expect([uncached.status, uncached.headers["cache-control"]]).toEqual([503, "no-store"]);
    expect(uncached.text).toContain(UNAVAILABLE);
    expect(seenAt("/nunca-guardado")).toHaveLength(1);

    origin.state.failPages = false;
    await expect.poll(async () => renderOf(await get("/curto"))).toBeGreaterThan(1);
  });

  it("with the origin down: kept pages are still served (stale ones too), others get the Portuguese 503", async () => {
    const home = await get("/");
    expect((await get("/")).headers["x-cache"]).toBe("HIT");

    origin.state.ready = false;
    origin.server.closeAllConnections();
    await new Promise((resolve) => origin.server.close(resolve));
    await expect.poll(() => varnish.admin("backend.list"), { timeout: 10_000 }).toMatch(/\bsick\b/);

    const fresh = await get("/");
    expect([fresh.status, fresh.headers["x-cache"], renderOf(fresh)]).toEqual([200, "HIT", renderOf(home)]);
    // Past its s-maxage (1 s), within the grace of its stale-if-error.
    await expect.poll(async () => Number((await get("/curto")).headers.age)).toBeGreaterThanOrEqual(2);
    const stale = await get("/curto");
    expect([stale.status, stale.headers["x-cache"]]).toEqual([200, "HIT"]);
    expect(renderOf(stale)).toBeGreaterThan(1);

    for (const [path, method] of [
      ["/nunca-visto", "GET"],
      ["/login", "GET"],
      ["/contato", "POST"],
    ] as const) {
      const down = await get(path, { method });
      expect([path, down.status]).toEqual([path, 503]);
      expect(down.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(down.headers["cache-control"]).toBe("no-store");
      expect(down.text).toContain(UNAVAILABLE);
    }
  });
});
