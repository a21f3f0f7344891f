import { z } from "../zod.ts";

/** The field types content documents share, with their Portuguese messages (one definition each). */

/** A non-empty text. */
export const text = z.string().trim().min(1);

/** An internal path, an anchor, or an absolute address. A bare "demonstracao" is refused. */
export const href = z.string().regex(/^(\/|#|https?:\/\/|mailto:|tel:)/, {
  error: "link deve começar com /, #, http(s)://, mailto: ou tel:",
});

/** An image or video: a path under public/ ("/images/...") or an https address. */
export const asset = z.string().regex(/^(\/[^/]|https:\/\/)/, {
  error: "caminho deve começar com / (arquivo em public/) ou https://",
});

/** A colour as a CSS hex value (#0b3d91 or #fff). */
export const color = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, { error: "cor deve ser hexadecimal, ex.: #0b3d91" });

/** A button of a call to action: its text and where it leads. */
export const button = z.strictObject({ text, link: href });
