import { isAcceptedLanguage } from "@domain/locale.ts";
import { handleApi } from "@server/http/api.ts";
import { saveFromRequest } from "@server/http/content-api.ts";
import { documentResponse } from "@server/http/document-response.ts";
import { errorResponse, HttpError, messages } from "@server/http/errors.ts";
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

    // The language may come from the cookie or Accept-Language: caches must keep them apart.
    return documentResponse(request, doc, { vary: "Accept-Encoding, Accept-Language, Cookie" });
  });
}

/** PUT /api/json/plans-data (B §7.5, the plans editor): an admin's save, as for every document. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PUT") return errorResponse(405, messages.methodNotAllowed, { Allow: "GET, PUT" });
    return saveFromRequest(request, context, "plans-data");
  });
}
