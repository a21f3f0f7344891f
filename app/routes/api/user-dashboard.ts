import { handleApi } from "@server/http/api.ts";
import { requireApiUser } from "@server/http/auth-guard.ts";
import { jsonResponse } from "@server/http/errors.ts";
import type { Route } from "./+types/user-dashboard";

/**
 * GET /api/json/user-dashboard (B §3.8): the signed-in customer's own dashboard; a customer without
 * data yet gets the empty layout of the "user-dashboard" document.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    const user = await requireApiUser(request, context);
    const own = await services.auth.dashboardData(user.id);
    const fallback =
      own ??
      (await services.content.resolve("user-dashboard", { segment: null, lang: context.request.language }))
        ?.data;
    return jsonResponse(fallback ?? {}, { headers: { "Cache-Control": "private, no-store" } });
  });
}
