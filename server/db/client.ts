import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsDir, pgliteTemplateDir } from "../paths.ts";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.ts";
import * as schema from "./schema.ts";

/** Both drivers expose the same Drizzle API; code above this module never knows which one it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; used by /healthz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /** In memory; from a copy of another database's files when `loadDataDir` is given (tests). */
  | { kind: "pglite-memory"; loadDataDir?: Blob };

/** Opens the database and applies every pending migration. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url);
  if (target.kind === "pglite") return openPglite(target.dataDir);
  return openPglite(undefined, target.loadDataDir);
}

/** A copy of an in-memory embedded database's files, to open others from (tests: a migrated template). */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  if (handle.kind !== "pglite") throw new Error("only the embedded database can be dumped");
  return (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries still report their own errors.
  });
  // A client checked out of the pool (inside a transaction) whose connection is cut (a restart of
  // PostgreSQL, a failover, pg_terminate_backend) emits 'error' too, and an 'error' nobody listens
  // to ends the process. Its query already fails with the error and the pool drops the client, so
  // listening is all it takes (tests/reliability found the crash).
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzleNodePg({ client: pool, schema });
  // Several instances may start together: one migrates while the others wait on the lock.
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274001)");
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query("select pg_advisory_unlock(727274001)").catch(() => {});
    client.release();
  }
  return {
    db: db as unknown as Database,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite's start parameters with a smaller shared buffer pool: PostgreSQL's 128 MB default lives in
 * the WebAssembly memory, which never shrinks, and held 120–140 MB of the process's resident memory
 * for a database of a few megabytes (decision 122, "Numbers"). 16 MB reads as fast here; the files
 * stay in the system's own page cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  if (dataDir) {
    const dir = path.resolve(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    releaseLock = acquireProcessLock(path.resolve(dataDir, "pglite.lock"), dir);
    // A new database from the build's empty one, instead of initdb in this process (its peak is
    // about 730 MB); without the template (a source checkout not built yet), initdb as before.
    if (!existsSync(path.join(dir, "PG_VERSION")) && existsSync(path.join(pgliteTemplateDir, "PG_VERSION")))
      cpSync(pgliteTemplateDir, dir, { recursive: true });
  }
  try {
    const options = { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS };
    const client = dataDir
      ? await PGlite.create({ ...options, dataDir: path.resolve(dataDir, "pglite") })
      : await PGlite.create(loadDataDir ? { ...options, loadDataDir } : options);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsDir });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * A lock file with the owner's pid refuses the second opener with a clear message; a lock left
 * by a dead process is taken over.
 */
function acquireProcessLock(lockFile: string, dir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by process ${owner} (probably the running server). ` +
            "Stop it first, or point DATABASE_URL at a PostgreSQL server.",
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
