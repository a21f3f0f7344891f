import { type Found, type JsonPath, JsonPathError, restoreAt, valueAt } from "@domain/content/json-path.ts";
import {
  applyOrder,
  diffPatch,
  fieldSources,
  isDefaultLevel,
  mergePatch,
  resolveLevels,
} from "@domain/content/merge-patch.ts";
import { type DocumentName, documentSchemas, isDocumentName } from "@domain/content/schemas.ts";
import type { ContentSource } from "@domain/content/stored.ts";
import type { ContentLevel } from "@domain/content-lookup.ts";
import { unknownIcons } from "@domain/icons.ts";
import type { z } from "@domain/zod.ts";
import { and, asc, desc, eq, or } from "drizzle-orm";
import { contentTexts } from "~/admin/content-texts.ts";
import { type AuditEntry, AuditLog } from "../admin/audit.ts";
import type { Cache } from "../cache/cache.ts";
import type { Database } from "../db/client.ts";
import { contentDocuments, contentRevisions } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { contentProblems } from "./field-labels.ts";

/**
 * The admin's side of the content store (B §2.8, §3.9, §7.5): which documents exist at which
 * levels, one level's document with its version tag, saves of the whole document or of a part
 * (checked by the document's schema, refused when someone else saved in between), and the
 * revisions with a restore. Every save drops the cached copies, here and in Redis.
 */

export interface LevelInfo extends ContentLevel {
  version: number;
  source: ContentSource;
  updatedAt: string;
  updatedBy: string | null;
}

export interface EditableDocument extends ContentLevel {
  name: string;
  data: unknown;
  version: number;
  /** The version tag a save must send back in If-Match. */
  etag: string;
  updatedAt: string;
  updatedBy: string | null;
}

export interface RevisionInfo {
  version: number;
  source: ContentSource;
  createdAt: string;
  createdBy: string | null;
}

/** The row of one document at one level of the lookup order. */
function atLevel(name: string, level: ContentLevel) {
  return and(
    eq(contentDocuments.name, name),
    eq(contentDocuments.segment, level.segment),
    eq(contentDocuments.lang, level.lang),
  );
}

export const etagOf = (doc: { id: number; version: number }) => `"${doc.id}-${doc.version}"`;

/** A save: the whole document, a merge patch (a section), or a value at a path (an item). */
export type SaveChange =
  | { kind: "document"; data: unknown }
  | { kind: "patch"; patch: Record<string, unknown> }
  | { kind: "at"; path: (string | number)[]; value: unknown };

export { mergePatch } from "@domain/content/merge-patch.ts";

/** The document with one value replaced at a path (`plans.2.name`); the path must exist but for its last step. */
export function setAtPath(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(target)) {
    const index = Number(head);
    if (!Number.isInteger(index) || index < 0 || index > target.length)
      throw new DomainError("invalid", "content.invalid", [String(head), "posição inexistente"]);
    const copy = [...target];
    copy[index] = setAtPath(copy[index], rest, value);
    return copy;
  }
  if (typeof target === "object" && target !== null) {
    const record = target as Record<string, unknown>;
    if (rest.length > 0 && !(String(head) in record))
      throw new DomainError("invalid", "content.invalid", [String(head), "campo inexistente"]);
    return { ...record, [String(head)]: setAtPath(record[String(head)], rest, value) };
  }
  throw new DomainError("invalid", "content.invalid", [String(head), "campo inexistente"]);
}

