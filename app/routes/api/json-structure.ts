import type { DocumentName } from "@domain/content/schemas.ts";
import { formStructure } from "@server/content/structure.ts";
import { handleApi } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { documentNameFrom } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-structure";

/** GET /api/json/analyze-structure/{filename} (B §7.5): the editor's form, derived from the document's schema. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireStaff(request, context, "content.read");
    const name = documentNameFrom(params.filename) as DocumentName;
    return jsonResponse(
      { form_structure: formStructure(name) },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export function action() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "GET" });
}
