import { request } from "node:http";
import { applyOrder, resolveLevels } from "@domain/content/merge-patch.ts";
import type { ContentLevel } from "@domain/content-lookup.ts";
import { readContentFiles, readDomainConfig } from "@server/content/files.ts";
import { migrateLevelsToPatches } from "@server/content/repository.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { contentDocuments } from "@server/db/schema.ts";
import { FORM_TOKEN_SHAPE } from "@server/leads/spam.ts";
import { contentDir } from "@server/paths.ts";
import { type BuiltServices, stopServices } from "@server/services.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshPglite } from "../support/databases.ts";
import { listenInProcess, productionServices } from "../support/in-process-app.ts";

/**
 * The migration of whole-copy levels to inheritance (decision 101): the sample content stored
 * the way it was before (every segment and language level a whole document), every public page and
 * public JSON document rendered; then the levels migrated to what they change, and everything
 * rendered again: the same bytes (but for each answer's own form token).
 */
let handle: DatabaseHandle;
let services: BuiltServices;
let app: Awaited<ReturnType<typeof listenInProcess>>;
let base: string;

beforeAll(async () => {
  handle = await openFreshPglite();
  services = await productionServices(handle);
  app = await listenInProcess(services);
  base = app.url;
});

afterAll(async () => {
  await app?.close();
  await stopServices(services);
});

/** A GET with a Host header (a segment's subdomain), answered as text. */
function get(pathname: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${pathname}`, { headers: { host, "accept-language": "pt-BR" } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.once("error", reject);
    req.end();
  });
}

/** Every public page and JSON document of the main site and of each segment, in both languages. */
async function pagesToCompare(): Promise<{ host: string; path: string }[]> {
  const domains = await readDomainConfig(contentDir);
  const files = await readContentFiles(contentDir, domains);
  const slugs = new Set<string>();
  const pages = new Set<string>();
  for (const file of files) {
    if (file.name === "blog-data")
      for (const post of (file.data as { posts: { slug: string }[] }).posts) slugs.add(post.slug);
    if (file.name === "pages-data")
      for (const page of (file.data as { pages: { path: string; isPublic: boolean }[] }).pages)
        if (page.isPublic) pages.add(page.path);
  }
  const names = [...new Set(files.map((file) => file.name))];
  const paths = [
    "",
    "/planos",
    "/blog",
    "/demo",
    "/contato",
    "/parceiros",
    "/teste-gratis",
    "/newsletter",
    ...[...slugs].map((slug) => `/blog/${slug}`),
    ...[...pages].map((page) => `/${page}`),
  ];
  // The main site, a segment with levels of its own (the others are alike), and one without.
  const hosts = ["localhost", "agronegocio", "distribuicao"].map((h) =>
    h === "localhost" ? h : `${h}.localhost`,
  );
  expect(Object.keys(domains.subdomains)).toEqual(
    expect.arrayContaining(hosts.slice(1).map((h) => h.split(".")[0])),
  );
  return hosts.flatMap((host) => [
    ...["pt", "en"].flatMap((lang) => paths.map((p) => ({ host, path: `/${lang}${p}` }))),
    ...names.flatMap((name) =>
      ["pt", "en"].map((lang) => ({ host, path: `/api/json/public/${name}?lang=${lang}` })),
    ),
  ]);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

async function renderAll(targets: { host: string; path: string }[]): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const target of targets) {
    const { status, body } = await get(target.path, target.host);
    // Each answer's own form token and form request key (a random UUID) are not content.
    const content = body.replace(FORM_TOKEN_SHAPE, "<token>").replace(UUID, "<uuid>");
    answers.set(`${target.host}${target.path}`, `${status}\n${content}`);
  }
  return answers;
}

/** Drops every cached document (and the pages made from them), as a content change does. */
async function dropCaches(names: string[]): Promise<void> {
  for (const name of names) await services.cache.deleteWhere({ name });
}

describe("levels migrated to what they change render the same bytes", () => {
  it("every page and public document, on every host and in both languages", async () => {
    const rows = await handle.db.select().from(contentDocuments);
    const names = [...new Set(rows.map((row) => row.name))];
    const levelsOf = async (name: string, level: ContentLevel) => {
      const stored = await handle.db.select().from(contentDocuments).where(eq(contentDocuments.name, name));
      const order = applyOrder(level.segment || null, level.lang);
      return order.map((l) => stored.find((row) => row.segment === l.segment && row.lang === l.lang) ?? null);
    };
    // The start stored the shipped levels as patches; store them the way they were before decision 101.
    const patched = rows.filter((row) => row.inherits);
    expect(patched.length).toBeGreaterThan(20);
    const whole = new Map<number, unknown>();
    for (const row of patched) whole.set(row.id, resolveLevels(await levelsOf(row.name, row)));
    for (const row of patched)
      await handle.db
        .update(contentDocuments)
        .set({ data: whole.get(row.id), inherits: false })
        .where(eq(contentDocuments.id, row.id));
    await dropCaches(names);

    const targets = await pagesToCompare();
    expect(targets.length).toBeGreaterThan(250);
    const before = await renderAll(targets);
    expect([...before.values()].filter((answer) => answer.startsWith("200")).length).toBeGreaterThan(250);

    expect(await migrateLevelsToPatches(handle.db)).toBe(patched.length);
    // A second run finds nothing left to migrate.
    expect(await migrateLevelsToPatches(handle.db)).toBe(0);
    await dropCaches(names);
    const after = await renderAll(targets);

    const different = targets
      .map((t) => `${t.host}${t.path}`)
      .filter((key) => before.get(key) !== after.get(key));
    expect(different).toEqual([]);

    // The English hero now keeps only what it translates: smaller than the whole copy it was.
    const [enHero] = await handle.db
      .select()
      .from(contentDocuments)
      .where(
        and(
          eq(contentDocuments.name, "hero-section-data"),
          eq(contentDocuments.lang, "en"),
          eq(contentDocuments.segment, ""),
        ),
      );
    expect(enHero!.inherits).toBe(true);
    expect(JSON.stringify(enHero!.data).length).toBeLessThan(JSON.stringify(whole.get(enHero!.id)).length);
  }, 240_000);
});
