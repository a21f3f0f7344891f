/**
 * Uploaded images (decision 073): the rules the admin editor and the server share. The server checks
 * again by content (server/uploads/service.ts); the editor checks first to answer at once.
 */

/** Images up to this size (a photo for a content page; larger ones should be resized first). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * The image types the site takes, by what the bytes are, never by the name or the declared type.
 * SVG is refused: it can carry scripts.
 */
export const IMAGE_TYPES = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
} as const satisfies Record<string, string>;

export type ImageMime = keyof typeof IMAGE_TYPES;

/**
 * A stored name: the first 20 hex digits of the SHA-256 of the content and the type's extension;
 * a WebP variant of the media library adds its width (`{hash}-640.webp`, decision 099).
 */
export const UPLOAD_NAME = /^[0-9a-f]{20}(?:-[1-9][0-9]{1,3}(?=\.webp$))?\.(png|jpg|webp|gif|avif)$/;

/** The editor's words about an upload (its refusals are in domain/refusals/content.ts). */
export const uploadMessages = {
  failed: "Não foi possível enviar a imagem.",
  sent: "Imagem enviada.",
} as const;

/** The public address of a stored name. */
export const uploadUrl = (name: string) => `/uploads/${name}`;

const MIME_OF_EXTENSION = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([mime, ext]) => [ext, mime]),
) as Record<string, ImageMime>;

/** The type a stored name is served with, or null for a name the site could not have made. */
export function mimeOfUpload(name: string): ImageMime | null {
  if (!UPLOAD_NAME.test(name)) return null;
  return MIME_OF_EXTENSION[name.slice(name.lastIndexOf(".") + 1)] ?? null;
}

/** The editor's own check before sending: the refusal of `uploadRefusals` it would get, or null when the file may go. */
export function uploadProblem(file: {
  size: number;
  type: string;
}): "empty" | "tooLarge" | "wrongType" | null {
  if (file.size === 0) return "empty";
  if (file.size > MAX_UPLOAD_BYTES) return "tooLarge";
  if (!(file.type in IMAGE_TYPES)) return "wrongType";
  return null;
}
