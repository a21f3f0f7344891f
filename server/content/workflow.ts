import { randomUUID } from "node:crypto";
import { markUnpublished } from "@domain/content/published.ts";
import { scheduleTimeProblem } from "@domain/content/schedule-time.ts";
import { type DocumentName, isDocumentName } from "@domain/content/schemas.ts";
import type { ScheduleAction } from "@domain/content/stored.ts";
import type { ContentLevel } from "@domain/content-lookup.ts";
import { formatDayAtTime } from "@domain/format.ts";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { contentDocuments, contentDrafts, contentSchedules } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import type { Logger } from "../logger.ts";
import { type ContentAdmin, type EditableDocument, validateDocument } from "./admin.ts";

/**
 * The editorial workflow (decision 100): a draft per document and level that the public site never
 * reads, its publication (one revision, every cache dropped), and changes due at a time: publish a
 * snapshot of a draft, or unpublish one blog post or content page. Schedules are rows that the
 * job loop runs once (the periodic job of server/content/build.ts): the row is locked and marked in
 * the same transaction as the publication, so two instances never both run one, and a restart loses
 * none.
 */

export interface DraftInfo extends ContentLevel {
  name: string;
  data: unknown;
  /** The draft's own version tag (If-Match of the next draft save). */
  etag: string;
  baseVersion: number | null;
  updatedAt: string;
  updatedBy: string | null;
}

export interface ScheduleRow extends ContentLevel {
  id: string;
  action: ScheduleAction;
  name: string;
  item: string | null;
  itemLabel: string | null;
  runAt: string;
  /** São Paulo's time of runAt, as staff read it. */
  runAtLabel: string;
  status: "pending" | "done" | "cancelled" | "failed";
  result: string | null;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
}

const draftTag = (row: { id: number; revision: number }) => `"draft-${row.id}-${row.revision}"`;

/** The rows of one document at one level, in any of the content tables. */
function atLevel(
  table: { name: PgColumn; segment: PgColumn; lang: PgColumn },
  name: string,
  level: ContentLevel,
) {
  return and(eq(table.name, name), eq(table.segment, level.segment), eq(table.lang, level.lang));
}

export class EditorialWorkflow {
  private readonly now: () => Date;
  private readonly audit: AuditLog;

