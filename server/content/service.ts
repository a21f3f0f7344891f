import { createHash } from "node:crypto";
import { applyOrder, diffPatch, resolveLevels } from "@domain/content/merge-patch.ts";
import { publicView } from "@domain/content/published.ts";
import type { DocumentData, DocumentName } from "@domain/content/schemas.ts";
import { type ContentLevel, contentCacheKey, levelPath, lookupLevels } from "@domain/content-lookup.ts";
import type { Cache } from "../cache/cache.ts";
import { REMOTE_TTL_SECONDS } from "../cache/ttl.ts";
import type { Database } from "../db/client.ts";
import { findAtLevels, type StoredDocument, saveDocument } from "./repository.ts";

export interface ResolvedDocument<T = unknown> {
  name: string;
  data: T;
  /** The level that answered, following the lookup order. */
  level: ContentLevel;
  version: number;
  updatedAt: string;
  /** Strong validator for conditional requests: changes with every saved version. */
  etag: string;
}

/** B §9.7: the documents loaded into the cache at start. */
export const PRELOADED_DOCUMENTS = [
  "menu_data",
  "hero-section-data",
  "plans-data",
  "testimonials-data",
  "footer-data",
] as const satisfies readonly DocumentName[];

/** A draft shown in place of its level's published document (a preview, decision 100). */
export interface DraftOverlay extends ContentLevel {
  name: string;
  data: unknown;
  updatedAt: Date;
}

export interface ContentQuery {
  segment: string | null;
  lang: string;
}

/** Resolves content documents by name, segment and language, through the cache. */
export class ContentService {
  constructor(
    private readonly db: Database,
    private readonly cache: Cache,
    /** Set for a preview request: that document resolves with the draft, past every cache. */
    private readonly overlay: DraftOverlay | null = null,
  ) {}

  /** The same store, with one document's draft in place of its published level (a preview). */
  withDraft(overlay: DraftOverlay): ContentService {
    return new ContentService(this.db, this.cache, overlay);
  }

  /** The first level of the lookup order (A §4) that has the document, or null when none has. */
  async resolve(name: string, query: ContentQuery): Promise<ResolvedDocument | null> {
    // A draft never enters the shared cache, and is never answered from it.
    if (this.overlay?.name === name) return this.resolveFromDatabase(name, query);
    return this.cache.getOrLoad(
      contentCacheKey(name, query.segment, query.lang),
      () => this.resolveFromDatabase(name, query),
      REMOTE_TTL_SECONDS.json,
    );
  }

  /** Typed variant for documents the page renders. */
  async get<N extends DocumentName>(
    name: N,
    query: ContentQuery,
  ): Promise<ResolvedDocument<DocumentData<N>> | null> {
    return (await this.resolve(name, query)) as ResolvedDocument<DocumentData<N>> | null;
  }

  /**
   * Loads the documents every page needs into the cache (B §9.7 preloaded files: menu, hero, plans,
   * testimonials, footer) for the main site in each offered language, so the first visitor after a
   * start does not wait for them. A failure is only reported: the page loads them on demand.
   */
  async preload(languages: readonly string[]): Promise<{ loaded: number; failed: number }> {
    const jobs = PRELOADED_DOCUMENTS.flatMap((name) =>
      languages.map((lang) => this.resolve(name, { segment: null, lang })),
    );
    const results = await Promise.allSettled(jobs);
    const failed = results.filter((r) => r.status === "rejected").length;
    return { loaded: results.length - failed, failed };
  }

  /** The places that were searched, for the "Dados ... não encontrados" messages. */
  searchedPaths(name: string, query: ContentQuery): string[] {
    return lookupLevels(query.segment, query.lang).map((level) => levelPath(name, level));
  }

  /** What the cache holds under a content key (GET /api/cache/{key}): the document's data. */
  async cached(key: string): Promise<{ key: string; data: unknown; ttl: number } | null> {
    const entry = await this.cache.peek<ResolvedDocument | null>(key);
    if (!entry) return null;
    return { key, data: entry.data?.data ?? null, ttl: entry.ttl };
  }

