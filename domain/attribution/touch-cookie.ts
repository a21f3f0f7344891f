import { z } from "../zod.ts";
import { FIRST_TOUCH_COOKIE, TOUCH_TAG_KEYS, type Touch } from "./touch.ts";

/**
 * The first-touch cookie read back on the server (decision 105): it came from the browser, so it
 * is checked like any input. Apart from touch.ts because of zod (the browser never loads this).
 */

const tagValue = z.string().max(200);

export const touchSchema = z.strictObject({
  tags: z.partialRecord(z.enum(TOUCH_TAG_KEYS), tagValue).optional(),
  referrer: z.string().max(500).optional(),
  landing: z.string().max(1_000).optional(),
  at: z.string().max(40).optional(),
}) satisfies z.ZodType<Touch>;

/** A cookie's value read back, or null when it is missing or not a touch (it came from the browser). */
export function decodeTouch(value: string | null | undefined): Touch | null {
  if (!value || value.length > 4_000) return null;
  try {
    const parsed = touchSchema.safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The first touch in a request's Cookie header, or null. Read here rather than through a generic
 * cookie reader that URI-decodes: the value is decoded exactly once, by decodeTouch.
 */
export function readTouchCookie(cookieHeader: string | null | undefined): Touch | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === FIRST_TOUCH_COOKIE)
      return decodeTouch(part.slice(index + 1).trim());
  }
  return null;
}
