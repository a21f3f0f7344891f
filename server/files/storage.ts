import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where the product keeps a kind of file (decision 120): uploaded images and their WebP sizes,
 * ticket attachments, NFS-e files. Names are content hashes or random UUIDs, never chosen by the
 * sender, so a store never sees a path from outside. The local folder is the default; several
 * instances use S3-compatible object storage (server/files/s3.ts).
 */
export interface FileStorage {
  /** Stores the bytes under the name (the same name again: the same bytes, content-addressed or random). */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under the name, or null. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the file stored under the name (nothing when there is none). */
  remove(name: string): Promise<void>;
  /** Every file stored, with its size (backups, storage:migrate). */
  list(): AsyncIterable<StoredFile>;
  /** Where the files are, for the logs and operations. */
  readonly location: string;
  /** Whether a read crosses the network (object storage), so recently read files are worth keeping. */
  readonly remote: boolean;
}

export interface StoredFile {
  name: string;
  size: number;
}

/**
 * The product's file areas and their paths: a folder of DATA_DIR each, and the same prefix of keys in
 * the bucket, so a backup entry, a local path and an object key name a file the same way.
 */
export const FILE_AREAS = {
  /** Public: served at /uploads/{name}. */
  uploads: "uploads",
  /** Private: served only to the ticket's company (server/portal/tickets.ts). */
  tickets: "private/tickets",
  /** Private: served only to the invoice's company and staff. */
  nfse: "private/nfse",
} as const;

export type FileArea = keyof typeof FILE_AREAS;
export type FileAreas = Record<FileArea, FileStorage>;

/** "uploads/abc.png" → the area and the name in it; null for a path outside every area. */
export function areaOfPath(relative: string): { area: FileArea; name: string } | null {
  for (const [area, prefix] of Object.entries(FILE_AREAS) as [FileArea, string][]) {
    const name = relative.startsWith(`${prefix}/`) ? relative.slice(prefix.length + 1) : null;
    if (name && !name.includes("/")) return { area, name };
  }
  return null;
}

/** Files in a folder on this machine (DATA_DIR/uploads…): one instance, or a shared volume. */
export class LocalFileStorage implements FileStorage {
  readonly remote = false;
  constructor(readonly location: string) {}

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.location, { recursive: true });
    const target = path.join(this.location, name);
    // Written beside and renamed, so a reader never sees half a file.
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    await writeFile(partial, bytes);
    await rename(partial, target);
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.location, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.location, name), { force: true });
  }

  async *list(): AsyncIterable<StoredFile> {
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(this.location, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      // A file being written (NAME.PID.TIME.part) is not a file yet.
      if (!entry.isFile() || entry.name.endsWith(".part")) continue;
      const size = await stat(path.join(this.location, entry.name)).then(
        (s) => s.size,
        () => null,
      );
      if (size !== null) yield { name: entry.name, size };
    }
  }
}

/** The areas as folders of DATA_DIR. */
export function localFileAreas(dataDir: string): FileAreas {
  const areas = {} as FileAreas;
  for (const [area, prefix] of Object.entries(FILE_AREAS) as [FileArea, string][])
    areas[area] = new LocalFileStorage(path.join(dataDir, ...prefix.split("/")));
  return areas;
}
