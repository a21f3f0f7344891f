import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { type Database, type DatabaseHandle, dumpPglite, openDatabase } from "@server/db/client.ts";
import * as schema from "@server/db/schema.ts";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { dataTemplate, templateFile } from "./data-templates.ts";

/**
 * The databases integration tests run against: the embedded PGlite always, and a real
 * PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). An unreachable server then
 * fails the run; it is never skipped.
 */
export interface DatabaseTarget {
  name: "pglite" | "postgres";
  /** A fresh, migrated, empty database. */
  open(): Promise<DatabaseHandle>;
  /** A fresh empty database's URL, for a server process (postgres only). */
  createUrl?(): Promise<string>;
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: "pglite", open: openFreshPglite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    targets.push({
      name: "postgres",
      createUrl: () => createPostgresDatabase(url),
      open: async () => openDatabase({ kind: "postgres", url: await createPostgresDatabase(url) }),
    });
  }
  return targets;
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated template's files, made once per test run by the first process that needs them. */
function migratedPgliteFiles(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const dir = await dataTemplate("pglite-memory", async (into) => {
      const template = await openDatabase({ kind: "pglite-memory" });
      try {
        const dump = await dumpPglite(template);
        writeFileSync(path.join(into, "dump.tar"), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await template.close();
      }
    });
    return new Blob([readFileSync(path.join(dir, "dump.tar"))]);
  })();
  return pgliteTemplate;
}

/** Embedded databases of this process whose tests have closed them: emptied, then handed out again. */
const idlePglite: PGlite[] = [];

/**
 * A fresh, migrated, empty embedded database. The first ones a test process needs are opened from
 * the run's migrated template (about 0.5 s each: a 40 MB copy and PostgreSQL's start in WASM);
 * one a test has closed is emptied (every table truncated, its sequences restarted) and handed to
 * the next test instead, in a few milliseconds. The handle a test got stops working when it closes
 * it, so nothing a test left running reaches the next one's data.
 */
export async function openFreshPglite(): Promise<DatabaseHandle> {
  const reused = idlePglite.pop();
  const client = reused ? await emptied(reused) : await pgliteFromTemplate();
  let closed = false;
  const guarded = new Proxy(client, {
    get(target, key) {
      if (closed && (key === "query" || key === "exec" || key === "transaction"))
        throw new Error("this test database was closed");
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const db = drizzlePglite({ client: guarded, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      idlePglite.push(client);
    },
  };
}

async function pgliteFromTemplate(): Promise<PGlite> {
  // Migrations still run: none is pending, so this only checks the journal.
  const handle = await openDatabase({ kind: "pglite-memory", loadDataDir: await migratedPgliteFiles() });
  return (handle.db as unknown as { $client: PGlite }).$client;
}

/** Every table of the application emptied, as a migrated database starts (the migrations' journal kept). */
async function emptied(client: PGlite): Promise<PGlite> {
  const { rows } = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
  );
  if (rows.length > 0)
    await client.exec(`truncate table ${rows.map((row) => row.name).join(", ")} restart identity cascade`);
  return client;
}

const created: { adminUrl: string; name: string }[] = [];

/**
 * A migrated template database per server and run: a test's database is created as a copy of it,
 * about ten times faster than running the migrations on an empty one. Named after this run's
 * folder of templates, so concurrent runs on one server never share one; dropped at the run's end
 * by the global teardown (dropTemplateDatabases).
 */
const templateDatabases = new Map<string, Promise<string>>();

function templateDatabase(adminUrl: string): Promise<string> {
  let made = templateDatabases.get(adminUrl);
  if (!made) {
    made = dataTemplate("postgres-template", async (dir) => {
      const name = `tpl_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
      await adminQuery(adminUrl, `create database ${name}`);
      const handle = await openDatabase({ kind: "postgres", url: databaseUrl(adminUrl, name) });
      await handle.close();
      writeFileSync(path.join(dir, "name"), name);
    }).then((dir) => readFileSync(path.join(dir, "name"), "utf8"));
    templateDatabases.set(adminUrl, made);
  }
  return made;
}

/** Creates a migrated database next to the one in adminUrl; dropped by dropCreatedDatabases(). */
export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const template = await templateDatabase(adminUrl);
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  created.push({ adminUrl, name });
  return databaseUrl(adminUrl, name);
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** For the global teardown: drops the run's template database (made when TEST_DATABASE_URL is set). */
export async function dropTemplateDatabase(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const file = templateFile("postgres-template", "name");
  if (!adminUrl || !file || !existsSync(file)) return;
  await adminQuery(adminUrl, `drop database if exists ${readFileSync(file, "utf8")} with (force)`);
}

export async function dropCreatedDatabases(): Promise<void> {
  for (const { adminUrl, name } of created.splice(0)) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  }
}
