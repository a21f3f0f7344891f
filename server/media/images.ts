import { variantWidths } from "@domain/media-library.ts";
import sharp from "sharp";
import { DomainError } from "../domain-errors.ts";

// One upload at a time is resized: no cache of decoded images kept between them, and libvips uses
// one thread per resize so a large upload never takes both cores from the pages.
sharp.cache(false);
sharp.concurrency(1);

/** Past this many pixels an upload is refused (a small file can still decode to gigabytes). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** WebP quality of the variants: photos stay clean at a fraction of a JPEG's bytes. */
const WEBP_QUALITY = 78;

export interface ImageSize {
  width: number;
  height: number;
}

export interface Variant extends ImageSize {
  bytes: Buffer;
}

const open = (bytes: Uint8Array) =>
  sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false });

/** The size an image is shown at (EXIF orientation applied: a portrait photo is taller than wide). */
export async function imageSize(bytes: Uint8Array): Promise<ImageSize> {
  try {
    const meta = await open(bytes).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!width || !height) throw new Error("no size");
    return { width, height };
  } catch (error) {
    throw refusal(error);
  }
}

/**
 * The WebP variants of an image at the widths variantWidths() gives for its size: oriented,
 * metadata (EXIF, GPS) stripped, the height in proportion.
 */
export async function makeVariants(bytes: Uint8Array, size: ImageSize): Promise<Variant[]> {
  const variants: Variant[] = [];
  try {
    for (const width of variantWidths(size.width)) {
      const { data, info } = await open(bytes)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, bytes: data });
    }
  } catch (error) {
    throw refusal(error);
  }
  return variants;
}

function refusal(error: unknown): DomainError {
  const message = error instanceof Error ? error.message : "";
  return new DomainError(
    "invalid",
    /pixel limit/i.test(message) ? "media.tooManyPixels" : "media.unreadable",
  );
}
