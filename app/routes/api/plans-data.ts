import { handleApi } from "@server/http/api.ts";
import { errorResponse, HttpError, jsonResponse, messages } from "@server/http/errors.ts";
import { isAcceptedLanguage } from "~/lib/locale.ts";
import type { Route } from "./+types/plans-data";

/**
 * GET /api/json/plans-data (A §7): the plans document for the visitor's segment (host) and
 * language (path prefix, cookie, Accept-Language; `?lang=` may choose another accepted one),
 * resolved by the lookup order of A §4. Public data: any Authorization header is ignored.
 * 404 JSON when no level has the document.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    const requested = new URL(request.url).searchParams.get("lang");
    if (requested !== null && !isAcceptedLanguage(requested)) {
      throw new HttpError(400, `${messages.invalidParameters} lang: idioma não aceito "${requested}".`);
    }
    const lang = requested ?? context.request.language;
    const doc = await services.content.resolve("plans-data", { segment: context.request.segment, lang });
    if (!doc) return errorResponse(404, "Dados dos planos não encontrados.");

    const headers = {
      ETag: doc.etag,
      "Cache-Control": "public, max-age=60, stale-while-revalidate=300",
      // The language may come from the cookie or Accept-Language: caches must keep them apart.
      Vary: "Accept-Encoding, Accept-Language, Cookie",
    };
    if (matchesEtag(request.headers.get("if-none-match"), doc.etag))
      return new Response(null, { status: 304, headers });
    return jsonResponse(doc.data, { headers });
  });
}

export function action() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "GET" });
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}
