import { createHash } from "node:crypto";
import { IMAGE_TYPES, type ImageMime, MAX_UPLOAD_BYTES, mimeOfUpload, uploadUrl } from "@domain/uploads.ts";
import { fileTypeFromBuffer } from "file-type";
import { DomainError } from "../domain-errors.ts";
import type { FileStorage } from "../files/storage.ts";

export interface StoredUpload {
  /** Where the site serves it: /uploads/{hash}.{ext} */
  url: string;
  name: string;
  type: ImageMime;
  size: number;
}

/** How much of the recently served images an instance keeps in memory when they are in a bucket. */
export const RECENT_IMAGES_BYTES = 32 * 1024 * 1024;

/**
 * Checks an uploaded image by its content (file-type reads the signature) and stores it by its hash.
 * From object storage, the images served last are kept in memory (least recently served out first,
 * `recentBytes` in all), so the landing page's images do not cost a bucket request per visitor: a
 * name is its content's hash, so a kept copy is never outdated. A removed image leaves this
 * instance's memory at once and another instance's as it ages out, as browsers and CDNs keep it
 * under its year-long cache header anyway.
 */
export class UploadService {
  private readonly recent = new Map<string, { bytes: Buffer; type: ImageMime }>();
  private recentTotal = 0;
  private readonly recentBytes: number;

  constructor(
    readonly storage: FileStorage,
    options: { recentBytes?: number } = {},
  ) {
    this.recentBytes = options.recentBytes ?? (storage.remote ? RECENT_IMAGES_BYTES : 0);
  }

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
    const kept = this.recent.get(name);
    if (kept) {
      // Served again: the last to leave.
      this.recent.delete(name);
      this.recent.set(name, kept);
      return kept;
    }
    const bytes = await this.storage.get(name);
    if (!bytes) return null;
    const image = { bytes, type };
    this.keep(name, image);
    return image;
  }

  /** Removes a stored image (the media library's delete) from the store and from memory. */
  async remove(name: string): Promise<void> {
    this.forget(name);
    await this.storage.remove(name);
  }

  private keep(name: string, image: { bytes: Buffer; type: ImageMime }) {
    // One image never takes more than an eighth: a few large ones do not push out all the others.
    // Two requests for the same image at once both read it: it is counted once.
    if (image.bytes.byteLength > this.recentBytes / 8 || this.recent.has(name)) return;
    this.recent.set(name, image);
    this.recentTotal += image.bytes.byteLength;
    for (const [oldest] of this.recent) {
      if (this.recentTotal <= this.recentBytes) break;
      this.forget(oldest);
    }
  }

  private forget(name: string) {
    const kept = this.recent.get(name);
    if (!kept) return;
    this.recent.delete(name);
    this.recentTotal -= kept.bytes.byteLength;
  }
}
