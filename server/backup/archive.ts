import { createHash } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { crc32, deflateRaw } from "node:zlib";
import { unzipSync, Zip, type ZipInputFile } from "fflate";
import { FILE_AREAS, type FileArea, type FileAreas } from "../files/storage.ts";

/**
 * The backup archive (decision 110): one ZIP holding the embedded database's files as PGlite dumps
 * them (a tar), every file of the file store (DATA_DIR's folders or the bucket, decision 120), and
 * last a manifest with what it holds
 * and a SHA-256 of every entry. The manifest comes last because it counts what was really read;
 * a restore reads it first (through the ZIP's central directory), and a cut archive has neither.
 */
export const BACKUP_FORMAT = "vertice-backup";
export const BACKUP_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";
export const DATABASE_ENTRY = "database/pglite.tar";
/** The top folders of the file areas' paths (server/files/storage.ts): uploads and private. */
export const FILE_FOLDERS = ["uploads", "private"] as const;
const FILES_PREFIX = "files/";

export interface DatabaseSnapshot {
  /** The PGDATA folder as a tar (PGlite's dumpDataDir). */
  tar: Uint8Array;
  /** Rows per table of the public schema, counted in the snapshot. */
  tables: Record<string, number>;
  /** Migrations applied (drizzle.__drizzle_migrations): how many, and the newest one's time. */
  migrations: { count: number; last: number | null };
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Through the running server's operator socket, or the database opened by the command itself. */
  via: "server" | "direct";
  database:
    | {
        kind: "pglite";
        entry: string;
        size: number;
        sha256: string;
        migrations: DatabaseSnapshot["migrations"];
        tables: Record<string, number>;
        rows: number;
      }
    /** PostgreSQL is backed up with pg_dump (docs/operations.md); the archive holds the files only. */
    | { kind: "postgres"; included: false };
  files: { path: string; size: number; sha256: string }[];
  /** Files listed but deleted before they could be read (a media item removed during the backup). */
  vanished: string[];
}

/** Receives the archive's bytes in order; a returned promise is awaited before more are read. */
export type ArchiveSink = (chunk: Uint8Array) => void | Promise<void>;

const deflateRawAsync = promisify(deflateRaw);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Formats already compressed are stored as they are; the rest (the database above all) is deflated. */
const COMPRESSED = /\.(webp|png|jpe?g|gif|avif|zip|gz|mp4|webm|pdf)$/i;

/**
 * Writes the archive to the sink: the database snapshot (taken before), then every file of the file
 * areas as it is now, each read whole (local files are written beside and renamed, decision 073, so
 * the partial ones are skipped), by its path "uploads/NAME", "private/tickets/NAME"…, then the manifest.
 */
export async function writeArchive(options: {
  files: FileAreas;
  via: BackupManifest["via"];
  database: DatabaseSnapshot | null;
  sink: ArchiveSink;
  now?: () => Date;
}): Promise<BackupManifest> {
  const { sink } = options;
  const pending: Promise<void>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, _final) => {
    if (error) {
      failure = error;
      return;
    }
    const written = sink(chunk);
    if (written) pending.push(written);
  });
  const flush = async () => {
    while (pending.length > 0) await pending.shift();
    if (failure) throw failure;
  };
  const mtime = (options.now ?? (() => new Date()))();

  /**
   * Each entry is deflated by node:zlib in the thread pool, not by fflate on the main thread: in the
   * running server, fflate took 1.7 s of the event loop for a 42 MB database; zlib takes 0.5 s of
   * another thread. fflate only frames the ZIP around the compressed bytes.
   */
  const add = async (name: string, bytes: Uint8Array, deflate: boolean) => {
    const data = deflate ? await deflateRawAsync(bytes, { level: 6 }) : bytes;
    const entry: ZipInputFile = {
      filename: name,
      size: bytes.byteLength,
      crc: crc32(bytes),
      compression: deflate ? 8 : 0,
      mtime,
    };
    zip.add(entry);
    entry.ondata!(null, data as Uint8Array<ArrayBuffer>, true);
  };

  let database: BackupManifest["database"] = { kind: "postgres", included: false };
  if (options.database) {
    const { tar, tables, migrations } = options.database;
    await add(DATABASE_ENTRY, tar, true);
    database = {
      kind: "pglite",
      entry: DATABASE_ENTRY,
      size: tar.byteLength,
      sha256: sha256(tar),
      migrations,
      tables,
      rows: Object.values(tables).reduce((sum, n) => sum + n, 0),
    };
    await flush();
  }

  const files: BackupManifest["files"] = [];
  const vanished: string[] = [];
  // By path, as the archive always listed them: private/nfse, private/tickets, uploads.
  const areas = (Object.entries(FILE_AREAS) as [FileArea, string][]).sort(([, a], [, b]) =>
    a.localeCompare(b),
  );
  for (const [area, prefix] of areas) {
    const store = options.files[area];
    const names: string[] = [];
    for await (const file of store.list()) names.push(file.name);
    for (const name of names) {
      const relative = `${prefix}/${name}`;
      const bytes = await store.get(name);
      if (!bytes) {
        vanished.push(relative);
        continue;
      }
      await add(FILES_PREFIX + relative, bytes, !COMPRESSED.test(relative));
      files.push({ path: relative, size: bytes.byteLength, sha256: sha256(bytes) });
      await flush();
    }
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: mtime.toISOString(),
    via: options.via,
    database,
    files,
    vanished,
  };
  await add(MANIFEST_ENTRY, new TextEncoder().encode(JSON.stringify(manifest, null, 2)), true);
  zip.end();
  await flush();
  return manifest;
}

