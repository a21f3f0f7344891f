import { get as httpGet } from "node:http";
import { gzipSync } from "node:zlib";
import { RedisStore } from "@server/cache/remote-store.ts";
import { islandManifest } from "@server/http/islands.ts";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { islandFiles } from "~/islands/manifest.ts";
import { createPostgresDatabase, dropCreatedDatabases } from "../support/databases.ts";
import {
  freshDataDir,
  loginToken,
  runCli,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process.ts";

/** The server as `npm start` runs it: embedded database, and PostgreSQL + Redis when CI provides them. */
const redisPrefix = `test-${process.pid}-${Date.now()}:`;
const setups: { name: string; env: () => Promise<Record<string, string>> }[] = [
  { name: "embedded database, local cache", env: async () => ({}) },
];
if (process.env.TEST_DATABASE_URL) {
  setups.push({
    name: "PostgreSQL and Redis",
    env: async () => ({
      DATABASE_URL: await createPostgresDatabase(process.env.TEST_DATABASE_URL!),
      ...(process.env.TEST_REDIS_URL
        ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: redisPrefix }
        : {}),
    }),
  });
}

afterAll(async () => {
  await dropCreatedDatabases();
  if (process.env.TEST_REDIS_URL) {
    const redis = new RedisStore(process.env.TEST_REDIS_URL, pino({ level: "silent" }), redisPrefix);
    await redis.deleteMatching("*");
    await redis.close();
  }
});

