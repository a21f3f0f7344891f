import { handleApi } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-files";

/** GET /api/json/files (B §7.5): every document type with the levels it is stored at. Admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireStaff(request, context, "content.read");
    const files = await context.services.contentAdmin.files();
    return jsonResponse({ files }, { headers: { "Cache-Control": "no-store" } });
  });
}

export function action() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "GET" });
}
