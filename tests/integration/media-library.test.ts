/**
 * The media library (decision 099) against the built server, on PGlite and PostgreSQL: an upload
 * needs alt text in both languages, gets its WebP variants at once, served with immutable caching;
 * the public page that uses it draws them with srcset; an image in use cannot be deleted (the refusal
 * names the document and field), an unused one can, and its files go with it; the images content
 * already used come into the library without alt text.
 */
import { randomUUID } from "node:crypto";
import { mediaRefusals } from "@domain/refusals/content.ts";
import { users } from "@server/db/schema.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropCreatedDatabases } from "../support/databases.ts";
import { testHasher } from "../support/passwords.ts";
import { serverDatabaseTargets } from "../support/server-databases.ts";
import { loginToken, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const ADMIN = { email: "midia@vertice.local", password: "senha-forte-midia-1" };

/** A real photo-like PNG of the given size (a gradient, so WebP has something to compress). */
async function photo(width: number, height: number, tint: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = tint;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

interface Item {
  id: number;
  url: string;
  width: number;
  height: number;
  alt: { pt: string; en: string };
  focal: { x: number; y: number };
  variants: { width: number; height: number; url: string }[];
}

describe.each(serverDatabaseTargets())("the media library on $name", (target) => {
  let server: ServerProcess;
  let admin: string;

  beforeAll(async () => {
    const database = await target.database();
    const handle = await database.open();
    try {
      await handle.db.insert(users).values({
        id: randomUUID(),
        email: ADMIN.email,
        username: "midia",
        name: "Equipe de mídia",
        role: "admin",
        passwordHash: await testHasher.hash(ADMIN.password),
        preferences: {},
      });
    } finally {
      await handle.close();
    }
    server = await startServerProcess({ ...database.env, LOGIN_RATE_LIMIT_PER_MINUTE: "10000" });
    admin = await loginToken(server.url, ADMIN.email, ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const upload = (bytes: Buffer, query: Record<string, string>, token = admin) =>
    fetch(`${server.url}/api/media?${new URLSearchParams(query)}`, {
      method: "POST",
      headers: { "Content-Type": "image/png", Authorization: `Bearer ${token}` },
      body: new Uint8Array(bytes),
    });
  const library = async (query = "") =>
    (
      (await (
        await fetch(`${server.url}/api/media${query}`, { headers: { Authorization: `Bearer ${admin}` } })
      ).json()) as { items: Item[] }
    ).items;
  const page = async (path: string) =>
    (await fetch(server.url + path, { headers: { Authorization: `Bearer ${admin}` } })).text();

  it("refuses an upload without alt text in Portuguese and English, and stores nothing", async () => {
    const bytes = await photo(400, 300, 10);
    const queries: Record<string, string>[] = [
      {},
      { altPt: "Só português" },
      { altPt: " ", altEn: "English" },
    ];
    for (const query of queries) {
      const res = await upload(bytes, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(mediaRefusals.pt.altRequired);
    }
    expect(await library("?q=.png")).toEqual([]);
  });

  let used: Item;

  it("makes the WebP variants at upload and serves them with immutable caching", async () => {
    const res = await upload(await photo(2000, 1000, 90), {
      name: "colheita.png",
      altPt: "Colheita de soja ao pôr do sol",
      altEn: "Soybean harvest at sunset",
      focalX: "0.25",
      focalY: "0.7",
    });
    expect(res.status).toBe(201);
    used = (await res.json()) as Item;
    expect(used).toMatchObject({
      width: 2000,
      height: 1000,
      alt: { pt: "Colheita de soja ao pôr do sol", en: "Soybean harvest at sunset" },
      focal: { x: 0.25, y: 0.7 },
    });
    expect(used.url).toMatch(/^\/uploads\/[0-9a-f]{20}\.png$/);
    expect(used.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
      [1024, 512],
      [1600, 800],
    ]);
    for (const variant of used.variants) {
      const served = await fetch(server.url + variant.url);
      expect(served.status, variant.url).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual(["webp", variant.width]);
    }
    const original = await fetch(server.url + used.url);
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(original.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Found by name and by alt text, in either language.
    expect((await library("?q=colheita")).map((i) => i.id)).toEqual([used.id]);
    expect((await library("?q=sunset")).map((i) => i.id)).toEqual([used.id]);
  });

  it("the public page using it draws the variants with srcset, sizes, alt text and focal point", async () => {
    const doc = await fetch(`${server.url}/api/json/hero-section-data`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    const etag = doc.headers.get("etag")!;
    const saved = await fetch(`${server.url}/api/json/hero-section-data?path=slides.0.background`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin}`, "If-Match": etag },
      body: JSON.stringify({ type: "image", src: used.url, alt: "" }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const html = await (await fetch(`${server.url}/`)).text();
    const img = new RegExp(`<img[^>]*src="${used.url}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(img).toContain(`${used.variants[0]!.url} 320w`);
    expect(img).toContain(`${used.variants[3]!.url} 1600w`);
    expect(img).toContain('sizes="100vw"');
    expect(img).toContain('alt="Colheita de soja ao pôr do sol"');
    expect(img).toContain("object-position:25% 70%");
  });

  it("refuses to delete an image in use, naming the document and the field", async () => {
    const res = await postForm(server.url, "/admin/midia", { intent: "delete", id: String(used.id) }, admin);
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("A imagem está em uso e não pode ser excluída");
    expect(html).toContain("hero-section-data (Padrão): slides.0.background.src");
    expect((await fetch(server.url + used.url)).status).toBe(200);
    expect(await page(`/admin/midia?id=${used.id}`)).toContain("slides.0.background.src");
  });

  it("deletes an unused image, with its files", async () => {
    const res = await upload(await photo(700, 500, 200), { altPt: "Trator", altEn: "Tractor" });
    const unused = (await res.json()) as Item;
    expect(unused.variants.map((v) => v.width)).toEqual([320, 640, 700]);
    const deleted = await postForm(
      server.url,
      "/admin/midia",
      { intent: "delete", id: String(unused.id) },
      admin,
    );
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("Imagem excluída.");
    expect((await fetch(server.url + unused.url)).status).toBe(404);
    expect((await fetch(server.url + unused.variants[0]!.url)).status).toBe(404);
    expect((await library()).map((i) => i.id)).not.toContain(unused.id);
  });

  it("alt text and focal point are edited, both languages still required", async () => {
    const refused = await postForm(
      server.url,
      "/admin/midia",
      { intent: "update", id: String(used.id), altPt: "", altEn: "x", focalX: "0.5", focalY: "0.5" },
      admin,
    );
    expect(await refused.text()).toContain(mediaRefusals.pt.altRequired);
    const ok = await postForm(
      server.url,
      "/admin/midia",
      { intent: "update", id: String(used.id), altPt: "Soja", altEn: "Soy", focalX: "0.5", focalY: "0.1" },
      admin,
    );
    expect(await ok.text()).toContain("Imagem atualizada.");
    // The page cache forgets pages drawn with the old alt text.
    expect(await (await fetch(`${server.url}/`)).text()).toContain('alt="Soja"');
  });

  it("the images content already used come in without alt text, listed as missing it", async () => {
    expect(await page("/admin/midia?semAlt=1")).toContain("sem texto alternativo");
    const missing = await library("?missingAlt=1");
    const urls = missing.map((i) => i.url);
    expect(urls).toContain("/images/hero/default.svg");
    expect(urls).not.toContain(used.url);
    const svg = missing.find((i) => i.url === "/images/hero/default.svg")!;
    expect(svg.variants).toEqual([]);
    expect(svg.width).toBeGreaterThan(0);
  });

  it("only an admin: anonymous callers get 401", async () => {
    expect((await fetch(`${server.url}/api/media`)).status).toBe(401);
    const anonymous = await fetch(`${server.url}/api/media?altPt=a&altEn=b`, {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(await photo(10, 10, 1)),
    });
    expect(anonymous.status).toBe(401);
  });
});
