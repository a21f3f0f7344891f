import { previewChoices } from "@server/content/preview-links.ts";
import { DomainError } from "@server/domain-errors.ts";
import { handleApi } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { documentNameFrom, levelFrom } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-preview";

/**
 * POST /api/json/{docname}/preview?segment=&lang= (decision 100): a signed preview link of the level's
 * draft, valid for an hour, with the public pages, sites and languages where it can be seen.
 * Admins and editors; anyone with the link may look, nobody can change anything with it.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    await requireStaff(request, context, "content.preview");
    const name = documentNameFrom(params.docname);
    const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
    const { workflow, content, config, domains, signer } = context.services;
    const draft = await workflow.draft(name, level);
    if (!draft) throw new DomainError("not-found", "workflow.noDraft");
    const pages =
      name === "partners-data" || name === "vertice-segments-data"
        ? ((await content.get("pages-data", { segment: null, lang: "pt" }))?.data.pages ?? [])
        : [];
    const choices = previewChoices({
      signer,
      publicBaseUrl: config.publicBaseUrl,
      segments: domains.subdomains,
      name,
      level,
      data: draft.data,
      pages,
      now: Date.now(),
    });
    return jsonResponse(choices, { headers: { "Cache-Control": "no-store" } });
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
