import { handleApi } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { documentNameFrom, editableResponse, levelFrom } from "@server/http/content-api.ts";
import { errorResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-publish";

/**
 * POST /api/json/{docname}/publish?segment=&lang= (decision 100): the level's draft goes live as a new
 * version, every cached copy is dropped and the cached pages render again. If-Match carries the
 * published version's tag the editor read (409 with the current one when someone published since).
 * Admins only.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    const admin = await requireStaff(request, context, "content.publish");
    const name = documentNameFrom(params.docname);
    const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
    const published = await context.services.workflow.publish({
      name,
      level,
      author: admin.email,
      ifMatch: request.headers.get("if-match"),
    });
    return editableResponse(published);
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
