import { diffPatch, levelsBelow, resolveLevels } from "@domain/content/merge-patch.ts";
import type { ContentLevel } from "@domain/content-lookup.ts";
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contentDocuments, contentRevisions } from "../db/schema.ts";
import type { ContentFile } from "./files.ts";

export interface StoredDocument extends ContentLevel {
  id: number;
  name: string;
  data: unknown;
  /** `data` is a merge patch over the levels below (decision 101), not a whole document. */
  inherits: boolean;
  version: number;
  updatedAt: Date;
}

/** The stored documents of one name at the given levels (unordered). */
export async function findAtLevels(
  db: Database,
  name: string,
  levels: ContentLevel[],
): Promise<StoredDocument[]> {
  const rows = await db
    .select({
      id: contentDocuments.id,
      name: contentDocuments.name,
      segment: contentDocuments.segment,
      lang: contentDocuments.lang,
      data: contentDocuments.data,
      inherits: contentDocuments.inherits,
      version: contentDocuments.version,
      updatedAt: contentDocuments.updatedAt,
    })
    .from(contentDocuments)
    .where(
      and(
        eq(contentDocuments.name, name),
        or(
          ...levels.map((l) =>
            and(eq(contentDocuments.segment, l.segment), eq(contentDocuments.lang, l.lang)),
          ),
        ),
      ),
    );
  return rows;
}

export interface SeedReport {
  inserted: number;
  updated: number;
  keptEdited: number;
  unchanged: number;
}

/**
 * Loads the shipped files into the database. Idempotent: a document an admin edited is never
 * overwritten; an untouched one follows the shipped file when a release changes it.
 */
export async function seedDocuments(db: Database, files: ContentFile[]): Promise<SeedReport> {
  const report: SeedReport = { inserted: 0, updated: 0, keptEdited: 0, unchanged: 0 };
  if (files.length === 0) return report;
  const stored = storedForms(files);
  await db.transaction(async (tx) => {
    const names = [...new Set(files.map((f) => f.name))];
    const existing = await tx.select().from(contentDocuments).where(inArray(contentDocuments.name, names));
    const byLevel = new Map(existing.map((row) => [`${row.name}|${row.segment}|${row.lang}`, row]));
    for (const file of files) {
      const row = byLevel.get(`${file.name}|${file.segment}|${file.lang}`);
      if (!row) {
        const [created] = await tx
          .insert(contentDocuments)
          .values({
            name: file.name,
            segment: file.segment,
            lang: file.lang,
            ...stored.get(file)!,
            source: "seed",
            seedHash: file.hash,
          })
          .onConflictDoNothing()
          .returning({ id: contentDocuments.id });
        // Another instance starting at the same moment inserted it first: nothing left to do.
        if (!created) continue;
        await tx
          .insert(contentRevisions)
          .values({ documentId: created.id, version: 1, ...stored.get(file)!, source: "seed" });
        report.inserted++;
      } else if (row.source === "admin") {
        report.keptEdited++;
      } else if (row.seedHash === file.hash) {
        report.unchanged++;
      } else {
        const [changed] = await tx
          .update(contentDocuments)
          .set({
            ...stored.get(file)!,
            seedHash: file.hash,
            version: sql`${contentDocuments.version} + 1`,
            updatedAt: sql`now()`,
            updatedBy: null,
          })
          .where(and(eq(contentDocuments.id, row.id), eq(contentDocuments.source, "seed")))
          .returning({ version: contentDocuments.version });
        if (!changed) continue;
        await tx
          .insert(contentRevisions)
          .values({ documentId: row.id, version: changed.version, ...stored.get(file)!, source: "seed" });
        report.updated++;
      }
    }
  });
  return report;
}

/**
 * How each shipped file is stored (decision 101): the default level whole; any other level as what it
 * changes over the shipped levels below it, so a later edit of the default reaches it where it does
 * not differ. A level with nothing below it is stored whole.
 */
export function storedForms(files: ContentFile[]): Map<ContentFile, { data: unknown; inherits: boolean }> {
  const byLevel = new Map(files.map((file) => [`${file.name}|${file.segment}|${file.lang}`, file]));
  const forms = new Map<ContentFile, { data: unknown; inherits: boolean }>();
  const formOf = (file: ContentFile): { data: unknown; inherits: boolean } => {
    const known = forms.get(file);
    if (known) return known;
    const below = levelsBelow(file).map((level) => {
      const lower = byLevel.get(`${file.name}|${level.segment}|${level.lang}`);
      return lower ? { ...level, ...formOf(lower) } : null;
    });
    const base = resolveLevels(below);
    const form =
      base === null
        ? { data: file.data, inherits: false }
        : { data: diffPatch(base, file.data), inherits: true };
    forms.set(file, form);
    return form;
  };
  for (const file of files) formOf(file);
  return forms;
}

/**
 * Migration of stored levels to inheritance (decision 101, after SQL migration 0013): a segment or
 * language level stored as a whole copy becomes what it changes over the levels below it (bottom
 * levels first, so a segment-and-language level is compared with the already migrated ones). What
 * every page shows stays the same; later edits of a lower level now reach the fields a level does
 * not change. Runs at each start; a level already migrated is left alone, so it runs once, and two
 * instances starting together do not both convert a row (it is locked and checked again).
 * Revisions keep their form (each says whether it is a patch).
 */
export async function migrateLevelsToPatches(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const copies = await tx
      .select({
        id: contentDocuments.id,
        name: contentDocuments.name,
        segment: contentDocuments.segment,
        lang: contentDocuments.lang,
      })
      .from(contentDocuments)
      .where(
        and(
          eq(contentDocuments.inherits, false),
          or(ne(contentDocuments.segment, ""), ne(contentDocuments.lang, "")),
        ),
      )
      .for("update");
    // Language and segment levels before segment-and-language ones.
    const depth = (level: ContentLevel) => Number(level.segment !== "" && level.lang !== "");
    copies.sort((a, b) => depth(a) - depth(b));
    let migrated = 0;
    for (const copy of copies) {
      const below = levelsBelow(copy);
      const rows = await findAtLevels(tx, copy.name, [...below, copy]);
      const at = (level: ContentLevel) =>
        rows.find((row) => row.segment === level.segment && row.lang === level.lang) ?? null;
      const self = at(copy);
      const base = resolveLevels(below.map(at));
      if (!self || self.inherits || base === null) continue;
      await tx
        .update(contentDocuments)
        .set({ data: diffPatch(base, self.data), inherits: true })
        .where(and(eq(contentDocuments.id, self.id), eq(contentDocuments.inherits, false)));
      migrated++;
    }
    return migrated;
  });
}

/** An admin's write: a new version, marked as edited so later seeds leave it alone. */
export async function saveDocument(
  db: Database,
  input: ContentLevel & { name: string; data: unknown; author: string },
): Promise<StoredDocument> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentDocuments)
      .values({
        name: input.name,
        segment: input.segment,
        lang: input.lang,
        data: input.data,
        source: "admin",
        updatedBy: input.author,
      })
      .onConflictDoUpdate({
        target: [contentDocuments.name, contentDocuments.segment, contentDocuments.lang],
        set: {
          data: input.data,
          source: "admin",
          version: sql`${contentDocuments.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: input.author,
        },
      })
      .returning();
    if (!row) throw new Error("saveDocument: upsert returned no row");
    await tx.insert(contentRevisions).values({
      documentId: row.id,
      version: row.version,
      data: input.data,
      source: "admin",
      createdBy: input.author,
    });
    return row;
  });
}
