import { Cache } from "@server/cache/cache.ts";
import { readContentFiles, readDomainConfig } from "@server/content/files.ts";
import { findAtLevels, saveDocument, seedDocuments } from "@server/content/repository.ts";
import { ContentService, PRELOADED_DOCUMENTS } from "@server/content/service.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { contentDocuments, contentRevisions } from "@server/db/schema.ts";
import { FormRegistry } from "@server/leads/forms.ts";
import { contentDir } from "@server/paths.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";

const footer = (description: string) => ({
  description,
  sections: [],
  social: { networks: [] },
  contact: { email: "contato@example.com", phone: "(62) 3333-4000" },
  copyright: { text: "Empresa" },
});

const file = (name: string, segment: string, lang: string, data: unknown, hash: string) => ({
  name,
  segment,
  lang,
  data,
  hash,
  file: `data/${[segment, lang, name].filter(Boolean).join("/")}.json`,
});

afterAll(dropCreatedDatabases);

describe.each(databaseTargets())("content store on $name", (target) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await target.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  it("loads the shipped content once: a second seed changes nothing", async () => {
    const domains = await readDomainConfig(contentDir);
    const files = await readContentFiles(contentDir, domains);
    const first = await seedDocuments(handle.db, files);
    expect(first).toEqual({ inserted: files.length, updated: 0, keptEdited: 0, unchanged: 0 });
    const second = await seedDocuments(handle.db, files);
    expect(second).toEqual({ inserted: 0, updated: 0, keptEdited: 0, unchanged: files.length });
    const rows = await handle.db.select().from(contentDocuments);
    expect(rows).toHaveLength(files.length);
    const revisions = await handle.db.select().from(contentRevisions);
    expect(revisions).toHaveLength(files.length);
  });

  it("follows a changed shipped file while nobody edited the document", async () => {
    await seedDocuments(handle.db, [file("footer-data", "", "", footer("v1"), "h1")]);
    const report = await seedDocuments(handle.db, [file("footer-data", "", "", footer("v2"), "h2")]);
    expect(report.updated).toBe(1);
    const [row] = await findAtLevels(handle.db, "footer-data", [{ segment: "", lang: "" }]);
    expect(row?.data).toMatchObject({ description: "v2" });
    expect(row?.version).toBe(2);
  });

  it("never overwrites an admin's edit at a later start", async () => {
    await seedDocuments(handle.db, [file("footer-data", "", "", footer("shipped"), "h1")]);
    await saveDocument(handle.db, {
      name: "footer-data",
      segment: "",
      lang: "",
      data: footer("edited by admin"),
      author: "admin@example.com",
    });
    const report = await seedDocuments(handle.db, [file("footer-data", "", "", footer("new release"), "h2")]);
    expect(report).toMatchObject({ keptEdited: 1, updated: 0, inserted: 0 });
    const [row] = await findAtLevels(handle.db, "footer-data", [{ segment: "", lang: "" }]);
    expect(row?.data).toMatchObject({ description: "edited by admin" });
    const [doc] = await handle.db
      .select()
      .from(contentDocuments)
      .where(eq(contentDocuments.name, "footer-data"));
    const history = await handle.db
      .select()
      .from(contentRevisions)
      .where(eq(contentRevisions.documentId, doc!.id))
      .orderBy(contentRevisions.version);
    expect(history.map((r) => [r.version, r.source])).toEqual([
      [1, "seed"],
      [2, "admin"],
    ]);
  });

  it("resolves by the lookup order: segment+language, segment, language, default", async () => {
    await seedDocuments(handle.db, [
      file("footer-data", "", "", footer("default"), "a"),
      file("footer-data", "", "en", footer("english"), "b"),
      file("footer-data", "agronegocio", "", footer("agro"), "c"),
      file("footer-data", "agronegocio", "en", footer("agro english"), "d"),
      file("footer-data", "industria", "", footer("industria"), "e"),
    ]);
    const content = new ContentService(handle.db, new Cache());
    const description = async (segment: string | null, lang: string) => {
      const resolved = await content.resolve("footer-data", { segment, lang });
      return (resolved?.data as { description: string } | undefined)?.description;
    };
    expect(await description("agronegocio", "en")).toBe("agro english");
    expect(await description("agronegocio", "pt")).toBe("agro");
    expect(await description("industria", "en")).toBe("industria");
    expect(await description("servicos", "en")).toBe("english");
    expect(await description(null, "en")).toBe("english");
    expect(await description(null, "pt")).toBe("default");
    expect(await description("servicos", "es")).toBe("default");
    expect(await content.resolve("menu_data", { segment: null, lang: "pt" })).toBeNull();
  });

  it("answers from the cache until an edit, then shows the edit everywhere", async () => {
    await seedDocuments(handle.db, [file("footer-data", "", "", footer("before"), "a")]);
    const content = new ContentService(handle.db, new Cache());
    const resolved = await content.resolve("footer-data", { segment: "industria", lang: "pt" });
    expect(resolved?.level).toEqual({ segment: "", lang: "" });
    // A write behind the service's back is not seen while the cached copy is fresh...
    await handle.db.update(contentDocuments).set({ data: footer("sneaky") });
    expect((await content.resolve("footer-data", { segment: "industria", lang: "pt" }))?.data).toMatchObject({
      description: "before",
    });
    // ...while a save through the service invalidates every cached level and language.
    await content.save({
      name: "footer-data",
      segment: "",
      lang: "",
      data: footer("after"),
      author: "admin",
    });
    const after = await content.resolve("footer-data", { segment: "industria", lang: "pt" });
    expect(after?.data).toMatchObject({ description: "after" });
    expect(after?.etag).not.toBe(resolved?.etag);
  });

  it("a form's definition is checked once per stored version, shared frozen, and an edit applies at once", async () => {
    const domains = await readDomainConfig(contentDir);
    const files = await readContentFiles(contentDir, domains);
    await seedDocuments(
      handle.db,
      files.filter((f) => f.name === "form-newsletter"),
    );
    const content = new ContentService(handle.db, new Cache());
    const forms = new FormRegistry(content);
    const first = await forms.get("newsletter");
    expect(first?.title).toBeTruthy();
    expect(await forms.get("newsletter")).toBe(first);
    expect(Object.isFrozen(first?.steps[0]?.fields[0])).toBe(true);
    const [stored] = await findAtLevels(handle.db, "form-newsletter", [{ segment: "", lang: "" }]);
    await content.save({
      name: "form-newsletter",
      segment: "",
      lang: "",
      data: { ...(stored!.data as object), title: "Boletim editado" },
      author: "admin",
    });
    const edited = await forms.get("newsletter");
    expect(edited).not.toBe(first);
    expect(edited?.title).toBe("Boletim editado");
  });

  it("preloads the documents every page needs into the cache (B §9.7)", async () => {
    await seedDocuments(handle.db, [
      file("footer-data", "", "", footer("default"), "a"),
      file("footer-data", "", "en", footer("english"), "b"),
    ]);
    const cache = new Cache();
    const content = new ContentService(handle.db, cache);
    expect(await content.preload(["pt", "en"])).toEqual({
      loaded: PRELOADED_DOCUMENTS.length * 2,
      failed: 0,
    });
    expect(
      (await cache.peek<{ data: { description: string } }>("default:footer-data:en"))?.data?.data,
    ).toMatchObject({
      description: "english",
    });
    // A document nobody wrote yet is remembered as missing, so a page does not look for it again.
    expect(await cache.peek("default:menu_data:pt")).toMatchObject({ data: null });
  });
});
