import { fromSaoPauloTime } from "@domain/content/schedule-time.ts";
import { refusalWording } from "@domain/refusals.ts";
import { Cache } from "@server/cache/cache.ts";
import { ContentAdmin } from "@server/content/admin.ts";
import { readContentFiles, readDomainConfig } from "@server/content/files.ts";
import { seedDocuments } from "@server/content/repository.ts";
import { ContentService } from "@server/content/service.ts";
import { EditorialWorkflow } from "@server/content/workflow.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { contentDocuments, contentRevisions, contentSchedules } from "@server/db/schema.ts";
import { contentDir } from "@server/paths.ts";
import { PeriodicJob } from "@server/platform/jobs/periodic-job.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";

const quiet = { info: () => {}, warn: () => {} };
const DEFAULT = { segment: "", lang: "" };
const EN = { segment: "", lang: "en" };

afterAll(dropCreatedDatabases);

/**
 * The editorial workflow (decision 100) against the embedded database and PostgreSQL: a draft never
 * reaches the public reads (nor their cache); a preview sees it without caching it; publishing is
 * one revision; a scheduled publication runs once even when two instances run the loop at the
 * same moment, and a schedule that would overwrite a later publication fails with its reason.
 */
describe.each(databaseTargets())("editorial workflow on $name", (target) => {
  let handle: DatabaseHandle;
  let clock: Date;
  const now = () => clock;

  /** One instance: its own cache, content service and workflow over the shared database. */
  function instance() {
    const cache = new Cache({ remote: null });
    const admin = new ContentAdmin(handle.db, cache, now);
    return {
      cache,
      content: new ContentService(handle.db, cache),
      workflow: new EditorialWorkflow({ db: handle.db, admin, logger: quiet, now }),
    };
  }

  beforeEach(async () => {
    handle = await target.open();
    const domains = await readDomainConfig(contentDir);
    await seedDocuments(handle.db, await readContentFiles(contentDir, domains));
    clock = new Date("2026-11-26T12:00:00Z");
  });
  afterEach(async () => {
    await handle.close();
  });

  /** The row of one document at one level, as stored. */
  const storedLevel = async (name: string, level: { segment: string; lang: string }) =>
    (
      await handle.db
        .select()
        .from(contentDocuments)
        .where(
          and(
            eq(contentDocuments.name, name),
            eq(contentDocuments.segment, level.segment),
            eq(contentDocuments.lang, level.lang),
          ),
        )
    )[0];

  const docTitle = async (content: ContentService, lang = "pt") =>
    ((await content.get("testimonials-data", { segment: null, lang }))!.data as { title: string }).title;

  async function titleDraft(workflow: EditorialWorkflow, title: string, level = DEFAULT) {
    // The document as it applies at that level (a level stores only what it changes).
    const published = await new ContentAdmin(handle.db, new Cache({ remote: null }), now).read(
      "testimonials-data",
      level,
    );
    return workflow.saveDraft({
      name: "testimonials-data",
      level,
      data: { ...(published.data as object), title },
      author: "editora@example.com",
    });
  }

  it("a draft never reaches the public reads or their cache; a preview sees it and caches nothing", async () => {
    const { content, workflow, cache } = instance();
    const before = await docTitle(content);
    const draft = await titleDraft(workflow, "Rascunho do título");
    expect(draft.baseVersion).toBe(1);
    // Saving again bumps the draft's own tag, never a revision of the document.
    const again = await workflow.saveDraft({
      name: "testimonials-data",
      level: DEFAULT,
      data: draft.data,
      author: "editora@example.com",
      ifMatch: draft.etag,
    });
    expect(again.etag).not.toBe(draft.etag);
    const revisions = await handle.db.select().from(contentRevisions);
    expect(revisions.filter((r) => r.source === "admin")).toHaveLength(0);
    expect(await docTitle(content)).toBe(before);

    const preview = content.withDraft({
      name: "testimonials-data",
      ...DEFAULT,
      data: again.data,
      updatedAt: new Date(),
    });
    expect(await docTitle(preview)).toBe("Rascunho do título");
    // The cache still holds the published one, for everyone else.
    const cached = await cache.peek<{ data: { title: string } }>("default:testimonials-data:pt");
    expect(cached?.data.data.title).toBe(before);
    expect(await docTitle(content)).toBe(before);
  });

  it("a stale draft tag is refused with 409 and the draft saved since", async () => {
    const { workflow } = instance();
    const first = await titleDraft(workflow, "Primeira");
    await workflow.saveDraft({
      name: "testimonials-data",
      level: DEFAULT,
      data: first.data,
      author: "a@example.com",
      ifMatch: first.etag,
    });
    await expect(
      workflow.saveDraft({
        name: "testimonials-data",
        level: DEFAULT,
        data: first.data,
        author: "b@example.com",
        ifMatch: first.etag,
      }),
    ).rejects.toMatchObject({ kind: "conflict", message: refusalWording("pt", "workflow.draftConflict") });
  });

  it("publishing makes the draft live as one revision, drops the draft and the cached copies", async () => {
    const { content, workflow } = instance();
    await docTitle(content); // cached now
    await titleDraft(workflow, "Publicado agora");
    const published = await workflow.publish({
      name: "testimonials-data",
      level: DEFAULT,
      author: "admin@example.com",
    });
    expect(published.version).toBe(2);
    expect(await docTitle(content)).toBe("Publicado agora");
    expect(await workflow.draft("testimonials-data", DEFAULT)).toBeNull();
    await expect(
      workflow.publish({ name: "testimonials-data", level: DEFAULT, author: "admin@example.com" }),
    ).rejects.toMatchObject({
      kind: "not-found",
      message: refusalWording("pt", "workflow.noDraft"),
    });
  });

  it("a scheduled publication runs once even when two instances run the loop at the same moment", async () => {
    const a = instance();
    const b = instance();
    await docTitle(a.content);
    await docTitle(b.content);
    await titleDraft(a.workflow, "Agendado", EN);
    const runAt = fromSaoPauloTime("2026-11-26T09:30")!; // 12:30 UTC
    const schedule = await a.workflow.schedulePublish({
      name: "testimonials-data",
      level: EN,
      runAt,
      author: "admin@example.com",
    });
    expect(schedule.runAtLabel).toBe("26/11/2026 às 09:30");
    // Before its time nothing runs.
    expect((await a.workflow.runDue(clock)).ran).toBe(0);
    clock = new Date("2026-11-26T12:30:05Z");
    const jobs = [a, b].map(
      (instance) =>
        new PeriodicJob({
          db: handle.db,
          name: "content-schedules",
          leaseMs: 60_000,
          intervalMs: 30_000,
          logger: quiet,
          failureMessage: "failed",
          now,
          work: (startedAt) => instance.workflow.runDue(startedAt),
        }),
    );
    const results = await Promise.all([
      jobs[0]!.run(),
      jobs[1]!.run(),
      a.workflow.runDue(clock),
      b.workflow.runDue(clock),
    ]);
    const ran = results.reduce((sum, result) => sum + (result?.ran ?? 0), 0);
    expect(ran).toBe(1);
    const [row] = await handle.db.select().from(contentSchedules).where(eq(contentSchedules.id, schedule.id));
    expect(row).toMatchObject({ status: "done", result: "versão 2" });
    const doc = await storedLevel("testimonials-data", EN);
    expect(doc!.version).toBe(2);
    // Both instances dropped their cached copy: each serves the new title at once.
    expect(await docTitle(a.content, "en")).toBe("Agendado");
    expect(await docTitle(b.content, "en")).toBe("Agendado");
    expect(await a.workflow.draft("testimonials-data", EN)).toBeNull();
  });

  it("a schedule never overwrites a version published after it was made: it fails, saying why", async () => {
    const { workflow } = instance();
    await titleDraft(workflow, "Agendado");
    const schedule = await workflow.schedulePublish({
      name: "testimonials-data",
      level: DEFAULT,
      runAt: new Date("2026-11-26T13:00:00Z"),
      author: "admin@example.com",
    });
    await titleDraft(workflow, "Corrigido à mão");
    await workflow.publish({ name: "testimonials-data", level: DEFAULT, author: "admin@example.com" });
    clock = new Date("2026-11-26T13:00:30Z");
    expect(await workflow.runDue(clock)).toMatchObject({ ran: 0, failed: 1 });
    const { recent } = await workflow.schedules();
    expect(recent.find((row) => row.id === schedule.id)).toMatchObject({
      status: "failed",
      result: refusalWording("pt", "workflow.moved", 1, 2),
    });
  });

  it("unpublishes a blog post at its time: gone from the public reads, kept for staff", async () => {
    const { content, workflow } = instance();
    const blog = async () =>
      (
        (await content.get("blog-data", { segment: null, lang: "pt" }))!.data as { posts: { slug: string }[] }
      ).posts.map((p) => p.slug);
    const slug = (await blog())[0]!;
    const schedule = await workflow.scheduleUnpublish({
      name: "blog-data",
      level: DEFAULT,
      item: slug,
      runAt: new Date("2026-11-26T12:05:00Z"),
      author: "admin@example.com",
    });
    expect(schedule.itemLabel).toBeTruthy();
    await expect(
      workflow.scheduleUnpublish({
        name: "blog-data",
        level: DEFAULT,
        item: "nao-existe",
        runAt: new Date("2026-11-26T12:05:00Z"),
        author: "a",
      }),
    ).rejects.toMatchObject({ message: refusalWording("pt", "workflow.noItem", "nao-existe") });
    clock = new Date("2026-11-26T12:06:00Z");
    expect((await workflow.runDue(clock)).ran).toBe(1);
    expect(await blog()).not.toContain(slug);
    const stored = await storedLevel("blog-data", { segment: "", lang: "" });
    const post = (stored!.data as { posts: { slug: string; published?: boolean }[] }).posts.find(
      (p) => p.slug === slug,
    );
    expect(post?.published).toBe(false);
  });

  it("a level keeps only what it changes: an edit of the default reaches it where it does not differ", async () => {
    const { content, cache } = instance();
    const admin = new ContentAdmin(handle.db, cache, now);
    const agro = { segment: "agronegocio", lang: "" };
    type Why = { title: string; exploreText: string; subtitle: string };
    const seen = async (segment: string | null, lang = "pt") =>
      (await content.get("why-choose-data", { segment, lang }))!.data as Why;
    const before = await seen("agronegocio");
    // The segment's level stores its own fields only: the link text comes from the default.
    const row = await storedLevel("why-choose-data", { segment: "agronegocio", lang: "" });
    expect(row!.inherits).toBe(true);
    expect(Object.keys(row!.data as object)).not.toContain("exploreText");
    expect(await admin.inheritance("why-choose-data", agro)).toMatchObject({
      sources: { exploreText: "Padrão" },
    });

    const defaults = (await admin.read("why-choose-data", DEFAULT)).data as Why;
    await admin.save({
      name: "why-choose-data",
      level: DEFAULT,
      change: {
        kind: "document",
        data: { ...defaults, exploreText: "Veja mais", title: "Novo título padrão" },
      },
      author: "admin@example.com",
    });
    const after = await seen("agronegocio");
    expect(after.exploreText).toBe("Veja mais");
    // What the segment changes stays its own.
    expect(after.title).toBe(before.title);
    expect((await seen(null)).title).toBe("Novo título padrão");

    // Saving the whole document at the segment's level stores the difference again, and going back
    // to the default's value there makes the field inherit.
    const level = (await admin.read("why-choose-data", agro)).data as Why;
    await admin.save({
      name: "why-choose-data",
      level: agro,
      change: { kind: "document", data: { ...level, subtitle: defaults.subtitle } },
      author: "admin@example.com",
    });
    const saved = await storedLevel("why-choose-data", { segment: "agronegocio", lang: "" });
    expect(Object.keys(saved!.data as object).sort()).toEqual(["cta", "features", "title"]);
    expect((await admin.inheritance("why-choose-data", agro))!.sources.subtitle).toBe("Padrão");
  });

  it("cancels and moves pending schedules; refuses times in the past and finished ones", async () => {
    const { workflow } = instance();
    await titleDraft(workflow, "Agendado");
    const schedule = await workflow.schedulePublish({
      name: "testimonials-data",
      level: DEFAULT,
      runAt: new Date("2026-11-27T12:00:00Z"),
      author: "admin@example.com",
    });
    await expect(
      workflow.reschedule(schedule.id, new Date("2026-11-26T11:00:00Z"), "a"),
    ).rejects.toMatchObject({
      kind: "invalid",
    });
    const moved = await workflow.reschedule(schedule.id, fromSaoPauloTime("2026-11-28T08:00"), "a");
    expect(moved.runAtLabel).toBe("28/11/2026 às 08:00");
    expect((await workflow.schedules()).pending.map((row) => row.id)).toEqual([schedule.id]);
    const cancelled = await workflow.cancel(schedule.id, "admin@example.com");
    expect(cancelled.status).toBe("cancelled");
    await expect(workflow.cancel(schedule.id, "admin@example.com")).rejects.toMatchObject({
      kind: "conflict",
      message: refusalWording("pt", "workflow.notPending"),
    });
    await expect(workflow.cancel("00000000-0000-4000-8000-000000000000", "a")).rejects.toMatchObject({
      kind: "not-found",
    });
    expect((await workflow.schedules()).pending).toEqual([]);
  });
});
