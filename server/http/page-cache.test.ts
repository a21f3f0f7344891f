import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DomainConfig } from "~/lib/locale.ts";
import { acceptsGzip, PageCache } from "./page-cache.ts";

const domains: DomainConfig = {
  domain: {},
  ignoredSubdomains: ["www"],
  adminSubdomain: "admin",
  subdomains: { agronegocio: { name: "Agronegócio" } },
};

/**
 * A stand-in for the application behind the cache, at the same seam as the real one: it renders a
 * page with the form token in two places and fills the request's slot as app/entry.server.tsx does.
 */
interface Rendered {
  status?: number;
  cacheable?: boolean;
  setCookie?: boolean;
  /** A section of the page failed to load. */
  failed?: boolean;
}

let clock = 1_000_000;
let rendered = 0;
let nextRender: Rendered = {};
let cache: PageCache;
let server: Server;
let base: string;

function app(req: IncomingMessage, res: ServerResponse) {
  rendered++;
  const token = `token-rendered-${rendered}`;
  const html = `<html><head><meta name="form-token" content="${token}"></head><body>${req.url} ${req.headers["accept-language"] ?? ""} <input value="${token}"></body></html>`;
  const slot = cache.slotFor(req);
  if (slot && (nextRender.cacheable ?? true)) {
    slot.html = html;
    slot.token = token;
    slot.failed = nextRender.failed ?? false;
  }
  res.statusCode = nextRender.status ?? 200;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("content-security-policy", "script-src 'self' 'sha256-abc'");
  if (nextRender.setCookie) res.setHeader("set-cookie", "lang=en; Path=/");
  res.end(html);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!cache.handle(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  clock = 1_000_000;
  rendered = 0;
  nextRender = {};
  cache = new PageCache({
    domains,
    isProduction: true,
    issueToken: (now) => `fresh-${now}`,
    now: () => clock,
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
          const gzip = res.headers["content-encoding"] === "gzip";
          resolve({
            status: res.statusCode ?? 0,
            headers: {
              get: (name) => {
                const value = res.headers[name.toLowerCase()];
                return value === undefined ? null : String(value);
              },
            },
            raw,
            text: async () => (gzip ? gunzipSync(raw) : raw).toString("utf8"),
          });
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("PageCache", () => {
  it("renders a page once and answers the next visits itself, each with a token issued at that moment", async () => {
    const first = await get("/planos");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(await first.text()).toContain('content="token-rendered-1"');

    clock += 5_000;
    const second = await get("/planos");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const html = await second.text();
    // Every place the renderer put its token now holds a fresh one, issued at the time of this answer.
    expect(html).toContain(`<meta name="form-token" content="fresh-${clock}">`);
    expect(html).toContain(`<input value="fresh-${clock}">`);
    expect(html).not.toContain("token-rendered");
    expect(second.headers.get("content-security-policy")).toBe("script-src 'self' 'sha256-abc'");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(Number(second.headers.get("content-length"))).toBe(Buffer.byteLength(html));
    expect(rendered).toBe(1);
  });

  it("sends gzip to clients that accept it and plain HTML to the others, and no body to HEAD", async () => {
    await get("/");
    const gzip = await get("/", { "accept-encoding": "gzip, br" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toContain("Accept-Encoding");
    expect(Number(gzip.headers.get("content-length"))).toBe(gzip.raw.length);
    // gunzip checks the trailer's CRC and length: the spliced body is a valid gzip stream.
    expect(gunzipSync(gzip.raw).toString()).toContain(`<input value="fresh-${clock}">`);

    const plain = await get("/", { "accept-encoding": "gzip;q=0" });
    expect(plain.headers.get("content-encoding")).toBeNull();

    const head = await get("/", {}, "HEAD");
    expect(head.headers.get("x-page-cache")).toBe("hit");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");
    expect(rendered).toBe(1);
  });

  it("keeps one page per segment, language and path", async () => {
    await get("/");
    await get("/", { host: "agronegocio.localhost" });
    await get("/", { "accept-language": "en-US" });
    await get("/", { cookie: "lang=en" });
    await get("/en");
    expect(rendered).toBe(5 - 1); // the English cookie and Accept-Language resolve to the same page
    const english = await get("/", { cookie: "lang=en" });
    expect(english.headers.get("x-page-cache")).toBe("hit");
    expect(await english.text()).toContain("en-US");
  });

  it("never answers signed-in visitors, queries, posts, the API, files or the admin host from the cache", async () => {
    const bypass: Array<[string, Record<string, string>, string?]> = [
      ["/", { cookie: "lang=pt; session=abc" }],
      ["/", { authorization: "Bearer abc" }],
      ["/", { authorization: "abc" }],
      ["/?utm_source=news", {}],
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

  it("keeps only complete 200 pages that their route offers, that set no cookie and lost no section", async () => {
    for (const render of [{ cacheable: false }, { status: 404 }, { setCookie: true }, { failed: true }]) {
      nextRender = render;
      await get("/contato");
      const again = await get("/contato");
      expect(again.headers.get("x-page-cache"), JSON.stringify(render)).toBe("miss");
    }
    expect(cache.size).toBe(0);
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

  it("gives every answer its own token, even within one millisecond (a token is spent once)", async () => {
    let issued = 0;
    cache = new PageCache({
      domains,
      isProduction: true,
      issueToken: (now) => `fresh-${now}-${++issued}`,
      now: () => clock,
    });
    await get("/");
    const a = await (await get("/")).text();
    const b = await (await get("/")).text();
    expect(a).toContain(`fresh-${clock}-1`);
    expect(b).toContain(`fresh-${clock}-2`);
    expect(issued).toBe(2);
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding with its weights", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(["deflate", "gzip"])).toBe(true);
  });
});
