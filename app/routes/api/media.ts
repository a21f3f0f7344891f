import { refusalWording } from "@domain/refusals.ts";
import { MAX_UPLOAD_BYTES } from "@domain/uploads.ts";
import { handleApi, readBodyBytes } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { errorResponse, HttpError, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/media";

/**
 * GET /api/media?q=&missingAlt=1 (decision 099): the media library, newest first, for the editor's
 * image picker. Admins only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireStaff(request, context, "content.read");
    const url = new URL(request.url);
    const items = await context.services.media.list({
      q: url.searchParams.get("q")?.slice(0, 200) ?? "",
      missingAlt: url.searchParams.get("missingAlt") === "1",
    });
    return jsonResponse({ items }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

/**
 * POST /api/media?altPt=&altEn=&focalX=&focalY=&name= (decision 099): a new image for the library, the
 * file itself as the body with its image type (as POST /api/uploads), its alt text in Portuguese
 * and English required. Answers the library entry: original, WebP variants, alt, focal point.
 * An image/* Content-Type is required, which no cross-site form can send without a preflight.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST")
      return errorResponse(405, messages.methodNotAllowed, { Allow: "GET, POST" });
    const admin = await requireStaff(request, context, "media.upload");
    if (!/^image\/[a-z0-9.+-]+$/i.test(request.headers.get("content-type")?.split(";")[0]?.trim() ?? ""))
      throw new HttpError(415, refusalWording("pt", "uploads.wrongType"));
    const params = new URL(request.url).searchParams;
    const number = (name: string) => {
      const value = params.get(name);
      return value === null || value === "" ? 0.5 : Number(value);
    };
    const bytes = await readBodyBytes(request, MAX_UPLOAD_BYTES).catch((error: unknown) => {
      throw HttpError.is(error) && error.status === 413
        ? new HttpError(413, refusalWording("pt", "uploads.tooLarge"))
        : error;
    });
    const { item, created } = await context.services.media.upload({
      bytes,
      originalName: params.get("name") ?? "",
      alt: { pt: params.get("altPt") ?? "", en: params.get("altEn") ?? "" },
      focal: { x: number("focalX"), y: number("focalY") },
      by: admin.email,
    });
    return jsonResponse(item, { status: created ? 201 : 200, headers: { "Cache-Control": "no-store" } });
  });
}
