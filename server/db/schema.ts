import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * One content document (spec A §3) at one level of the lookup order (A §4):
 * segment '' means "no segment folder", lang '' means "no language folder".
 * Empty strings rather than NULL so the unique index holds for every level.
 */
export const contentDocuments = pgTable(
  "content_documents",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    segment: text("segment").notNull().default(""),
    lang: text("lang").notNull().default(""),
    data: jsonb("data").notNull(),
    version: integer("version").notNull().default(1),
    /** 'seed' while the document is as shipped in content/, 'admin' once someone edited it. */
    source: text("source", { enum: ["seed", "admin"] }).notNull(),
    /** Hash of the shipped file last loaded; lets a new release update untouched documents. */
    seedHash: text("seed_hash"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
    updatedBy: text("updated_by"),
  },
  (t) => [uniqueIndex("content_documents_level_idx").on(t.name, t.segment, t.lang)],
);

/** Every version a document ever had, for audit and undo. */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => contentDocuments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    data: jsonb("data").notNull(),
    source: text("source", { enum: ["seed", "admin"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    createdBy: text("created_by"),
  },
  (t) => [index("content_revisions_document_idx").on(t.documentId, t.version)],
);