  constructor(
    private readonly options: {
      db: Database;
      admin: ContentAdmin;
      logger: Pick<Logger, "info" | "warn">;
      now?: () => Date;
      /** The platform's audit log (decision 072); by default one over `db`. */
      audit?: AuditLog;
    },
  ) {
    this.now = options.now ?? (() => new Date());
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  private get db() {
    return this.options.db;
  }

  /** The draft of one level, or null. */
  async draft(name: string, level: ContentLevel): Promise<DraftInfo | null> {
    this.checkName(name);
    const [row] = await this.db
      .select()
      .from(contentDrafts)
      .where(atLevel(contentDrafts, name, level));
    return row ? draftInfo(row) : null;
  }

  /** Every level that has a draft (the file list marks them). */
  async draftLevels(): Promise<{ name: string; segment: string; lang: string; updatedAt: string }[]> {
    const rows = await this.db
      .select({
        name: contentDrafts.name,
        segment: contentDrafts.segment,
        lang: contentDrafts.lang,
        updatedAt: contentDrafts.updatedAt,
      })
      .from(contentDrafts);
    return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
  }

  /**
   * Saves the draft of one level (a new one starts from the version published now). Checked by the
   * document's schema, so a draft can always be previewed and published; never a revision, never
   * a cache change. `ifMatch` is the draft tag the editor read: another person's save in between
   * is refused with 409 rather than overwritten.
   */
  async saveDraft(input: {
    name: string;
    level: ContentLevel;
    data: unknown;
    author: string;
    ifMatch?: string | null;
  }): Promise<DraftInfo> {
    const { name, level } = input;
    this.checkName(name);
    const data = validateDocument(name, input.data);
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(contentDrafts)
        .where(atLevel(contentDrafts, name, level))
        .for("update");
      if (current && input.ifMatch && input.ifMatch !== "*" && draftTag(current) !== input.ifMatch)
        throw new DomainError("conflict", "workflow.draftConflict", [], {
          details: { current: draftInfo(current) },
        });
      if (current) {
        const [row] = await tx
          .update(contentDrafts)
          .set({ data, revision: current.revision + 1, updatedAt: now, updatedBy: input.author })
          .where(eq(contentDrafts.id, current.id))
          .returning();
        return draftInfo(row!);
      }
      const [published] = await tx
        .select({ version: contentDocuments.version })
        .from(contentDocuments)
        .where(atLevel(contentDocuments, name, level));
      const [row] = await tx
        .insert(contentDrafts)
        .values({
          name,
          ...level,
          data,
          baseVersion: published?.version ?? null,
          updatedAt: now,
          updatedBy: input.author,
        })
        .onConflictDoUpdate({
          target: [contentDrafts.name, contentDrafts.segment, contentDrafts.lang],
          set: {
            data,
            revision: sql`${contentDrafts.revision} + 1`,
            updatedAt: now,
            updatedBy: input.author,
          },
        })
        .returning();
      return draftInfo(row!);
    });
  }

  /** Throws the draft away; the published document is untouched. Recorded as content.draft-discard. */
  async discardDraft(name: string, level: ContentLevel, author: string): Promise<boolean> {
    this.checkName(name);
    const deleted = await this.db
      .delete(contentDrafts)
      .where(atLevel(contentDrafts, name, level))
      .returning({ id: contentDrafts.id });
    if (deleted.length > 0) await this.record(author, "content.draft-discard", name, { ...level });
    return deleted.length > 0;
  }

  /**
   * Publishes the draft: one revision, the draft deleted in the same transaction, every cached copy
   * dropped (ContentAdmin.save). `ifMatch` is the published version tag the editor read: a version
   * someone published since is not overwritten unless the editor sends the new tag. Recorded as
   * content.publish in the same transaction.
   */
  async publish(input: {
    name: string;
    level: ContentLevel;
    author: string;
    ifMatch?: string | null;
  }): Promise<EditableDocument> {
    const draft = await this.draft(input.name, input.level);
    if (!draft) throw new DomainError("not-found", "workflow.noDraft");
    return this.options.admin.save({
      name: input.name,
      level: input.level,
      change: { kind: "document", data: draft.data },
      author: input.author,
      ifMatch: input.ifMatch,
      // Only this draft: one saved after the publish began stays for the next one.
      alsoInTransaction: async (tx) => {
        await tx
          .delete(contentDrafts)
          .where(
            and(
              atLevel(contentDrafts, input.name, input.level),
              eq(contentDrafts.updatedAt, new Date(draft.updatedAt)),
            ),
          );
      },
      recordAs: {
        action: "content.publish",
        detail: (saved) => ({ ...input.level, version: saved.version }),
      },
    });
  }

  /**
   * Schedules the publication of the draft as it is now (later edits need a new schedule); recorded
   * as content.schedule-publish.
   */
  async schedulePublish(input: {
    name: string;
    level: ContentLevel;
    runAt: Date | null;
    author: string;
  }): Promise<ScheduleRow> {
    this.checkTime(input.runAt);
    const draft = await this.draft(input.name, input.level);
    if (!draft) throw new DomainError("not-found", "workflow.noDraft");
    const [row] = await this.db
      .insert(contentSchedules)
      .values({
        id: randomUUID(),
        action: "publish",
        name: input.name,
        ...input.level,
        data: draft.data,
        baseVersion: await this.publishedVersion(this.db, input.name, input.level),
        runAt: input.runAt!,
        createdBy: input.author,
        createdAt: this.now(),
      })
      .returning();
    return this.scheduled(input.author, "content.schedule-publish", scheduleRow(row!));
  }

  /**
   * Schedules taking one blog post (slug) or content page (path) off the site; recorded as
   * content.schedule-unpublish.
   */
  async scheduleUnpublish(input: {
    name: string;
    level: ContentLevel;
    item: string;
    runAt: Date | null;
    author: string;
  }): Promise<ScheduleRow> {
    if (input.name !== "blog-data" && input.name !== "pages-data")
      throw new DomainError("invalid", "workflow.notUnpublishable");
    this.checkTime(input.runAt);
    const published = await this.options.admin.read(input.name, input.level);
    const list = (published.data as Record<string, unknown[]>)[
      input.name === "blog-data" ? "posts" : "pages"
    ];
    const key = input.name === "blog-data" ? "slug" : "path";
    const item = (list ?? []).find((entry) => (entry as Record<string, unknown>)[key] === input.item) as
      | { title?: string; seo?: { title?: string } }
      | undefined;
    if (!item) throw new DomainError("invalid", "workflow.noItem", [input.item]);
    const [row] = await this.db
      .insert(contentSchedules)
      .values({
        id: randomUUID(),
        action: "unpublish",
        name: input.name,
        ...input.level,
        item: input.item,
        itemLabel: item.title ?? item.seo?.title ?? `/${input.item}`,
        runAt: input.runAt!,
        createdBy: input.author,
        createdAt: this.now(),
      })
      .returning();
    return this.scheduled(input.author, "content.schedule-unpublish", scheduleRow(row!));
  }

  /** Schedules, pending first by time, then the last finished ones (for the dashboard). */
  async schedules(filter: { name?: string; level?: ContentLevel; recentLimit?: number } = {}): Promise<{
    pending: ScheduleRow[];
    recent: ScheduleRow[];
  }> {
    const scope = filter.name
      ? filter.level
        ? atLevel(contentSchedules, filter.name, filter.level)
        : eq(contentSchedules.name, filter.name)
      : undefined;
    const pending = await this.db
      .select()
      .from(contentSchedules)
      .where(and(eq(contentSchedules.status, "pending"), scope))
      .orderBy(asc(contentSchedules.runAt));
    const recent = await this.db
      .select()
      .from(contentSchedules)
      .where(and(inArray(contentSchedules.status, ["done", "failed", "cancelled"]), scope))
      .orderBy(desc(contentSchedules.finishedAt))
      .limit(filter.recentLimit ?? 10);
    return { pending: pending.map(scheduleRow), recent: recent.map(scheduleRow) };
  }

  /** Cancels a pending schedule; recorded as content.schedule-cancel. */
  async cancel(id: string, author: string): Promise<ScheduleRow> {
    const schedule = await this.changePending(id, {
      status: "cancelled",
      result: `Cancelado por ${author}`,
      finishedAt: this.now(),
    });
    await this.record(author, "content.schedule-cancel", schedule.name, {
      id: schedule.id,
      runAt: schedule.runAt,
    });
    return schedule;
  }

  /** Moves a pending schedule to another time; recorded as content.schedule-move. */
  async reschedule(id: string, runAt: Date | null, author: string): Promise<ScheduleRow> {
    this.checkTime(runAt);
    const schedule = await this.changePending(id, { runAt: runAt! });
    await this.record(author, "content.schedule-move", schedule.name, {
      id: schedule.id,
      runAt: schedule.runAt,
    });
    return schedule;
  }

  /** A new schedule in the audit log: its level, when it runs and the item it takes off. */
  private async scheduled(author: string, action: string, schedule: ScheduleRow): Promise<ScheduleRow> {
    const level = { segment: schedule.segment, lang: schedule.lang };
    await this.record(author, action, schedule.name, {
      ...level,
      runAt: schedule.runAt,
      item: schedule.item,
    });
    return schedule;
  }

  /** A staff member's change of a document's drafts or schedules in the audit log. */
  private record(
    author: string,
    action: string,
    name: string,
    detail: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record({ actor: author, action, target: `${name}.json`, detail });
  }

  /**
   * Runs every pending schedule due at `now`, oldest first, each in its own transaction with its row
   * locked (SKIP LOCKED: another instance running the same moment takes the others). A schedule that
   * cannot run (the published version moved, the item is gone) is marked failed with the reason.
   * Answers the names whose published content changed.
   */
  async runDue(now: Date): Promise<{ ran: number; failed: number; changed: string[] }> {
    const report = { ran: 0, failed: 0, changed: [] as string[] };
    for (;;) {
      const outcome = await this.db.transaction(async (tx) => {
        const [due] = await tx
          .select()
          .from(contentSchedules)
          .where(and(eq(contentSchedules.status, "pending"), lte(contentSchedules.runAt, now)))
          .orderBy(asc(contentSchedules.runAt))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!due) return null;
        const level = { segment: due.segment, lang: due.lang };
        try {
          const published = await this.applySchedule(tx, due, level);
          await tx
            .update(contentSchedules)
            .set({ status: "done", result: `versão ${published.version}`, finishedAt: this.now() })
            .where(eq(contentSchedules.id, due.id));
          return { kind: "done" as const, name: due.name };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          await tx
            .update(contentSchedules)
            .set({ status: "failed", result: error.message, finishedAt: this.now() })
            .where(eq(contentSchedules.id, due.id));
          return { kind: "failed" as const, name: due.name, reason: error.message };
        }
      });
      if (!outcome) return report;
      if (outcome.kind === "done") {
        // Committed: now the cached copies go (dropped before, a reader could cache the old one again).
        await this.options.admin.invalidate(outcome.name);
        report.ran++;
        report.changed.push(outcome.name);
      } else {
        report.failed++;
        this.options.logger.warn(
          { document: outcome.name, reason: outcome.reason },
          "scheduled content change failed",
        );
      }
    }
  }

  /** Publishes what a due schedule says, inside the transaction that marks it done. */
  private async applySchedule(
    tx: Database,
    due: typeof contentSchedules.$inferSelect,
    level: ContentLevel,
  ): Promise<{ version: number }> {
    const save = (data: unknown) =>
      this.options.admin.saveWithin(tx, {
        name: due.name,
        level,
        change: { kind: "document", data },
        author: `agendamento de ${due.createdBy}`,
      });
    if (due.action === "publish") {
      const current = await this.publishedVersion(tx, due.name, level);
      if (current !== null && current !== due.baseVersion)
        throw new DomainError("conflict", "workflow.moved", [due.baseVersion, current]);
      const saved = await save(due.data);
      // The draft it came from is done with, unless someone kept editing it after scheduling.
      await tx
        .delete(contentDrafts)
        .where(
          and(
            atLevel(contentDrafts, due.name, level),
            sql`${contentDrafts.data} = ${JSON.stringify(due.data)}::jsonb`,
          ),
        );
      return saved;
    }
    // The document as it applies at its level (a level may store only its changes).
    const published = await this.options.admin.read(due.name, level, tx).catch(() => null);
    const next = published ? markUnpublished(due.name, published.data, due.item!) : null;
    if (!next) throw new DomainError("invalid", "workflow.noItem", [due.item!]);
    const saved = await save(next);
    // A draft of the same level would bring the item back when published: it is taken off there too.
    const [draft] = await tx
      .select()
      .from(contentDrafts)
      .where(atLevel(contentDrafts, due.name, level));
    const draftNext = draft ? markUnpublished(due.name, draft.data, due.item!) : null;
    if (draft && draftNext)
      await tx
        .update(contentDrafts)
        .set({ data: draftNext, revision: draft.revision + 1 })
        .where(eq(contentDrafts.id, draft.id));
    return saved;
  }

  private async changePending(
    id: string,
    change: Partial<typeof contentSchedules.$inferInsert>,
  ): Promise<ScheduleRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new DomainError("not-found", "workflow.noSchedule");
    const [row] = await this.db
      .update(contentSchedules)
      .set(change)
      .where(and(eq(contentSchedules.id, id), eq(contentSchedules.status, "pending")))
      .returning();
    if (row) return scheduleRow(row);
    const [exists] = await this.db
      .select({ id: contentSchedules.id })
      .from(contentSchedules)
      .where(eq(contentSchedules.id, id));
    throw exists
      ? new DomainError("conflict", "workflow.notPending")
      : new DomainError("not-found", "workflow.noSchedule");
  }

  private async publishedVersion(db: Database, name: string, level: ContentLevel): Promise<number | null> {
    const [row] = await db
      .select({ version: contentDocuments.version })
      .from(contentDocuments)
      .where(atLevel(contentDocuments, name, level));
    return row?.version ?? null;
  }

  private checkName(name: string): asserts name is DocumentName {
    if (!isDocumentName(name)) throw new DomainError("not-found", "content.unknownDocument", [name]);
  }

  private checkTime(runAt: Date | null): void {
    const problem = scheduleTimeProblem(runAt, this.now());
    if (problem) throw new DomainError("invalid", problem);
  }
}

function draftInfo(row: typeof contentDrafts.$inferSelect): DraftInfo {
  return {
    name: row.name,
    segment: row.segment,
    lang: row.lang,
    data: row.data,
    etag: draftTag(row),
    baseVersion: row.baseVersion,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

function scheduleRow(row: typeof contentSchedules.$inferSelect): ScheduleRow {
  return {
    id: row.id,
    action: row.action,
    name: row.name,
    segment: row.segment,
    lang: row.lang,
    item: row.item,
    itemLabel: row.itemLabel,
    runAt: row.runAt.toISOString(),
    runAtLabel: formatDayAtTime(row.runAt),
    status: row.status,
    result: row.result,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