  /**
   * POST /api/cache: a document's data served under `subdomain:name:lang` for ttl seconds, as if
   * the database had answered it; the caller has checked it against the document's schema.
   */
  async putCached(key: string, data: unknown, ttlSeconds: number): Promise<void> {
    const [segment = "default", name = "", lang = "pt"] = key.split(":");
    const hash = createHash("sha256").update(JSON.stringify(data)).digest("base64url").slice(0, 16);
    const doc: ResolvedDocument = {
      name,
      data,
      level: { segment, lang },
      version: 0,
      updatedAt: new Date().toISOString(),
      etag: `"cache-${hash}"`,
    };
    await this.cache.set(key, doc, ttlSeconds);
  }

  async save(input: ContentLevel & { name: string; data: unknown; author: string }): Promise<void> {
    await saveDocument(this.db, input);
    await this.cache.deleteWhere({ name: input.name });
  }

  private async resolveFromDatabase(name: string, query: ContentQuery): Promise<ResolvedDocument | null> {
    const order = applyOrder(query.segment, query.lang);
    const rows: (LevelRow | null)[] = rowsInOrder(order, await findAtLevels(this.db, name, order));
    const overlay = this.overlay?.name === name ? this.overlay : null;
    const at = overlay
      ? order.findIndex((l) => l.segment === overlay.segment && l.lang === overlay.lang)
      : -1;
    if (overlay && at !== -1) {
      // The draft is the whole document as it applies at its level: it goes in as what it changes
      // over the levels below, so the levels above it still apply their own changes.
      const base = at === 0 ? null : resolveLevels(rows.slice(0, at));
      rows[at] = {
        segment: overlay.segment,
        lang: overlay.lang,
        data: base === null ? overlay.data : diffPatch(base, overlay.data),
        inherits: base !== null,
        // Its own tag: a browser's copy of the published document must never answer for the draft.
        id: `preview-${overlay.updatedAt.getTime()}`,
        version: 0,
        updatedAt: overlay.updatedAt,
      };
    }
    return resolvedFrom(name, rows);
  }

  /**
   * The document as it applies at exactly one level, as a data file of A §4/§7 (`/data/{segment}/
   * {lang}/{name}.json`): null when that level is not stored (the client walks the lookup order
   * itself), else that level's changes over the levels below, whole. Read from the database, so an
   * admin's edit shows at once.
   */
  async atLevel(name: string, level: ContentLevel): Promise<ResolvedDocument | null> {
    const order = applyOrder(level.segment || null, level.lang);
    const rows = rowsInOrder(order, await findAtLevels(this.db, name, order));
    return rows.at(-1) ? resolvedFrom(name, rows) : null;
  }
}

type LevelRow = Omit<StoredDocument, "id" | "name"> & { id: number | string };

/** The stored rows of the levels of `order`, in that order (null where a level is not stored). */
function rowsInOrder(order: ContentLevel[], found: LevelRow[]): (LevelRow | null)[] {
  return order.map(
    (level) => found.find((d) => d.segment === level.segment && d.lang === level.lang) ?? null,
  );
}

/**
 * The document the levels make, bottom first (each level's changes over the ones below), tagged by
 * every level that went into it: a change at any of them is a new version for caches and browsers.
 */
function resolvedFrom(name: string, rows: (LevelRow | null)[]): ResolvedDocument | null {
  const present = rows.filter((row): row is LevelRow => row !== null);
  const top = present.at(-1);
  if (!top) return null;
  const updatedAt = new Date(Math.max(...present.map((row) => row.updatedAt.getTime())));
  return {
    name,
    // Unpublished posts and pages are not part of the public site (decision 100).
    data: publicView(name, resolveLevels(rows)),
    level: { segment: top.segment, lang: top.lang },
    version: top.version,
    updatedAt: updatedAt.toISOString(),
    etag: `"${present.map((row) => `${row.id}-${row.version}`).join(".")}"`,
  };
}
