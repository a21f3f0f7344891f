import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live. The site needs only these three operations, so object storage (S3,
 * GCS) can replace the local folder by implementing them; names are content hashes, never chosen
 * by the uploader, so a store never sees a path from outside.
 */
export interface UploadStorage {
  /** Stores the bytes under the name; storing the same name again keeps the first copy. */
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes stored under the name, or null. */
  get(name: string): Promise<Buffer | null>;
  /** Where the files are, for the logs and operations. */
  readonly location: string;
  /** Removes the file stored under the name (nothing when there is none); the media library deletes with it. */
  remove?(name: string): Promise<void>;
}

/** Files in a folder on this machine (DATA_DIR/uploads): one instance, or a shared volume. */
export class LocalUploadStorage implements UploadStorage {
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
}