describe.each(setups)("HTTP API with $name", (setup) => {
  let server: ServerProcess;
  let withRedis = false;
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });

  let adminToken: string;
  let customerToken: string;

  beforeAll(async () => {
    const env: Record<string, string> = { DATA_DIR: await freshDataDir(), ...(await setup.env()) };
    withRedis = Boolean(env.REDIS_URL);
    for (const [email, role] of [
      ["admin@example.com", "admin"],
      ["cliente@example.com", "customer"],
    ] as const) {
      const created = await runCli(
        [
          "user-create",
          "--email",
          email,
          "--password",
          "senha-de-teste",
          "--role",
          role,
          ...(role === "customer"
            ? ["--company", "11.222.333/0001-81", "--company-name", "Cliente Ltda"]
            : []),
        ],
        env,
      );
      expect(created.code, created.output).toBe(0);
    }
    server = await startServerProcess(env);
    adminToken = await loginToken(server.url, "admin@example.com", "senha-de-teste");
    customerToken = await loginToken(server.url, "cliente@example.com", "senha-de-teste");
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it("GET /healthz says the process answers; GET /readyz that its database, migrations and Redis do (decision 118)", async () => {
    const alive = await get("/healthz");
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toMatchObject({
      status: "ready",
      checks: {
        database: "ok",
        migrations: "ok",
      },
    });
    expect((await (await get("/readyz")).json()).checks.redis).toBe(withRedis ? "ok" : undefined);
  });

  describe("GET /api/json/public/{docname}", () => {
    it("answers the default document with an ETag and Cache-Control", async () => {
      const res = await get("/api/json/public/menu_data");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("etag")).toMatch(/^"\d+-\d+"$/);
      expect(res.headers.get("cache-control")).toContain("max-age=");
      const body = await res.json();
      expect(body.main_menu[0].title).toBe("Soluções");
    });

    it("answers 304 when the visitor's copy is current", async () => {
      const first = await get("/api/json/public/footer-data");
      const etag = first.headers.get("etag")!;
      const second = await get("/api/json/public/footer-data", { headers: { "If-None-Match": etag } });
      expect(second.status).toBe(304);
      expect(await second.text()).toBe("");
    });

    it("follows the lookup order for language and segment", async () => {
      const english = await (await get("/api/json/public/menu_data?lang=en")).json();
      expect(english.main_menu[0].title).toBe("Solutions");
      // No segment folder for agronegocio's menu: the language folder answers, then the default.
      const agroEnglish = await (
        await get("/api/json/public/menu_data?subdomain=agronegocio&lang=en")
      ).json();
      expect(agroEnglish.main_menu[0].title).toBe("Solutions");
      const spanish = await (await get("/api/json/public/menu_data?lang=es")).json();
      expect(spanish.main_menu[0].title).toBe("Soluções");
    });

    it("answers 404 JSON in Portuguese when no level has the document", async () => {
      const res = await get("/api/json/public/inexistente");
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Documento "inexistente" não encontrado.' });
      // A name no document type has is not even looked up, so random names cannot fill the cache.
      expect((await get("/api/cache/default:inexistente:pt")).status).toBe(404);
    });

    it("serves each level of the store as a data file (A §4, §7): no fallback, no-cache, 404 JSON", async () => {
      const base = await get("/data/footer-data.json");
      expect(base.status).toBe(200);
      expect(base.headers.get("cache-control")).toBe("no-cache");
      expect((await base.json()).copyright.text).toContain("Todos os direitos reservados");
      expect((await (await get("/data/en/footer-data.json")).json()).copyright.text).toContain(
        "All rights reserved",
      );
      const agro = await get("/data/agronegocio/hero-section-data.json");
      expect(agro.status).toBe(200);
      expect(JSON.stringify(await agro.json())).not.toBe(
        JSON.stringify(await (await get("/data/hero-section-data.json")).json()),
      );
      // A level that holds no copy of the document is a missing file, not the next level's copy.
      const missing = await get("/data/agronegocio/en/footer-data.json");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'Documento "footer-data" não encontrado.' });
      for (const path of [
        "/data/a/b/c/footer-data.json",
        "/data/klingon/footer-data.json",
        "/data/en/nada.json",
      ]) {
        expect((await get(path)).status, path).toBe(404);
      }
      const etag = base.headers.get("etag")!;
      expect((await get("/data/footer-data.json", { headers: { "If-None-Match": etag } })).status).toBe(304);
    });

    it("refuses bad names, segments and languages with 400", async () => {
      for (const path of [
        "/api/json/public/..%2Fsecret",
        "/api/json/public/menu_data?subdomain=desconhecido",
        "/api/json/public/menu_data?lang=xx",
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        const body = await res.json();
        expect(body.message, path).toMatch(/inválid/);
      }
    });
  });

  describe("cache API", () => {
    it("GET /api/cache/{key} shows what the site cached, 404 on a miss", async () => {
      await get("/api/json/public/footer-data?lang=en");
      const hit = await get("/api/cache/default:footer-data:en");
      expect(hit.status).toBe(200);
      const entry = await hit.json();
      expect(entry.key).toBe("default:footer-data:en");
      expect(entry.data.copyright.text).toContain("All rights reserved");
      expect(entry.ttl).toBeGreaterThan(0);
      const miss = await get("/api/cache/default:nada:pt");
      expect(miss.status).toBe(404);
      expect(await miss.json()).toEqual({ message: "Chave não encontrada no cache." });
    });

    it("refuses malformed keys", async () => {
      const res = await get("/api/cache/semformato");
      expect(res.status).toBe(400);
    });

    it("POST and DELETE need an admin: 401 anonymous, 403 for a customer, done for an admin", async () => {
      const body = JSON.stringify({ key: "default:x:pt", data: { a: 1 }, ttl: 60 });
      const json = { "Content-Type": "application/json" };
      const anonymous = await get("/api/cache", { method: "POST", headers: json, body });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ message: "Autenticação necessária." });
      const customer = await get("/api/cache", {
        method: "POST",
        headers: { ...json, Authorization: customerToken },
        body,
      });
      expect(customer.status).toBe(403);
      expect(await customer.json()).toEqual({ message: "Acesso restrito a administradores." });
      const admin = await get("/api/cache", {
        method: "POST",
        headers: { ...json, Authorization: `Bearer ${adminToken}` },
        body,
      });
      expect(admin.status).toBe(201);
      expect((await (await get("/api/cache/default:x:pt")).json()).data).toEqual({ a: 1 });
      expect((await get("/api/cache/default:x:pt", { method: "DELETE" })).status).toBe(401);
      const adminDelete = await get("/api/cache/default:x:pt", {
        method: "DELETE",
        headers: { Cookie: `session=${adminToken}` },
      });
      expect(adminDelete.status).toBe(204);
      expect((await get("/api/cache/default:x:pt")).status).toBe(404);
    });

    it("an admin's entry for a document is served as that document, and must be a valid one", async () => {
      const admin = { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}` };
      const post = (data: unknown) =>
        get("/api/cache", {
          method: "POST",
          headers: admin,
          body: JSON.stringify({ key: "default:footer-data:en", data, ttl: 60 }),
        });
      const broken = await post({ copyright: 1 });
      expect(broken.status).toBe(400);
      expect((await broken.json()).message).toMatch(/^Parâmetros inválidos\. data\./);
      const footer = await (await get("/api/json/public/footer-data?lang=en")).json();
      footer.copyright.text = "Test notice";
      expect((await post(footer)).status).toBe(201);
      const served = await (await get("/api/json/public/footer-data?lang=en")).json();
      expect(served.copyright.text).toBe("Test notice");
      await get("/api/cache/default:footer-data:en", { method: "DELETE", headers: admin });
      const restored = await (await get("/api/json/public/footer-data?lang=en")).json();
      expect(restored.copyright.text).toContain("All rights reserved");
    });
  });

  describe("edges", () => {
    it("refuses bodies over 64 KB with 413 JSON before reading them", async () => {
      const res = await get("/api/cache", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ key: "default:x:pt", data: "x".repeat(70 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: "O corpo da requisição é grande demais." });
    });

    it("refuses a page post that does not declare its length (411), before reading it", async () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("email=a%40example.com"));
          controller.close();
        },
      });
      const res = await get("/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(res.status).toBe(411);
      expect(await res.text()).toContain("Informe o tamanho do corpo da requisição");
    });

    it("lead intake, answered before React Router: its path as the rate limit reads it, and its refusals", async () => {
      const contactForm = {
        form: "contato",
        answers: { nome: "Rita Souza", email: "rita@example.com", mensagem: "Quero conhecer o ERP." },
        requestKey: crypto.randomUUID(),
      };
      // A trailing or doubled slash: the same endpoint the forms rate limit counts.
      const stored = await get("/api//leads/", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(contactForm),
      });
      expect(stored.status).toBe(201);
      expect(stored.headers.get("cache-control")).toBe("no-store");
      expect((await stored.json()).protocol).toMatch(/\S/);

      const read = await get("/api/leads");
      expect(read.status).toBe(405);
      expect(read.headers.get("allow")).toBe("POST");
      expect(await read.json()).toEqual({ message: "Método não permitido." });

      // No Content-Length (chunked): counted while read, refused past 64 KB.
      const chunk = new TextEncoder().encode(`{"form":"contato","x":"${"a".repeat(16 * 1024)}`);
      let sent = 0;
      const overLimit = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 5) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const chunked = await get("/api/leads", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: overLimit,
        duplex: "half",
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(await chunked.json()).toEqual({ message: "O corpo da requisição é grande demais." });

      const compressed = await get("/api/leads", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" },
        body: new Uint8Array(gzipSync(JSON.stringify(contactForm))),
      });
      expect(compressed.status).toBe(415);
      expect(await compressed.json()).toEqual({ message: "Envie o corpo como application/json." });

      const empty = await get("/api/leads", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
      });
      expect(empty.status).toBe(400);
      expect(await empty.json()).toEqual({ message: "O corpo da requisição não é um JSON válido." });
    });

    it("answers unknown /api paths with 404 JSON", async () => {
      for (const method of ["GET", "POST"]) {
        const res = await get("/api/nao/existe", { method });
        expect(res.status).toBe(404);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(await res.json()).toEqual({ message: "Recurso não encontrado." });
      }
    });

    it("redirects unknown pages home, keeping a language prefix", async () => {
      const plain = await get("/pagina/que/nao/existe");
      expect(plain.status).toBe(302);
      expect(plain.headers.get("location")).toBe("/");
      const english = await get("/en/pagina-inexistente");
      expect(english.headers.get("location")).toBe("/en");
      // The admin subdomain's front page is the admin area.
      const withHost = (host: string) =>
        new Promise<{ status?: number; location?: string }>((resolve, reject) => {
          const url = new URL(server.url);
          httpGet({ host: url.hostname, port: url.port, path: "/", headers: { Host: host } }, (res) => {
            res.resume();
            resolve({ status: res.statusCode, location: res.headers.location });
          }).on("error", reject);
        });
      expect(await withHost("admin.localhost")).toEqual({ status: 302, location: "/admin" });
      // A Host that is no valid address is a client error, not a crash.
      expect((await withHost("admin.127.0.0.1")).status).toBe(400);
      // The customer area lives at the root only: its prefixed address leads there.
      expect((await get("/en/dashboard")).headers.get("location")).toBe("/dashboard");
      expect((await get("/es/user/afiliados?x=1")).headers.get("location")).toBe("/user/afiliados?x=1");
    });

    it("serves hashed assets as immutable and pages compressed with security headers", async () => {
      const res = await get("/", { headers: { "Accept-Encoding": "gzip" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      // An island page (decision 108) runs one inline script, the language redirect at the top of an
      // unprefixed page (decision 122), allowed by its hash; a prefixed one runs none.
      expect(res.headers.get("content-security-policy")).toMatch(
        /script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/,
      );
      const english = await get("/en", { headers: { "Accept-Encoding": "gzip" } });
      expect(english.headers.get("content-security-policy")).toContain("script-src 'self';");
      // A page React Router hydrates allows exactly its inline scripts, by hash.
      const login = (await get("/login")).headers.get("content-security-policy")!;
      expect(login).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(login.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline");
      const html = await res.text();
      const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
      const assetRes = await get(asset);
      expect(assetRes.status).toBe(200);
      expect(assetRes.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    });

    it("never shows a stack trace", async () => {
      const res = await get("/api/json/public/%E0%A4%A");
      const text = await res.text();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
    });
  });

  describe("pages", () => {
    it("renders the shell with menu and footer content in the HTML, in the visitor's language", async () => {
      const pt = await (await get("/", { headers: { "Accept-Language": "pt-BR" } })).text();
      expect(pt).toContain('<html lang="pt-BR"');
      expect(pt).toContain("Soluções");
      expect(pt).toContain("Todos os direitos reservados");
      expect(pt).toContain(`© <!-- -->${new Date().getFullYear()}`);
      // The metrics carry their real values in the HTML; the browser counts them up (A §4).
      expect(pt).toContain('<span class="metric__value">30<!-- -->%</span>');
      expect(pt).toContain('<span class="metric__value">15<!-- --> dias</span>');
      // The address decides the language (decision 122): an English browser gets the Portuguese page
      // at /, whose first script takes it to /en in the browser.
      const en = await (await get("/", { headers: { "Accept-Language": "en-US,en;q=0.9" } })).text();
      expect(en).toBe(pt);
      const prefixed = await (await get("/en", { headers: { "Accept-Language": "pt-BR" } })).text();
      expect(prefixed).toContain('<html lang="en"');
      // Site links keep the /en prefix, so the next click stays in English; the customer area does not.
      expect(prefixed).toContain('href="/en/planos"');
      expect(prefixed).toContain('href="/en/teste-gratis"');
      expect(prefixed).toContain('href="/en/login"');
      expect(prefixed).not.toContain('href="/planos"');
      expect(prefixed).toContain("All rights reserved");
      const cookie = await (
        await get("/", { headers: { Cookie: "lang=en", "Accept-Language": "pt-BR" } })
      ).text();
      expect(cookie).toBe(pt);
    });

    it("answers anonymous visits from the page cache, the same bytes for everyone, with the page's CSP", async () => {
      const headers = { "Accept-Language": "pt-BR" };
      const first = await get("/en/planos", { headers });
      expect(first.headers.get("x-page-cache")).toBe("miss");
      const firstHtml = await first.text();
      const second = await get("/en/planos", { headers });
      expect(second.headers.get("x-page-cache")).toBe("hit");
      expect(second.headers.get("content-encoding")).toBe("gzip");
      const secondHtml = await second.text();
      // Same page, same script hashes, same bytes (decision 122).
      expect(second.headers.get("content-security-policy")).toBe(
        first.headers.get("content-security-policy"),
      );
      expect(second.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(secondHtml).toBe(firstHtml);
      expect(secondHtml).not.toContain("form-token");

      // Signed-in visitors and addresses with a query are always rendered, campaign tags aside.
      const signedIn = await get("/en/planos", {
        headers: { ...headers, Cookie: `session=${customerToken}` },
      });
      expect(signedIn.headers.get("x-page-cache")).toBeNull();
      expect((await get("/en/planos?anual=1", { headers })).headers.get("x-page-cache")).toBeNull();
      const tagged = await get("/en/planos?utm_source=x&utm_campaign=y&gclid=z", { headers });
      expect(tagged.headers.get("x-page-cache")).toBe("hit");
      expect(await tagged.text()).toBe(firstHtml);

      // A content cache write (an admin's edit or purge) drops the cached pages.
      const purge = await get("/api/cache/default:plans-data:en", {
        method: "DELETE",
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(purge.status).toBe(204);
      // Rendered from a tagged link, the page is the one everyone gets: tags do not change it.
      expect((await get("/en/planos?utm_source=x", { headers })).headers.get("x-page-cache")).toBe("miss");
      const afterTagged = await get("/en/planos", { headers });
      expect(afterTagged.headers.get("x-page-cache")).toBe("hit");
      expect(await afterTagged.text()).toBe(firstHtml);
    });

    it("renders the public pages as islands: no router in the browser, each interactive part hydrated on its own", async () => {
      const headers = { "Accept-Language": "pt-BR" };
      // A query the page cache does not know: rendered for this request (app/islands/page-handler.ts).
      const home = await get("/?render=1", { headers });
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
      // No hydration data and no router: every script without a source is a data block, but the
      // language redirect at the top of an unprefixed page (decision 122).
      expect(html).not.toContain("__reactRouterContext");
      for (const [, attributes, body] of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([^<]{0,40})/g)) {
        if (attributes === "") expect(body).toMatch(/^\(function\(\)\{try\{var m=document\.cookie/);
        else expect(attributes).toMatch(/type="application\/(ld\+)?json"/);
      }
      const islands = [...html.matchAll(/<div data-island="([\w-]+)" class="island">/g)].map((m) => m[1]);
      expect(islands).toEqual(
        expect.arrayContaining([
          "header",
          "hero",
          "cards",
          "wheel",
          "accordion",
          "testimonials",
          "newsletter",
          "chat",
        ]),
      );
      // Each island's props follow it, as JSON.
      const props = [
        ...html.matchAll(/<script type="application\/json" data-island-props="">([^<]*)<\/script>/g),
      ];
      expect(props).toHaveLength(islands.length);
      for (const [, json] of props) {
        expect(() => JSON.parse(json!)).not.toThrow();
      }
      // The loader alone, no module preloads (decision 114); every file it fetches for the page's
      // islands once the page is drawn (React's side, each island's chunk) is served.
      const manifest = islandManifest()!;
      const loader = /<script type="module" src="(\/assets\/islands-[\w-]+\.js)"><\/script>/.exec(html)?.[1];
      expect(loader).toBe(manifest.entry);
      expect(html).not.toContain('rel="modulepreload"');
      const fetched = islandFiles(manifest, islands as string[]);
      expect(fetched.length).toBeGreaterThan(islands.length);
      for (const file of [loader!, ...fetched]) expect((await get(file)).status, file).toBe(200);

      // The same page in English, its links under the prefix; HEAD answers without a body.
      const english = await (await get("/en/blog?render=1")).text();
      expect(english).toContain('<html lang="en"');
      expect(english).toContain('href="/en/planos"');
      const head = await get("/?render=1", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
      // What is not a page of its own still goes where it did: an unknown path home, an unknown post
      // to the blog, the sign-in page to React Router (which hydrates it whole).
      expect((await get("/nao-existe-esta-pagina")).headers.get("location")).toBe("/");
      expect((await get("/blog/nao-existe-este-post")).headers.get("location")).toBe("/blog");
      // One route table (decision 109): under a language prefix the same routes answer, and their
      // redirects and the page head keep the prefix.
      expect((await get("/en/nao-existe-esta-pagina")).headers.get("location")).toBe("/en");
      expect((await get("/en/blog/nao-existe-este-post")).headers.get("location")).toBe("/en/blog");
      const plans = await (await get("/en/planos?render=1")).text();
      expect(plans).toMatch(/<link rel="canonical" href="https?:\/\/[^/"]+\/en\/planos"\/>/);
      expect(plans).toMatch(/<link rel="alternate" hrefLang="pt-BR" href="https?:\/\/[^/"]+\/planos"\/>/);
      expect(await (await get("/login")).text()).toContain("__reactRouterContext");
      // React Router's own requests from the pages it hydrates (a navigation's data, the routes it
      // discovers) are answered by it, never as an island page or by a resource route of the path.
      for (const path of ["/admin/dashboard.data", "/en/login.data"]) {
        expect((await get(path)).headers.get("content-type"), path).toContain("text/x-script");
      }
      // React Router's route discovery, asked by the pages it hydrates, is answered by it, not a page.
      for (const path of [
        "/__manifest?paths=%2Fadmin&version=x",
        "/en/__manifest?paths=%2Flogin&version=x",
      ]) {
        const discovery = await get(path);
        expect(discovery.headers.get("content-type") ?? "", path).not.toContain("text/html");
        expect(discovery.headers.get("location"), path).toBeNull();
      }
    });

    it("answers every kind of public page from the cache: forms, contact, the blog list with its filters, posts, content and the map", async () => {
      const headers = { "Accept-Language": "pt-BR" };
      const pages = [
        "/demonstracao",
        "/en/parceiros",
        "/teste-gratis/profissional?anual=1",
        "/contato",
        "/fale-conosco",
        "/newsletter",
        "/blog",
        "/blog?categoria=Gest%C3%A3o&pagina=1",
        "/en/blog?q=erp",
        "/blog/como-escolher-um-erp",
        "/crm",
        "/mapa-parceiros",
        "/segmentos/industria",
      ];
      for (const path of pages) {
        await get(path, { headers });
        const again = await get(path, { headers });
        expect(again.status, path).toBe(200);
        expect(again.headers.get("x-page-cache"), path).toBe("hit");
        expect(again.headers.get("cache-control"), path).not.toContain("no-store");
        const html = await again.text();
        // The form pages carry no token and no request key: the same for everyone (decision 122).
        for (const [, name, value] of html.matchAll(/name="(formToken|_requestKey)" value="([^"]*)"/g)) {
          expect(value, `${path} ${name}`).toBe("");
        }
      }
      // The blog list's filters are part of the key in one spelling: an empty filter is the plain list.
      expect((await get("/blog?q=&tag=", { headers })).headers.get("x-page-cache")).toBe("hit");
      expect((await get("/blog?q=%20erp%20", { headers })).headers.get("x-page-cache")).toBe("miss");
      expect((await get("/blog?q=erp", { headers })).headers.get("x-page-cache")).toBe("hit");

      // Two visitors posting the contact form without JavaScript from the same cached copy: each is
      // asked to confirm with a challenge and a request key of their own, so they are two leads,
      // and the same confirmation posted twice is one.
      const protocolOf = async (answer: Response) =>
        /(?:VRT|SIM)-\d{8}-[0-9A-Z]{6}/.exec(await answer.text())?.[0];
      const fields = {
        nome: "Visitante Sem Script",
        email: "sem-script@example.com",
        mensagem: "Quero conhecer o ERP da Vértice.",
      };
      const send = (extra: Record<string, string> = {}) =>
        get("/contato", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
          body: new URLSearchParams({ ...fields, ...extra }).toString(),
        });
      const confirmation = async () => {
        const html = await (await send()).text();
        return {
          formToken: /name="formToken" value="([^"]+)"/.exec(html)![1]!,
          _requestKey: /name="_requestKey" value="([^"]+)"/.exec(html)![1]!,
        };
      };
      const [one, two] = [await confirmation(), await confirmation()];
      expect(one.formToken).not.toBe(two.formToken);
      expect(one._requestKey).not.toBe(two._requestKey);
      const first = await protocolOf(await send(one));
      const second = await protocolOf(await send(two));
      expect(first).toBeDefined();
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect(await protocolOf(await send(one))).toBe(first);
    });

    it("ships a favicon so browsers do not hit the catch-all", async () => {
      const res = await get("/favicon.ico");
      expect(res.status).toBe(301);
      expect((await get("/favicon.svg")).status).toBe(200);
    });
  });

  it("compresses JSON responses too", async () => {
    const res = await fetch(`${server.url}/api/json/public/menu_data`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    // fetch decodes gzip itself; the header proves the server compressed it.
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect((await res.json()).main_menu.length).toBeGreaterThan(0);
  });
});
