import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { ContentLevel } from "~/lib/content-lookup.ts";
import type { Database } from "../db/client.ts";
import { contentDocuments, contentRevisions } from "../db/schema.ts";
import type { ContentFile } from "./files.ts";

export interface StoredDocument extends ContentLevel {
  id: number;
  name: string;
  data: unknown;
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
            data: file.data,
            source: "seed",
            seedHash: file.hash,
          })
          .onConflictDoNothing()
          .returning({ id: contentDocuments.id });
        // Another instance starting at the same moment inserted it first: nothing left to do.
        if (!created) continue;
        await tx
          .insert(contentRevisions)
          .values({ documentId: created.id, version: 1, data: file.data, source: "seed" });
        report.inserted++;
      } else if (row.source === "admin") {
        report.keptEdited++;
      } else if (row.seedHash === file.hash) {
        report.unchanged++;
      } else {
        const [changed] = await tx
          .update(contentDocuments)
          .set({
            data: file.data,
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
          .values({ documentId: row.id, version: changed.version, data: file.data, source: "seed" });
        report.updated++;
      }
    }
  });
  return report;
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
