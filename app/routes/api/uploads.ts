import { refusalWording } from "@domain/refusals.ts";
import { MAX_UPLOAD_BYTES } from "@domain/uploads.ts";
import { handleApi, readBodyBytes } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { errorResponse, HttpError, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/uploads";

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}

/**
 * POST /api/uploads (decision 073): an image for a content document, the file itself as the body with
 * its image type. Admins only. The type is checked by content; the answer is where it is served.
 * An image/* Content-Type is required, which no cross-site form can send without a preflight.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    const admin = await requireStaff(request, context, "media.upload");
    if (!/^image\/[a-z0-9.+-]+$/i.test(request.headers.get("content-type")?.split(";")[0]?.trim() ?? ""))
      throw new HttpError(415, refusalWording("pt", "uploads.wrongType"));
    const bytes = await readBodyBytes(request, MAX_UPLOAD_BYTES).catch((error: unknown) => {
      throw HttpError.is(error) && error.status === 413
        ? new HttpError(413, refusalWording("pt", "uploads.tooLarge"))
        : error;
    });
    // Into the media library too (decision 099), without alt text: listed there as missing it. The
    // editor now uploads through POST /api/media, which requires it.
    const item = await context.services.media.uploadForContent({ bytes, by: admin.email });
    const stored = { url: item.url, name: item.storageName, type: item.mime, size: item.size };
    return jsonResponse(stored, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
}