/** Parses `plans.2.name` into ["plans", 2, "name"]. */
export function parsePath(path: string): (string | number)[] {
  return path
    .split(".")
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Checks data against the document's schema; the error names the first wrong field. */
export function validateDocument<N extends DocumentName>(
  name: N,
  data: unknown,
): z.output<(typeof documentSchemas)[N]> {
  const result = documentSchemas[name].safeParse(data);
  if (result.success) {
    // An icon the site does not draw would show as a plain dot on the page (decision 116).
    const [icon] = unknownIcons(result.data);
    if (icon) throw new DomainError("invalid", "content.unknownIcon", [icon.path, icon.name]);
    return result.data as z.output<(typeof documentSchemas)[N]>;
  }
  // Every problem at once, each by the labels of its field: the editor marks them all (decision 133).
  const problems = contentProblems(name, result.error.issues);
  const [first] = problems;
  const more = problems.length > 1 ? ` (e mais ${problems.length - 1})` : "";
  throw new DomainError("invalid", "content.invalid", [first!.field, `${first!.message}${more}`], {
    details: { problems },
  });
}

export interface SaveInput {
  name: string;
  level: ContentLevel;
  change: SaveChange;
  author: string;
  ifMatch?: string | null;
  /** More writes that belong to the save (a publish deletes its draft): all or nothing. */
  alsoInTransaction?: (tx: Database, saved: { version: number }) => Promise<void>;
  /**
   * What the audit log records of the save (decision 072), `author` its actor, in the save's
   * transaction: content.save with the part saved unless the operation names its own (a restore,
   * a publication).
   */
  recordAs?: { action: string; detail: (saved: { version: number }) => Record<string, unknown> };
}

/** The part of a document a save changed, as the audit log says it. */
function savedPart(change: SaveChange): string {
  if (change.kind === "at") return change.path.join(".");
  return change.kind === "patch" ? "merge-patch" : "document";
}

export class ContentAdmin {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly cache: Cache,
    now?: () => Date,
    /** The platform's audit log; by default one over `db`. */
    private readonly audit: AuditLog = new AuditLog(db, now),
  ) {
    this.now = now ?? (() => new Date());
  }

  /** Every document type, with the levels at which it is stored (B §3.9 "JSON file list"). */
  async files(): Promise<{ filename: string; name: string; levels: LevelInfo[] }[]> {
    const rows = await this.db
      .select({
        name: contentDocuments.name,
        segment: contentDocuments.segment,
        lang: contentDocuments.lang,
        version: contentDocuments.version,
        source: contentDocuments.source,
        updatedAt: contentDocuments.updatedAt,
        updatedBy: contentDocuments.updatedBy,
      })
      .from(contentDocuments)
      .orderBy(asc(contentDocuments.name), asc(contentDocuments.segment), asc(contentDocuments.lang));
    return Object.keys(documentSchemas)
      .sort()
      .map((name) => ({
        filename: `${name}.json`,
        name,
        levels: rows
          .filter((row) => row.name === name)
          .map((row) => ({
            segment: row.segment,
            lang: row.lang,
            version: row.version,
            source: row.source,
            updatedAt: row.updatedAt.toISOString(),
            updatedBy: row.updatedBy,
          })),
      }));
  }

  /**
   * The document at one level as it applies there (its changes over the levels below, whole), or a
   * not-found refusal when that level is not stored.
   */
  async read(name: string, level: ContentLevel, db: Database = this.db): Promise<EditableDocument> {
    const stack = await this.stack(db, name, level);
    if (!stack?.current) throw new DomainError("not-found", "content.unknownDocument", [name]);
    return this.editable(stack.current, stack.effective());
  }

  /**
   * What a level inherits (decision 101): the document the levels below make, and for each of its
   * top-level fields the level it comes from. Null for the default level, which inherits nothing.
   */
  async inheritance(
    name: string,
    level: ContentLevel,
  ): Promise<{ base: unknown; sources: Record<string, string> } | null> {
    if (isDefaultLevel(level)) return null;
    const stack = await this.stack(this.db, name, level);
    if (!stack || stack.base === null) return null;
    return {
      base: stack.base,
      sources: fieldSources(stack.below, (l) => contentTexts.levelName(l.segment, l.lang)),
    };
  }

  /**
   * Saves a change at one level. `ifMatch` is the tag the editor read: when the stored version
   * moved on since, nothing is saved and the refusal carries the current version. Recorded in the
   * audit log in the same transaction (SaveInput.recordAs).
   */
  async save(input: SaveInput): Promise<EditableDocument> {
    if (!isDocumentName(input.name))
      throw new DomainError("not-found", "content.unknownDocument", [input.name]);
    const saved = await this.db.transaction(async (tx) => {
      const document = await this.saveWithin(tx, input);
      await this.audit.record(this.entryOf(input, document), tx);
      return document;
    });
    // Every copy of this document, at every level and on every instance, is stale now.
    await this.invalidate(input.name);
    return saved;
  }

  /**
   * The writes of a save inside a transaction the caller holds (a scheduled publication, which
   * marks its schedule in the same one). The caller drops the cached copies once it committed:
   * dropped earlier, a reader could cache the old version again before the commit.
   */
  async saveWithin(tx: Database, input: SaveInput): Promise<EditableDocument> {
    const { name, level } = input;
    if (!isDocumentName(name)) throw new DomainError("not-found", "content.unknownDocument", [name]);
    const stack = (await this.stack(tx, name, level, { lock: true }))!;
    const { current } = stack;
    if (input.ifMatch && input.ifMatch !== "*" && (!current || etagOf(current) !== input.ifMatch)) {
      throw new ContentConflict(current ? this.editable(current, stack.effective()) : null);
    }
    if (!current && input.change.kind !== "document")
      throw new DomainError("not-found", "content.unknownDocument", [name]);
    // Changes apply to the document as it applies at this level; the level keeps only what differs
    // from the levels below (the default level, or one with nothing below, keeps it whole).
    const effective = current ? stack.effective() : null;
    const next =
      input.change.kind === "document"
        ? input.change.data
        : input.change.kind === "patch"
          ? mergePatch(effective, input.change.patch)
          : setAtPath(effective, input.change.path, input.change.value);
    const data = validateDocument(name, next);
    const stored =
      stack.base === null ? { data, inherits: false } : { data: diffPatch(stack.base, data), inherits: true };
    const now = this.now();
    const [row] = current
      ? await tx
          .update(contentDocuments)
          .set({
            ...stored,
            source: "admin",
            version: current.version + 1,
            updatedAt: now,
            updatedBy: input.author,
          })
          .where(eq(contentDocuments.id, current.id))
          .returning()
      : await tx
          .insert(contentDocuments)
          .values({ name, ...level, ...stored, source: "admin", updatedAt: now, updatedBy: input.author })
          .returning();
    await tx.insert(contentRevisions).values({
      documentId: row!.id,
      version: row!.version,
      ...stored,
      source: "admin",
      createdAt: now,
      createdBy: input.author,
    });
    await input.alsoInTransaction?.(tx, row!);
    return this.editable(row!, data);
  }

  /** A save's audit entry: who, which document, and what the operation says of it. */
  private entryOf(input: SaveInput, saved: { version: number }): AuditEntry {
    const { action, detail } = input.recordAs ?? {
      action: "content.save",
      detail: (document: { version: number }) => ({
        ...input.level,
        version: document.version,
        part: savedPart(input.change),
      }),
    };
    return { actor: input.author, action, target: `${input.name}.json`, detail: detail(saved) };
  }

  /** Drops every cached copy of a document (every level, every instance). */
  invalidate(name: string): Promise<void> {
    return this.cache.deleteWhere({ name });
  }

  /** The versions of one level's document, newest first. */
  async revisions(name: string, level: ContentLevel): Promise<RevisionInfo[]> {
    const row = (await this.stack(this.db, name, level))?.current;
    if (!row) throw new DomainError("not-found", "content.unknownDocument", [name]);
    const rows = await this.db
      .select({
        version: contentRevisions.version,
        source: contentRevisions.source,
        createdAt: contentRevisions.createdAt,
        createdBy: contentRevisions.createdBy,
      })
      .from(contentRevisions)
      .where(eq(contentRevisions.documentId, row.id))
      .orderBy(desc(contentRevisions.version), desc(contentRevisions.id));
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }

  /** One version's content, as it applies at its level (a stored patch over today's levels below). */
  async revision(name: string, level: ContentLevel, version: number): Promise<unknown> {
    const stack = await this.stack(this.db, name, level);
    if (!stack?.current) throw new DomainError("not-found", "content.unknownDocument", [name]);
    const [found] = await this.db
      .select({ data: contentRevisions.data, inherits: contentRevisions.inherits })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.documentId, stack.current.id), eq(contentRevisions.version, version)))
      .orderBy(desc(contentRevisions.id))
      .limit(1);
    if (!found) throw new DomainError("not-found", "content.noRevision", [version]);
    return found.inherits && stack.base !== null ? mergePatch(stack.base, found.data) : found.data;
  }

  /** Brings an old version back as a new one (a restore is itself a revision): content.restore. */
  async restore(input: {
    name: string;
    level: ContentLevel;
    version: number;
    author: string;
    ifMatch?: string | null;
  }): Promise<EditableDocument> {
    const data = await this.revision(input.name, input.level, input.version);
    return this.save({
      name: input.name,
      level: input.level,
      change: { kind: "document", data },
      author: input.author,
      ifMatch: input.ifMatch,
      recordAs: {
        action: "content.restore",
        detail: (saved) => ({ ...input.level, restored: input.version, version: saved.version }),
      },
    });
  }

  /**
   * Brings one field of an old version back as a new version (decision 100): the value at
   * `from` (by default `path`) in that version is written at `path` in the current document,
   * replacing what is there, or inserted into its list (`mode: "insert"`, an item since removed);
   * when the old version has nothing there (or `mode: "remove"`), the value is removed. The
   * result is saved like any edit: checked by the schema, refused when the document moved on.
   * Recorded as content.restore-field.
   */
  async restoreField(input: {
    name: string;
    level: ContentLevel;
    version: number;
    path: JsonPath;
    from?: JsonPath;
    mode?: "insert" | "remove";
    author: string;
    ifMatch?: string | null;
  }): Promise<EditableDocument> {
    const old = await this.revision(input.name, input.level, input.version);
    const current = await this.read(input.name, input.level);
    const source: Found = input.mode === "remove" ? { found: false } : valueAt(old, input.from ?? input.path);
    if (input.mode === "insert" && !source.found)
      throw new DomainError("invalid", "content.invalid", [
        (input.from ?? input.path).join("."),
        "não existe nesta versão",
      ]);
    let data: unknown;
    try {
      data = restoreAt(current.data, input.path, source, { insert: input.mode === "insert" });
    } catch (error) {
      if (error instanceof JsonPathError)
        throw new DomainError("invalid", "content.invalid", [error.at, error.reason]);
      throw error;
    }
    return this.save({
      name: input.name,
      level: input.level,
      change: { kind: "document", data },
      author: input.author,
      // The change was made from the version read here: a save in between is a conflict, not lost.
      ifMatch: input.ifMatch && input.ifMatch !== "*" ? input.ifMatch : current.etag,
      recordAs: {
        action: "content.restore-field",
        detail: (saved) => ({
          ...input.level,
          restored: input.version,
          path: input.path.join("."),
          ...(input.from ? { from: input.from.join(".") } : {}),
          ...(input.mode ? { mode: input.mode } : {}),
          version: saved.version,
        }),
      },
    });
  }

  /**
   * A level's row with the rows of the levels below it (bottom first): what it inherits (`base`,
   * null for the default level or when nothing below is stored) and the document it makes. Null for
   * an unknown document. `lock` holds the level's row for the transaction (a save).
   */
  private async stack(db: Database, name: string, level: ContentLevel, options: { lock?: boolean } = {}) {
    if (!isDocumentName(name)) return null;
    const order = applyOrder(level.segment || null, level.lang);
    const rows = await db
      .select()
      .from(contentDocuments)
      .where(and(eq(contentDocuments.name, name), or(...order.map((l) => atLevel(name, l)))));
    const at = (l: ContentLevel) =>
      rows.find((row) => row.segment === l.segment && row.lang === l.lang) ?? null;
    const below = order.slice(0, -1).map(at);
    let current = at(level);
    if (options.lock && current) {
      const [locked] = await db
        .select()
        .from(contentDocuments)
        .where(eq(contentDocuments.id, current.id))
        .for("update");
      current = locked ?? null;
    }
    const base = isDefaultLevel(level) ? null : resolveLevels(below);
    return {
      current: current ?? null,
      below,
      base,
      effective: () => resolveLevels([...below, current]),
    };
  }

  /** A level's row with the document as it applies there. */
  private editable(row: typeof contentDocuments.$inferSelect, data: unknown): EditableDocument {
    return {
      name: row.name,
      segment: row.segment,
      lang: row.lang,
      data,
      version: row.version,
      etag: etagOf(row),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy,
    };
  }
}

/** A save refused because the document changed since the editor read it (409). */
export class ContentConflict extends DomainError {
  constructor(readonly current: EditableDocument | null) {
    super("conflict", "content.conflict", [], { details: { current } });
  }
}
