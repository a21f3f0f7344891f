import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  ALT_MAX,
  altIn,
  altTextsIn,
  describeUsages,
  fieldsUsing,
  imageUrlsIn,
  type MediaUsage,
  objectPosition,
  type PageMedia,
  srcSet,
  svgTitle,
  variantName,
} from "@domain/media-library.ts";
import { uploadUrl } from "@domain/uploads.ts";
import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { AuditLog } from "../admin/audit.ts";
import type { Cache } from "../cache/cache.ts";
import { REMOTE_TTL_SECONDS } from "../cache/ttl.ts";
import type { Database } from "../db/client.ts";
import type { MediaSource } from "../db/enums.ts";
import type { VariantInfo } from "../db/json-types.ts";
import { contentDocuments, contentDrafts, media } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { UploadService } from "../uploads/service.ts";
import { imageSize, makeVariants } from "./images.ts";

/** An image of the library as the admin sees it. */
export interface MediaItem {
  id: number;
  url: string;
  originalName: string;
  storageName: string | null;
  mime: string;
  width: number;
  height: number;
  size: number;
  alt: { pt: string; en: string };
  focal: { x: number; y: number };
  variants: (VariantInfo & { url: string })[];
  source: MediaSource;
  uploadedBy: string | null;
  createdAt: string;
}

export interface MediaEdit {
  alt: { pt: string; en: string };
  focal: { x: number; y: number };
}

/** An image as staff send it; `by` is their e-mail (the audit log's actor). */
export interface UploadInput {
  bytes: Uint8Array;
  originalName: string;
  alt: { pt: string; en: string } | null;
  focal?: { x: number; y: number };
  by: string;
}

/** The whole library as pages need it, by address (one cached value, dropped on every change). */
type MediaIndex = Record<
  string,
  { w: number; h: number; v: [number, string][]; pt: string; en: string; f?: [number, number] }
>;

/** Key of the index in the shared cache: its middle part is the "name" every instance drops on a change. */
const INDEX_KEY = "site:media-library:index";
const INDEX_NAME = "media-library";

const TYPES_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
};

/**
 * The media library (decision 099): uploads resized to WebP variants when they arrive, alt text and
 * focal point, search, usage of an image by the content documents, and deletion only of images no
 * document uses. Files live in upload storage (content-addressed); rows in the `media` table.
 */
export class MediaService {
  private readonly audit: AuditLog;

