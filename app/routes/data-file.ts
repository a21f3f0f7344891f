import { DOCUMENT_NAME_PATTERN, isDocumentName } from "@domain/content/schemas.ts";
import type { ContentLevel } from "@domain/content-lookup.ts";
import { isAcceptedLanguage } from "@domain/locale.ts";
import { handleApi } from "@server/http/api.ts";
import { documentResponse } from "@server/http/document-response.ts";
import { errorResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/data-file";

/**
 * GET /data/{name}.json, /data/{segment or lang}/{name}.json, /data/{segment}/{lang}/{name}.json
 * (A §4, §7): one level of the content store, as the data files the spec's client reads and walks
 * in the lookup order. No fallback here; no-cache, with an ETag for 304s.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    const folders = (params["*"] ?? "").split("/");
    const file = /^(.+)\.json$/.exec(folders.pop() ?? "");
    const name = file?.[1] ?? "";
    if (!file || !DOCUMENT_NAME_PATTERN.test(name) || !isDocumentName(name)) {
      return errorResponse(404, messages.notFound);
    }
    const level = levelOf(folders, (segment) => Object.hasOwn(services.domains.subdomains, segment));
    if (!level) return errorResponse(404, messages.notFound);
    const doc = await services.content.atLevel(name, level);
    if (!doc) return errorResponse(404, messages.documentNotFound(name));
    return documentResponse(request, doc, { cacheControl: "no-cache" });
  });
}

/** The level a data file's folders name, or null: [], [segment], [lang] or [segment, lang]. */
function levelOf(folders: string[], isSegment: (name: string) => boolean): ContentLevel | null {
  const [first, second, ...rest] = folders;
  if (rest.length) return null;
  if (first === undefined) return { segment: "", lang: "" };
  if (second !== undefined) {
    return isSegment(first) && isAcceptedLanguage(second) ? { segment: first, lang: second } : null;
  }
  if (isSegment(first)) return { segment: first, lang: "" };
  return isAcceptedLanguage(first) ? { segment: "", lang: first } : null;
}

export function action() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "GET" });
}
