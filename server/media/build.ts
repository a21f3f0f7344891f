import path from "node:path";
import { projectRoot } from "../paths.ts";
import { UploadService } from "../uploads/service.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { MediaService } from "./service.ts";

/**
 * Images (decisions 073, 099): uploads served at /uploads/{hash}.{ext} and the media library over
 * them (WebP sizes, alt text, focal point, usages). The files are in the platform's file store
 * (DATA_DIR, or the bucket several instances share: decision 120).
 */
export function buildMedia({ db, cache, files, audit, seams }: Platform) {
  const uploads = new UploadService(files.uploads);
  return {
    services: {
      /** Images uploaded in the admin editor, served at /uploads/{hash}.{ext}. */
      uploads,
      /** The media library: uploads with WebP variants, alt text, focal point, usages. */
      media: new MediaService({
        db,
        uploads,
        cache,
        publicDir: path.join(projectRoot, "public"),
        now: seams.now,
        audit,
      }),
    },
  } satisfies DomainParts<object>;
}