  constructor(
    private readonly options: {
      db: Database;
      uploads: UploadService;
      cache: Cache;
      /** Where files shipped with the site are (public/), for the import of those content uses. */
      publicDir: string;
      now?: () => Date;
      /** The platform's audit log (decision 072); by default one over `db`. */
      audit?: AuditLog;
    },
  ) {
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  /** The content documents' count and last change at the last complete import (importReferenced). */
  private importedContent: string | null = null;

  private get db() {
    return this.options.db;
  }
  private get storage() {
    return this.options.uploads.storage;
  }
  private now() {
    return this.options.now?.() ?? new Date();
  }

  /** The library, uploads first, newest first: every image, or those whose name, address or alt text has the words. */
  async list(filter: { q?: string; missingAlt?: boolean } = {}): Promise<MediaItem[]> {
    const words = (filter.q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 5);
    const conditions = words.map((word) => {
      const like = `%${word.replace(/[\\%_]/g, "\\$&")}%`;
      return or(
        ilike(media.originalName, like),
        ilike(media.url, like),
        ilike(media.altPt, like),
        ilike(media.altEn, like),
      );
    });
    if (filter.missingAlt) conditions.push(or(eq(media.altPt, ""), eq(media.altEn, "")));
    const rows = await this.db
      .select()
      .from(media)
      .where(conditions.length ? and(...conditions) : undefined)
      // Uploads first (what staff sent), then the images imported from the site; newest first in each.
      .orderBy(desc(sql`${media.source} = 'upload'`), desc(media.createdAt), desc(media.id))
      .limit(500);
    return rows.map(toItem);
  }

  async get(id: number): Promise<MediaItem> {
    const [row] = await this.db.select().from(media).where(eq(media.id, id));
    if (!row) throw new DomainError("not-found", "media.notFound");
    return toItem(row);
  }

  /**
   * A new image: checked by content (UploadService), the original kept, its WebP variants made now
   * (so the first visitor never waits for a resize), alt text in both languages required. The same
   * bytes sent again are the same image: its entry is answered (and gets the alt text if it had none).
   * A new one is recorded in the audit log as media.upload, `by` its actor; alt text given to an image
   * that had none, as media.update (as the library's own edit is).
   */
  async upload(input: UploadInput): Promise<{ item: MediaItem; created: boolean }> {
    const { item, created, altAdded } = await this.accept(input);
    if (created)
      await this.audit.record({
        actor: input.by,
        action: "media.upload",
        target: item.url,
        detail: { type: item.mime, size: item.size, variants: item.variants.length },
      });
    else if (altAdded) await this.audit.record({ actor: input.by, action: "media.update", target: item.url });
    return { item, created };
  }

  /**
   * An image for a content document through POST /api/uploads (decision 073): into the library
   * without alt text (listed as missing it), and recorded in the audit log as upload, new or not.
   */
  async uploadForContent(input: { bytes: Uint8Array; by: string }): Promise<MediaItem> {
    const { item } = await this.accept({ bytes: input.bytes, originalName: "", alt: null, by: input.by });
    await this.audit.record({
      actor: input.by,
      action: "upload",
      target: item.url,
      detail: { type: item.mime, size: item.size },
    });
    return item;
  }

  private async accept(
    input: UploadInput,
  ): Promise<{ item: MediaItem; created: boolean; altAdded?: boolean }> {
    const alt = input.alt ? checkedAlt(input.alt) : { pt: "", en: "" };
    const focal = checkedFocal(input.focal ?? { x: 0.5, y: 0.5 });
    const stored = await this.options.uploads.accept(input.bytes);
    const [existing] = await this.db.select().from(media).where(eq(media.url, stored.url));
    if (existing) {
      if (input.alt && (!existing.altPt || !existing.altEn))
        return { item: await this.applyEdit(existing.id, { alt, focal }), created: false, altAdded: true };
      return { item: toItem(existing), created: false };
    }
    const size = await imageSize(input.bytes);
    const variants = await this.storeVariants(stored.name, input.bytes, size, stored.type);
    const [row] = await this.db
      .insert(media)
      .values({
        url: stored.url,
        originalName: cleanName(input.originalName) || stored.name,
        storageName: stored.name,
        mime: stored.type,
        width: size.width,
        height: size.height,
        size: stored.size,
        altPt: alt.pt,
        altEn: alt.en,
        focalX: focal.x,
        focalY: focal.y,
        variants,
        source: "upload",
        uploadedBy: input.by,
        createdAt: this.now(),
        updatedAt: this.now(),
      })
      .onConflictDoNothing({ target: media.url })
      .returning();
    await this.invalidate();
    // Two uploads of the same bytes at once: the other one's row stands.
    if (!row)
      return {
        item: toItem((await this.db.select().from(media).where(eq(media.url, stored.url)))[0]!),
        created: false,
      };
    return { item: toItem(row), created: true };
  }

  /** New alt text and focal point (both languages required); recorded as media.update, `by` its actor. */
  async edit(id: number, change: MediaEdit, by: string): Promise<MediaItem> {
    const item = await this.applyEdit(id, change);
    await this.audit.record({ actor: by, action: "media.update", target: item.url });
    return item;
  }

  private async applyEdit(id: number, change: MediaEdit): Promise<MediaItem> {
    const alt = checkedAlt(change.alt);
    const focal = checkedFocal(change.focal);
    const [row] = await this.db
      .update(media)
      .set({ altPt: alt.pt, altEn: alt.en, focalX: focal.x, focalY: focal.y, updatedAt: this.now() })
      .where(eq(media.id, id))
      .returning();
    if (!row) throw new DomainError("not-found", "media.notFound");
    await this.invalidate();
    return toItem(row);
  }

  /**
   * Where an image is used: every content document (at every level) and every draft (decision 099: a
   * draft using it would lose it when published) whose data holds its address or one of its
   * variants', with the fields that do.
   */
  async usages(item: Pick<MediaItem, "url" | "variants">): Promise<MediaUsage[]> {
    const urls = [item.url, ...item.variants.map((v) => v.url)];
    const found = async (table: typeof contentDocuments | typeof contentDrafts) =>
      this.db
        .select({ name: table.name, segment: table.segment, lang: table.lang, data: table.data })
        .from(table)
        .where(or(...urls.map((url) => sql`strpos(${table.data}::text, ${url}) > 0`)))
        .orderBy(table.name, table.segment, table.lang);
    const [published, drafts] = await Promise.all([found(contentDocuments), found(contentDrafts)]);
    return [
      ...published.map((row) => ({ row, draft: false })),
      ...drafts.map((row) => ({ row, draft: true })),
    ]
      .map(({ row, draft }) => ({
        document: row.name,
        segment: row.segment,
        lang: row.lang,
        fields: fieldsUsing(row.data, urls),
        ...(draft ? { draft } : {}),
      }))
      .filter((usage) => usage.fields.length > 0);
  }

  /**
   * Deletes an image no document uses; one in use is refused (409) naming the documents and fields.
   * Recorded as media.delete, `by` its actor.
   */
  async remove(id: number, by: string): Promise<MediaItem> {
    const item = await this.get(id);
    const usages = await this.usages(item);
    if (usages.length > 0)
      throw new DomainError("conflict", "media.inUse", [describeUsages(usages)], { details: { usages } });
    await this.db.delete(media).where(eq(media.id, id));
    // Names are content hashes: the same bytes uploaded later are stored again.
    for (const variant of item.variants) await this.options.uploads.remove(variant.name);
    if (item.storageName) await this.options.uploads.remove(item.storageName);
    await this.invalidate();
    await this.audit.record({ actor: by, action: "media.delete", target: item.url });
    return item;
  }

  /**
   * Brings into the library the images content documents use that it does not know yet: files
   * shipped under /images and uploads from before the library. They come with the alt text the
   * content gives them, or an SVG's own title (decision 116); the rest are listed as 'sem texto
   * alternativo'. Raster ones get their variants. Idempotent; run when staff open
   * the library, so an address typed into a document shows up there too. With the documents
   * unchanged since the last complete run, it costs one small query.
   */
  async importReferenced(): Promise<number> {
    // The content as it stands: unchanged since an import that left nothing to try again, there is
    // nothing new to bring in, and opening the library reads no document and no file.
    const [state] = await this.db
      .select({
        documents: sql<number>`count(*)`,
        // As text: to the microsecond, where a Date would keep milliseconds.
        changed: sql<string | null>`max(${contentDocuments.updatedAt})::text`,
      })
      .from(contentDocuments);
    const seen = `${state?.documents}:${state?.changed}`;
    if (seen === this.importedContent) return 0;
    const rows = await this.db
      .select({ data: contentDocuments.data, lang: contentDocuments.lang })
      .from(contentDocuments);
    const urls = new Set<string>();
    // The alt texts the documents already give (decision 116): Portuguese from the default and
    // Portuguese levels, English from the English ones.
    const alts = { pt: new Map<string, string>(), en: new Map<string, string>() };
    for (const row of rows) {
      imageUrlsIn(row.data, urls);
      if (row.lang === "" || row.lang === "pt") altTextsIn(row.data, alts.pt);
      if (row.lang === "en") altTextsIn(row.data, alts.en);
    }
    if (urls.size === 0) {
      this.importedContent = seen;
      return 0;
    }
    const altOf = (url: string) => ({
      pt: alts.pt.get(url)?.slice(0, ALT_MAX) ?? "",
      en: alts.en.get(url)?.slice(0, ALT_MAX) ?? "",
    });
    const known = await this.db
      .select({ url: media.url, altPt: media.altPt, altEn: media.altEn })
      .from(media)
      .where(inArray(media.url, [...urls]));
    let changed = 0;
    // Images imported before without alt text get the content's, or an SVG's own title.
    for (const item of known) {
      if (item.altPt || item.altEn) continue;
      const alt = altOf(item.url);
      if (!alt.pt) alt.pt = await this.titleOf(item.url);
      if (!(alt.pt || alt.en)) continue;
      await this.db
        .update(media)
        .set({ altPt: alt.pt, altEn: alt.en, updatedAt: this.now() })
        .where(and(eq(media.url, item.url), eq(media.altPt, ""), eq(media.altEn, "")));
      changed++;
    }
    const knownUrls = new Set(known.map((item) => item.url));
    // An image that could not be read or stored (the bucket out of reach) is tried at the next opening.
    let failed = false;
    for (const url of urls) {
      if (knownUrls.has(url)) continue;
      const imported = await this.importOne(url, altOf(url)).catch(() => {
        failed = true;
        return false;
      });
      if (imported) changed++;
    }
    if (changed > 0) await this.invalidate();
    if (!failed) this.importedContent = seen;
    return changed;
  }

  /** The bytes of an image content names: an upload, or a file shipped under public/. */
  private async referencedBytes(url: string): Promise<Buffer | null> {
    if (url.startsWith("/uploads/"))
      return (await this.options.uploads.read(url.slice("/uploads/".length)))?.bytes ?? null;
    const file = path.resolve(this.options.publicDir, `.${url}`);
    if (!file.startsWith(path.resolve(this.options.publicDir) + path.sep)) return null;
    return readFile(file).catch(() => null);
  }

  /** An SVG's own title, for an image content names without alt text ("" for any other file). */
  private async titleOf(url: string): Promise<string> {
    if (!url.toLowerCase().endsWith(".svg")) return "";
    const bytes = await this.referencedBytes(url);
    return bytes ? svgTitle(bytes.toString("utf8")).slice(0, ALT_MAX) : "";
  }

  private async importOne(url: string, contentAlt: { pt: string; en: string }): Promise<boolean> {
    let alt = contentAlt;
    const storageName = url.startsWith("/uploads/") ? url.slice("/uploads/".length) : null;
    // A variant's own address belongs to its original's entry (found through it), not a new one.
    if (storageName && /-\d+\.webp$/.test(storageName)) return false;
    const bytes = await this.referencedBytes(url);
    if (!bytes) return false;
    const extension = url.slice(url.lastIndexOf(".") + 1).toLowerCase();
    const mime = TYPES_BY_EXTENSION[extension];
    if (!mime) return false;
    // Content that names an SVG without alt text: the drawing's own title describes it.
    if (mime === "image/svg+xml" && !alt.pt)
      alt = { ...alt, pt: svgTitle(bytes.toString("utf8")).slice(0, ALT_MAX) };
    const size = await imageSize(bytes);
    const hash = storageName?.slice(0, 20) ?? createHash("sha256").update(bytes).digest("hex").slice(0, 20);
    const variants = await this.storeVariants(`${hash}.${extension}`, bytes, size, mime);
    const inserted = await this.db
      .insert(media)
      .values({
        url,
        originalName: url.slice(url.lastIndexOf("/") + 1),
        storageName,
        mime,
        width: size.width,
        height: size.height,
        size: bytes.byteLength,
        variants,
        source: storageName ? "upload" : "site",
        altPt: alt.pt,
        altEn: alt.en,
        createdAt: this.now(),
        updatedAt: this.now(),
      })
      .onConflictDoNothing({ target: media.url })
      .returning({ id: media.id });
    return inserted.length > 0;
  }

  /** Makes and stores the WebP variants of a raster image (vector and animated images get none). */
  private async storeVariants(
    originalName: string,
    bytes: Uint8Array,
    size: { width: number; height: number },
    mime: string,
  ): Promise<VariantInfo[]> {
    if (mime === "image/svg+xml" || mime === "image/gif") return [];
    const hash = originalName.slice(0, 20);
    const made = await makeVariants(bytes, size);
    const variants: VariantInfo[] = [];
    for (const variant of made) {
      const name = variantName(hash, variant.width);
      await this.storage.put(name, variant.bytes);
      variants.push({ width: variant.width, height: variant.height, name, size: variant.bytes.byteLength });
    }
    return variants;
  }

  /**
   * What a public page needs of the library images its data uses, by address, with the alt text in
   * the page's language. A library that cannot be read leaves the images as they were (plain <img>).
   */
  async forPage(values: unknown, language: string): Promise<Record<string, PageMedia>> {
    const urls = imageUrlsIn(values);
    if (urls.size === 0) return {};
    let index: MediaIndex;
    try {
      index = await this.options.cache.getOrLoad(
        INDEX_KEY,
        () => this.loadIndex(),
        REMOTE_TTL_SECONDS.images,
      );
    } catch {
      return {};
    }
    const found: Record<string, PageMedia> = {};
    for (const url of urls) {
      const entry = index[url];
      if (!entry) continue;
      found[url] = {
        width: entry.w,
        height: entry.h,
        ...(entry.v.length > 0 ? { srcset: srcSet(entry.v) } : {}),
        alt: altIn({ pt: entry.pt, en: entry.en }, language),
        ...(entry.f ? { position: objectPosition(entry.f) } : {}),
      };
    }
    return found;
  }

  private async loadIndex(): Promise<MediaIndex> {
    const rows = await this.db.select().from(media);
    const index: MediaIndex = {};
    for (const row of rows) {
      const item = toItem(row);
      const centred = item.focal.x === 0.5 && item.focal.y === 0.5;
      index[item.url] = {
        w: item.width,
        h: item.height,
        v: item.variants.map((v) => [v.width, v.url]),
        pt: item.alt.pt,
        en: item.alt.en,
        ...(centred ? {} : { f: [item.focal.x, item.focal.y] as [number, number] }),
      };
    }
    return index;
  }

  /** Every instance drops its copy of the index, and the cached pages drawn from it (Cache.onChange). */
  private async invalidate(): Promise<void> {
    await this.options.cache.deleteWhere({ name: INDEX_NAME });
  }
}

function toItem(row: typeof media.$inferSelect): MediaItem {
  const variants = Array.isArray(row.variants) ? row.variants : [];
  return {
    id: row.id,
    url: row.url,
    originalName: row.originalName,
    storageName: row.storageName,
    mime: row.mime,
    width: row.width,
    height: row.height,
    size: row.size,
    alt: { pt: row.altPt, en: row.altEn },
    focal: { x: row.focalX, y: row.focalY },
    variants: variants.map((v) => ({ ...v, url: uploadUrl(v.name) })),
    source: row.source,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function checkedAlt(alt: { pt: string; en: string }): { pt: string; en: string } {
  const pt = (alt.pt ?? "").trim();
  const en = (alt.en ?? "").trim();
  if (!pt || !en) throw new DomainError("invalid", "media.altRequired");
  if (pt.length > ALT_MAX || en.length > ALT_MAX) throw new DomainError("invalid", "media.altTooLong");
  return { pt, en };
}

function checkedFocal(focal: { x: number; y: number }): { x: number; y: number } {
  const ok = (n: number) => typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= 1;
  if (!ok(focal.x) || !ok(focal.y)) throw new DomainError("invalid", "media.focalInvalid");
  return { x: focal.x, y: focal.y };
}

/** The uploader's file name without folders or control characters, at most 200 characters. */
function cleanName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? "")
    .replace(/[\p{Cc}]/gu, "")
    .trim()
    .slice(0, 200);
}