/** An archive that is not ours, is cut or corrupt, or holds something a restore must not write. */
export class BackupFormatError extends Error {
  override name = "BackupFormatError";
}

/** A backup read back: its manifest, checked, and its entries, each checked against the manifest. */
export interface OpenedBackup {
  manifest: BackupManifest;
  /** The database tar, checked against its SHA-256; null when the archive holds none (PostgreSQL). */
  database(): Uint8Array | null;
  /** Every file, checked against its SHA-256, one at a time (path relative to DATA_DIR). */
  files(): Generator<{ path: string; bytes: Uint8Array }>;
}

/** Reads an archive's manifest and checks it; entries are decompressed one at a time on demand. */
export function openArchive(archive: Uint8Array): OpenedBackup {
  const entry = (name: string): Uint8Array => {
    let found: Uint8Array | undefined;
    try {
      found = unzipSync(archive, { filter: (file) => file.name === name })[name];
    } catch (error) {
      throw new BackupFormatError(`não é um ZIP legível (${(error as Error).message})`);
    }
    if (!found) throw new BackupFormatError(`falta a entrada ${name}`);
    return found;
  };
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(entry(MANIFEST_ENTRY))) as BackupManifest;
  } catch (error) {
    if (error instanceof BackupFormatError) throw error;
    throw new BackupFormatError("o manifesto não é JSON");
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupFormatError("não é um backup deste site");
  if (manifest.version !== BACKUP_VERSION)
    throw new BackupFormatError(
      `formato versão ${manifest.version}; esta versão do site lê a ${BACKUP_VERSION}`,
    );
  if (!Array.isArray(manifest.files)) throw new BackupFormatError("o manifesto não lista os arquivos");
  for (const file of manifest.files) {
    if (!isSafeFilePath(file.path)) throw new BackupFormatError(`caminho recusado: ${file.path}`);
  }
  const checked = (name: string, expected: string) => {
    const bytes = entry(name);
    if (sha256(bytes) !== expected)
      throw new BackupFormatError(`a entrada ${name} não confere com o manifesto`);
    return bytes;
  };
  return {
    manifest,
    database: () =>
      manifest.database.kind === "pglite" ? checked(manifest.database.entry, manifest.database.sha256) : null,
    *files() {
      for (const file of manifest.files)
        yield { path: file.path, bytes: checked(FILES_PREFIX + file.path, file.sha256) };
    },
  };
}

/** A path a restore may write: relative, normalised, inside one of the file folders. */
export function isSafeFilePath(relative: string): boolean {
  if (typeof relative !== "string" || relative.includes("\\") || relative.includes("\0")) return false;
  if (path.posix.normalize(relative) !== relative || path.posix.isAbsolute(relative)) return false;
  const [top, ...rest] = relative.split("/");
  return (
    FILE_FOLDERS.includes(top as (typeof FILE_FOLDERS)[number]) && rest.length > 0 && !rest.includes("..")
  );
}
