import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { mediaRefusals } from "@domain/refusals/content.ts";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countedStorage } from "../../tests/support/counted-storage.ts";
import { openFreshPglite } from "../../tests/support/databases.ts";
import { Cache } from "../cache/cache.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { auditLog, contentDocuments, contentDrafts } from "../db/schema.ts";
import { LocalFileStorage } from "../files/storage.ts";
import { UploadService } from "../uploads/service.ts";
import { MediaService } from "./service.ts";

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900"><rect width="1600" height="900" fill="#0b3d91"/></svg>';

const TITLED_SVG = SVG.replace(/(<svg[^>]*>)/, "$1<title>Lavoura &amp; silos ao amanhecer</title>");

describe("the media library service (decision 099) on PGlite", () => {
  let handle: DatabaseHandle;
  let media: MediaService;
  let uploadsDir: string;

  beforeAll(async () => {
    handle = await openFreshPglite();
    uploadsDir = mkdtempSync(path.join(tmpdir(), "media-uploads-"));
    const publicDir = mkdtempSync(path.join(tmpdir(), "media-public-"));
    mkdirSync(path.join(publicDir, "images/hero"), { recursive: true });
    writeFileSync(path.join(publicDir, "images/hero/default.svg"), SVG);
    writeFileSync(path.join(publicDir, "images/hero/titled.svg"), TITLED_SVG);
    writeFileSync(path.join(publicDir, "images/hero/titled-too.svg"), TITLED_SVG);
    media = new MediaService({
      db: handle.db,
      uploads: new UploadService(new LocalFileStorage(uploadsDir)),
      cache: new Cache(),
      publicDir,
    });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } })
      .png()
      .toBuffer();

  it("requires alt text in both languages and stores nothing without it", async () => {
    const bytes = await png(800, 600);
    await expect(
      media.upload({ bytes, originalName: "a.png", alt: { pt: "x", en: "" }, by: "t" }),
    ).rejects.toThrow(mediaRefusals.pt.altRequired);
    expect(readdirSync(uploadsDir)).toEqual([]);
  });

  it("stores the original and WebP variants no wider than it; the same bytes again are the same image", async () => {
    const bytes = await png(1200, 600);
    const { item, created } = await media.upload({
      bytes,
      originalName: "C:\\fotos\\campo.png",
      alt: { pt: "Campo", en: "Field" },
      focal: { x: 0.2, y: 0.8 },
      by: "equipe@vertice.local",
    });
    expect(created).toBe(true);
    expect(item.originalName).toBe("campo.png");
    expect(item.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 160],
      [640, 320],
      [1024, 512],
      [1200, 600],
    ]);
    expect(readdirSync(uploadsDir).sort()).toEqual(
      [item.storageName, ...item.variants.map((v) => v.name)].sort(),
    );
    const again = await media.upload({
      bytes,
      originalName: "b.png",
      alt: { pt: "Outro", en: "Other" },
      by: "t",
    });
    expect(again).toMatchObject({ created: false, item: { id: item.id, alt: { pt: "Campo", en: "Field" } } });
  });

  it("finds the documents and fields using an image, refuses its deletion naming them, allows it when unused", async () => {
    const { item } = await media.upload({
      bytes: await png(500, 500),
      originalName: "logo.png",
      alt: { pt: "Logo", en: "Logo" },
      by: "t",
    });
    await handle.db.insert(contentDocuments).values([
      {
        name: "pages-data",
        segment: "agronegocio",
        lang: "",
        data: { pages: [{ content: { blocks: [{ image: { src: item.url, alt: "" } }] } }] },
        source: "admin",
      },
      {
        name: "blog-data",
        segment: "",
        lang: "en",
        data: { intro: `see ${item.variants[0]!.url}` },
        source: "admin",
      },
      { name: "footer-data", segment: "", lang: "", data: { img_logo: "/images/logo.svg" }, source: "admin" },
    ]);
    const usages = await media.usages(item);
    expect(usages).toEqual([
      { document: "blog-data", segment: "", lang: "en", fields: ["intro"] },
      {
        document: "pages-data",
        segment: "agronegocio",
        lang: "",
        fields: ["pages.0.content.blocks.0.image.src"],
      },
    ]);
    await expect(media.remove(item.id, "t")).rejects.toThrow(
      "Usada em: blog-data (en): intro; pages-data (agronegocio): pages.0.content.blocks.0.image.src.",
    );
    await handle.db.delete(contentDocuments);
    // A draft not published yet holds it too (decision 099): deleting it would break that draft.
    await handle.db.insert(contentDrafts).values({
      name: "hero-section-data",
      data: { defaultBackground: item.url },
      updatedBy: "editora@vertice.local",
    });
    await expect(media.remove(item.id, "t")).rejects.toThrow(
      "Usada em: hero-section-data (Padrão, rascunho): defaultBackground.",
    );
    await handle.db.delete(contentDrafts);
    await media.remove(item.id, "t");
    expect(readdirSync(uploadsDir).some((name) => name.startsWith(item.storageName!.slice(0, 20)))).toBe(
      false,
    );
    await expect(media.get(item.id)).rejects.toThrow(mediaRefusals.pt.notFound);
  });

  it("imports the images content uses, without alt text; a page gets srcset data in its language", async () => {
    await handle.db.insert(contentDocuments).values({
      name: "hero-section-data",
      data: { defaultBackground: "/images/hero/default.svg", missing: "/images/hero/none.svg" },
      source: "seed",
    });
    expect(await media.importReferenced()).toBe(1);
    expect(await media.importReferenced()).toBe(0);
    const [svg] = await media.list({ missingAlt: true });
    expect(svg).toMatchObject({ url: "/images/hero/default.svg", width: 1600, height: 900, source: "site" });
    expect(svg!.variants).toEqual([]);

    const [campo] = await media.list({ q: "campo" });
    const page = await media.forPage({ a: campo!.url, b: "/images/hero/default.svg", c: "/x.png" }, "en");
    expect(page[campo!.url]).toEqual({
      width: 1200,
      height: 600,
      srcset: campo!.variants.map((v) => `${v.url} ${v.width}w`).join(", "),
      alt: "Field",
      position: "20% 80%",
    });
    expect(page["/images/hero/default.svg"]).toEqual({ width: 1600, height: 900, alt: "" });
    // An edit is seen at once by the next page.
    await media.edit(campo!.id, { alt: { pt: "Lavoura", en: "Crop" }, focal: { x: 0.5, y: 0.5 } }, "t");
    expect((await media.forPage([campo!.url], "pt"))[campo!.url]).toMatchObject({ alt: "Lavoura" });
    expect((await media.forPage([campo!.url], "pt"))[campo!.url]?.position).toBeUndefined();
  });

  it("takes the alt text the content already gives an image, in each language (decision 116)", async () => {
    await handle.db.insert(contentDocuments).values([
      {
        name: "video-demo-data",
        data: {
          poster: { src: "/images/hero/default.svg", alt: "Painel de gestão" },
          other: "/images/x.svg",
        },
        source: "seed",
      },
      {
        name: "video-demo-data",
        lang: "en",
        data: { poster: { src: "/images/hero/default.svg", alt: "Management dashboard" } },
        source: "seed",
      },
    ]);
    // Imported before without alt text (the test above): given the content's now, in both languages.
    await media.importReferenced();
    const [svg] = await media.list({ q: "default.svg" });
    expect(svg).toMatchObject({
      url: "/images/hero/default.svg",
      alt: { pt: "Painel de gestão", en: "Management dashboard" },
    });
    // Alt text staff wrote is never replaced by the content's.
    await media.edit(
      svg!.id,
      { alt: { pt: "Tela do ERP", en: "ERP screen" }, focal: { x: 0.5, y: 0.5 } },
      "t",
    );
    await media.importReferenced();
    expect((await media.list({ q: "default.svg" }))[0]).toMatchObject({
      alt: { pt: "Tela do ERP", en: "ERP screen" },
    });
  });

  it("an SVG the content names without alt text gets its own title; the content's alt text comes first", async () => {
    await handle.db.insert(contentDocuments).values({
      name: "why-choose-data",
      data: {
        background: "/images/hero/titled.svg",
        poster: { src: "/images/hero/titled-too.svg", alt: "Fazenda ao amanhecer" },
      },
      source: "seed",
    });
    await media.importReferenced();
    expect((await media.list({ q: "titled.svg" }))[0]).toMatchObject({
      alt: { pt: "Lavoura & silos ao amanhecer", en: "" },
    });
    expect((await media.list({ q: "titled-too.svg" }))[0]).toMatchObject({
      alt: { pt: "Fazenda ao amanhecer", en: "" },
    });
  });

  it("opening the library again reads no file while the content is unchanged; a changed document is read", async () => {
    const { storage, reads } = countedStorage({ dir: uploadsDir });
    const uploads = new UploadService(storage);
    const counted = new MediaService({ db: handle.db, uploads, cache: new Cache(), publicDir: uploadsDir });
    // A document names an upload that is not there: each complete import looks for it once.
    const missing = "0123456789abcdef0123.png";
    await handle.db
      .insert(contentDocuments)
      .values({ name: "cta-data", data: { image: `/uploads/${missing}` }, source: "seed" });
    expect(await counted.importReferenced()).toBe(0);
    expect(reads).toEqual([missing]);
    expect(await counted.importReferenced()).toBe(0);
    expect(reads).toEqual([missing]);

    // The upload arrives and the document is saved again: the next opening brings it in.
    const bytes = await png(400, 300);
    const stored = await uploads.accept(bytes);
    await handle.db
      .update(contentDocuments)
      .set({ data: { image: stored.url }, updatedAt: new Date() })
      .where(eq(contentDocuments.name, "cta-data"));
    expect(await counted.importReferenced()).toBe(1);
    expect((await counted.list({ q: stored.name }))[0]).toMatchObject({ url: stored.url, source: "upload" });
  });

  it("records who changed the library (decision 072): an upload, alt text given by a second upload", async () => {
    const bytes = await png(300, 200);
    const first = await media.uploadForContent({ bytes, by: "editora@vertice.local" });
    const again = await media.upload({
      bytes,
      originalName: "trator.png",
      alt: { pt: "Trator", en: "Tractor" },
      by: "admin@vertice.local",
    });
    expect(again).toMatchObject({
      created: false,
      item: { id: first.id, alt: { pt: "Trator", en: "Tractor" } },
    });
    await expect(media.remove(first.id + 1000, "admin@vertice.local")).rejects.toThrow(
      mediaRefusals.pt.notFound,
    );
    const entries = await handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(entries.filter((entry) => entry.target === first.url)).toMatchObject([
      { actor: "editora@vertice.local", action: "upload", detail: { type: "image/png" } },
      { actor: "admin@vertice.local", action: "media.update", detail: null },
    ]);
    expect(entries.filter((entry) => entry.action === "media.delete")).toHaveLength(1);
  });
});
