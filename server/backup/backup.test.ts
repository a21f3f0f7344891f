import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import type { Config } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { isSafeFilePath, openArchive } from "./archive.ts";
import { BackupCommandError, backupCommand, restoreCommand } from "./commands.ts";
import { pgliteOf, snapshotPglite } from "./snapshot.ts";

const made: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const config = (dataDir: string, databaseUrl?: string) =>
  ({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }) as unknown as Config;

function output() {
  const lines: string[] = [];
  return { lines, out: { info: (l: string) => lines.push(l), error: (l: string) => lines.push(`! ${l}`) } };
}

/** A DATA_DIR with an embedded database holding one secret, an upload, a private file and a partial one. */
async function populatedDataDir(): Promise<string> {
  const dataDir = tempDir("backup-src-");
  const handle = await openDatabase({ kind: "pglite", dataDir });
  await pgliteOf(handle).query("insert into app_secrets (name, value) values ('unit-test', 'kept')");
  await handle.close();
  mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  mkdirSync(path.join(dataDir, "private", "tickets"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", "abc.png"), Buffer.from("png bytes"));
  writeFileSync(path.join(dataDir, "private", "tickets", "def.txt"), "anexo ".repeat(1000));
  writeFileSync(path.join(dataDir, "uploads", "ghi.png.123.456.part"), "half");
  return dataDir;
}

// Each test creates embedded databases on disk (initdb and migrations: a few seconds each).
describe("db:backup and db:restore (embedded database, no server)", { timeout: 60_000 }, () => {
  it("round-trips the database and the files, skipping partial files, and writes the archive 0600", async () => {
    const source = await populatedDataDir();
    // A socket file left by a server that died: nobody answers, so the command opens the database.
    writeFileSync(path.join(source, "operator.sock"), "");
    const archive = path.join(tempDir("backup-out-"), "backup.zip");
    const backup = output();
    expect(await backupCommand(["--out", archive], config(source), backup.out)).toBe(0);
    expect(backup.lines[0]).toMatch(/Nenhum servidor em execução/);
    expect(backup.lines[1]).toMatch(/^Backup gravado em .*banco embutido com \d+ linhas.*2 arquivos/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const { manifest } = openArchive(readFileSync(archive));
    expect(manifest.files.map((f) => f.path)).toEqual(["private/tickets/def.txt", "uploads/abc.png"]);
    expect(
      manifest.database.kind === "pglite" && manifest.database.tables.app_secrets,
    ).toBeGreaterThanOrEqual(1);

    // A DATA_DIR without a database (a typo) is not backed up as an empty one.
    const nowhere = path.join(tempDir("backup-none-"), "missing");
    await expect(backupCommand(["--out", `${archive}.2`], config(nowhere), output().out)).rejects.toThrow(
      /Não há banco embutido/,
    );
    expect(readdirSync(path.dirname(archive))).toEqual(["backup.zip"]);

    // A second backup never overwrites the first.
    await expect(backupCommand(["--out", archive], config(source), output().out)).rejects.toThrow(
      /já existe/,
    );

    const target = path.join(tempDir("backup-dst-"), "data");
    const restore = output();
    expect(await restoreCommand(["--in", archive], config(target), restore.out)).toBe(0);
    expect(restore.lines.at(-1)).toMatch(/^Restaurado em .*banco embutido com \d+ linhas.*2 arquivos/);
    expect(readFileSync(path.join(target, "uploads", "abc.png"), "utf8")).toBe("png bytes");
    expect(readFileSync(path.join(target, "private", "tickets", "def.txt"), "utf8")).toBe(
      "anexo ".repeat(1000),
    );
    expect(readdirSync(path.join(target, "uploads"))).toEqual(["abc.png"]);
    expect(existsSync(path.join(target, "pglite.lock"))).toBe(false);
    const restored = await openDatabase({ kind: "pglite", dataDir: target });
    try {
      const rows = await pgliteOf(restored).query<{ value: string }>(
        "select value from app_secrets where name = 'unit-test'",
      );
      expect(rows.rows).toEqual([{ value: "kept" }]);
    } finally {
      await restored.close();
    }
  });

  it("refuses a DATA_DIR that is not empty, and a foreign or corrupt file, leaving DATA_DIR empty", async () => {
    const source = await populatedDataDir();
    const archive = path.join(tempDir("backup-out-"), "backup.zip");
    await backupCommand(["--out", archive], config(source), output().out);

    const refusal = (file: string, dataDir: string) =>
      restoreCommand(["--in", file], config(dataDir), output().out).then(
        () => "accepted",
        (error: Error) => {
          expect(error).toBeInstanceOf(BackupCommandError);
          return error.message;
        },
      );
    expect(await refusal(archive, source)).toMatch(/não está vazio/);

    const foreign = path.join(tempDir("backup-bad-"), "notes.zip");
    writeFileSync(foreign, "not a zip at all");
    const empty = tempDir("backup-empty-");
    expect(await refusal(foreign, empty)).toMatch(/não é um backup válido deste site/);

    // One byte changed inside the stored upload: its checksum no longer matches the manifest.
    const bytes = readFileSync(archive);
    const at = bytes.indexOf(Buffer.from("png bytes"));
    expect(at).toBeGreaterThan(0);
    bytes[at] = "P".charCodeAt(0);
    const corrupt = path.join(path.dirname(foreign), "corrupt.zip");
    writeFileSync(corrupt, bytes);
    expect(await refusal(corrupt, empty)).toMatch(/não é um backup válido deste site: .*não confere/);
    expect(readdirSync(empty)).toEqual([]);

    // Cut short (a copy interrupted): no central directory, no manifest.
    const cut = path.join(path.dirname(foreign), "cut.zip");
    writeFileSync(cut, readFileSync(archive).subarray(0, 4000));
    expect(await refusal(cut, empty)).toMatch(/não é um backup válido deste site/);
    expect(readdirSync(empty)).toEqual([]);
  });

  it("with PostgreSQL, archives the files only and says the database is pg_dump's; the restore writes them", async () => {
    const source = tempDir("backup-pg-");
    mkdirSync(path.join(source, "private", "nfse"), { recursive: true });
    writeFileSync(path.join(source, "private", "nfse", "nota.xml"), "<nfse/>");
    const archive = path.join(tempDir("backup-out-"), "files.zip");
    const backup = output();
    // Nothing connects to this address: the database is not part of the archive.
    const url = "postgres://nobody@127.0.0.1:1/none";
    expect(await backupCommand(["--out", archive], config(source, url), backup.out)).toBe(0);
    expect(backup.lines[0]).toMatch(/^PostgreSQL \(DATABASE_URL\): .*pg_dump/);
    expect(backup.lines[1]).toMatch(/1 arquivos/);
    expect(openArchive(readFileSync(archive)).manifest.database).toEqual({
      kind: "postgres",
      included: false,
    });

    const target = path.join(tempDir("backup-dst-"), "data");
    const restore = output();
    expect(await restoreCommand(["--in", archive], config(target, url), restore.out)).toBe(0);
    expect(restore.lines[0]).toMatch(/pg_restore/);
    expect(readFileSync(path.join(target, "private", "nfse", "nota.xml"), "utf8")).toBe("<nfse/>");
    expect(existsSync(path.join(target, "pglite"))).toBe(false);
  });

  it("accepts only paths inside the file folders", () => {
    expect(isSafeFilePath("uploads/abc.png")).toBe(true);
    expect(isSafeFilePath("private/tickets/a.pdf")).toBe(true);
    for (const bad of [
      "../x",
      "uploads/../../x",
      "/etc/passwd",
      "pglite/base/1",
      "uploads",
      "uploads\\..\\x",
      "uploads//a",
    ])
      expect(isSafeFilePath(bad)).toBe(false);
  });
});

describe("snapshot of the embedded database", { timeout: 30_000 }, () => {
  it("is consistent while transactions write: each holds both rows of a transaction or neither", async () => {
    const handle = await openDatabase({ kind: "pglite-memory" });
    const client = pgliteOf(handle);
    await client.exec(
      "create table unit_orders (id int primary key); create table unit_lines (order_id int not null)",
    );
    let writing = true;
    let committed = 0;
    const writer = (async () => {
      for (let id = 1; writing; id++) {
        await client.transaction(async (tx) => {
          await tx.query("insert into unit_orders values ($1)", [id]);
          // Another turn of the event loop between the two inserts, where a snapshot could slip in.
          await new Promise((resolve) => setImmediate(resolve));
          await tx.query("insert into unit_lines values ($1)", [id]);
        });
        committed = id;
      }
    })();
    while (committed < 20) await new Promise((resolve) => setImmediate(resolve));
    const snapshot = await snapshotPglite(client);
    const atSnapshot = committed;
    writing = false;
    await writer;
    await handle.close();

    expect(snapshot.tables.unit_orders).toBe(snapshot.tables.unit_lines);
    expect(snapshot.tables.unit_orders).toBeGreaterThanOrEqual(atSnapshot);
    const copy = await PGlite.create({ loadDataDir: new Blob([snapshot.tar as Uint8Array<ArrayBuffer>]) });
    try {
      const count = async (table: string) =>
        (await copy.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
      expect(await count("unit_orders")).toBe(snapshot.tables.unit_orders);
      expect(await count("unit_lines")).toBe(snapshot.tables.unit_orders);
    } finally {
      await copy.close();
    }
  });
});
