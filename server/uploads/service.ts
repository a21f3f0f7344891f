import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { IMAGE_TYPES, type ImageMime, MAX_UPLOAD_BYTES, mimeOfUpload, uploadUrl } from "~/lib/uploads.ts";
import { DomainError } from "../domain-errors.ts";
import type { FileStorage } from "../files/storage.ts";

export interface StoredUpload {
  /** Where the site serves it: /uploads/{hash}.{ext} */
  url: string;
  name: string;
  type: ImageMime;
  size: number;
}

/** Checks an uploaded image by its content (file-type reads the signature) and stores it by its hash. */
export class UploadService {
  constructor(readonly storage: FileStorage) {}

  async accept(bytes: Uint8Array): Promise<StoredUpload> {
    if (bytes.byteLength === 0) throw new DomainError("invalid", "uploads.empty");
    if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new DomainError("invalid", "uploads.tooLarge");
    const detected = await fileTypeFromBuffer(bytes);
    const type = detected?.mime;
    if (!type || !Object.hasOwn(IMAGE_TYPES, type)) throw new DomainError("invalid", "uploads.wrongType");
    const mime = type as ImageMime;
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 20);
    const name = `${hash}.${IMAGE_TYPES[mime]}`;
    // The same image uploaded twice is the same file: content-addressed names need no clean-up.
    await this.storage.put(name, bytes);
    return { url: uploadUrl(name), name, type: mime, size: bytes.byteLength };
  }

  /** A stored image and its type, or null for a name that is not one of ours. */
  async read(name: string): Promise<{ bytes: Buffer; type: ImageMime } | null> {
    const type = mimeOfUpload(name);
    if (!type) return null;
    const bytes = await this.storage.get(name);
    return bytes ? { bytes, type } : null;
  }
}
