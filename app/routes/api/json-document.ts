import { handleApi } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { documentNameFrom, editableResponse, levelFrom, saveFromRequest } from "@server/http/content-api.ts";
import { errorResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-document";

/** GET /api/json/{docname}?segment=&lang= (B §7.5): one level's document, with its version tag. Staff (admins and editors). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireStaff(request, context, "content.read");
    const name = documentNameFrom(params.docname);
    const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
    return editableResponse(await context.services.contentAdmin.read(name, level));
  });
}

/** PUT /api/json/{docname}: a save of the whole document, a section or an item (see saveFromRequest). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PUT") return errorResponse(405, messages.methodNotAllowed, { Allow: "GET, PUT" });
    return saveFromRequest(request, context, params.docname);
  });
}
