import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type FileStorage, LocalFileStorage } from "@server/files/storage.ts";

/**
 * A folder of files that records each read reaching it, seen as a local folder or, with
 * `remote`, as a bucket: what a cache in front of a store saves is counted here.
 */
export function countedStorage(options: { dir?: string; remote?: boolean } = {}) {
  const folder = new LocalFileStorage(options.dir ?? mkdtempSync(path.join(tmpdir(), "counted-store-")));
  const reads: string[] = [];
  const storage: FileStorage = {
    remote: options.remote ?? false,
    location: folder.location,
    put: (name, bytes) => folder.put(name, bytes),
    get: (name) => {
      reads.push(name);
      return folder.get(name);
    },
    remove: (name) => folder.remove(name),
    list: () => folder.list(),
  };
  return { storage, reads };
}
