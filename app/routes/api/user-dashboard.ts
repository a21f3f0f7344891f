import { handleApi } from "@server/http/api.ts";
import { requireApiUser } from "@server/http/auth-guard.ts";
import { saveFromRequest } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import { userDashboardSchema } from "~/lib/content/schemas.ts";
import type { Route } from "./+types/user-dashboard";

/**
 * GET /api/json/user-dashboard (B §3.8): the signed-in customer's own dashboard; a customer without
 * data yet gets the empty layout of the "user-dashboard" document.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    const user = await requireApiUser(request, context);
    // Stored per-user data is checked like any document: the page renders only what the schema allows.
    const stored = await services.userDashboards.dashboardData(user.id);
    const own = userDashboardSchema.safeParse(stored);
    if (!own.success && stored !== null) {
      services.logger.warn({ userId: user.id }, "stored user dashboard data is invalid; using the layout");
    }
    const data = own.success
      ? own.data
      : (await services.content.get("user-dashboard", { segment: null, lang: context.request.language }))
          ?.data;
    if (!data) return errorResponse(404, messages.documentNotFound("user-dashboard"));
    return jsonResponse(data, { headers: { "Cache-Control": "private, no-store" } });
  });
}

/** PUT /api/json/user-dashboard: an admin's save of the dashboard layout document, as for every document. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PUT") return errorResponse(405, messages.methodNotAllowed, { Allow: "GET, PUT" });
    return saveFromRequest(request, context, "user-dashboard");
  });
}
