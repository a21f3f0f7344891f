import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "../db/client.ts";
import type { DatabaseSnapshot } from "./archive.ts";

/** The PGlite instance under a handle of the embedded database. */
export function pgliteOf(handle: DatabaseHandle): PGlite {
  if (handle.kind !== "pglite") throw new Error("only the embedded database is dumped");
  return (handle.db as unknown as { $client: PGlite }).$client;
}

/**
 * A consistent snapshot of the embedded database (decision 110). PGlite runs every query and
 * transaction of the process through two mutexes: `query()`/`exec()` and `transaction()` hold the
 * transaction mutex, and `dumpDataDir` holds the query mutex. Inside a transaction of our own, no
 * other statement or transaction of the server runs, so the counts, the checkpoint and the copy of
 * the files all see the database between two of its transactions: every committed write is in it,
 * none half done. The CHECKPOINT writes every changed page to the files (fsync is off in PGlite,
 * but the files are read back by this same process), so a restore opens without replaying WAL.
 */
export async function snapshotPglite(client: PGlite): Promise<DatabaseSnapshot> {
  let snapshot: DatabaseSnapshot | null = null;
  await client.transaction(async (tx) => {
    const names = await tx.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    );
    const tables: Record<string, number> = {};
    for (const { name } of names.rows) {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const counted = await tx.query<{ n: number }>(`select count(*)::int as n from public.${quoted}`);
      tables[name] = counted.rows[0]!.n;
    }
    const applied = await tx.query<{ n: number; last: string | null }>(
      "select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations",
    );
    await tx.query("checkpoint");
    const dump = await client.dumpDataDir("none");
    snapshot = {
      tar: new Uint8Array(await dump.arrayBuffer()),
      tables,
      migrations: {
        count: applied.rows[0]!.n,
        last: applied.rows[0]!.last === null ? null : Number(applied.rows[0]!.last),
      },
    };
    // Nothing was written; end the transaction without a commit record.
    await tx.rollback();
  });
  if (!snapshot) throw new Error("snapshot not taken");
  return snapshot;
}

/** Rows per table of the public schema (a restore compares them with the manifest's). */
export async function countRows(client: PGlite): Promise<Record<string, number>> {
  const names = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const tables: Record<string, number> = {};
  for (const { name } of names.rows) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    tables[name] = (await client.query<{ n: number }>(`select count(*)::int as n from public.${quoted}`))
      .rows[0]!.n;
  }
  return tables;
}
