import { DOCUMENT_NAME_PATTERN, isDocumentName } from "@domain/content/schemas.ts";
import { isAcceptedLanguage } from "@domain/locale.ts";
import { handleApi } from "@server/http/api.ts";
import { documentResponse } from "@server/http/document-response.ts";
import { errorResponse, HttpError, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-public";

/**
 * GET /api/json/public/{docname}?subdomain=&lang= (B §7.4): the document resolved by the lookup
 * order, with an ETag; 304 when the visitor's copy is current; 404 JSON when no level has it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    const name = params.docname.replace(/\.json$/, "");
    if (!DOCUMENT_NAME_PATTERN.test(name)) throw new HttpError(400, messages.invalidDocumentName);
    const url = new URL(request.url);
    const subdomain = url.searchParams.get("subdomain") || "default";
    const lang = url.searchParams.get("lang") || "pt";
    if (subdomain !== "default" && !Object.hasOwn(services.domains.subdomains, subdomain)) {
      throw new HttpError(
        400,
        `${messages.invalidParameters} subdomain: segmento desconhecido "${subdomain}".`,
      );
    }
    if (!isAcceptedLanguage(lang))
      throw new HttpError(400, `${messages.invalidParameters} lang: idioma não aceito "${lang}".`);

    // Only document types the site knows can exist: other names are not looked up (nor cached).
    if (!isDocumentName(name)) return errorResponse(404, messages.documentNotFound(name));
    const doc = await services.content.resolve(name, {
      segment: subdomain === "default" ? null : subdomain,
      lang,
    });
    if (!doc) return errorResponse(404, messages.documentNotFound(name));

    // Kept by the front cache: the next asker of this address is answered before Express.
    return documentResponse(request, doc, { slot: context.page });
  });
}

export function action() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "GET" });
}
