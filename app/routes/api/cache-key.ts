import { CONTENT_CACHE_KEY_PATTERN } from "@domain/content-lookup.ts";
import { handleApi } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { errorResponse, HttpError, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/cache-key";

/** GET /api/cache/{key}: the cached entry (a 404 is a miss, B §7.4). Only content keys are readable. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    const key = validKey(params.key);
    const entry = await services.content.cached(key);
    if (!entry) return errorResponse(404, messages.cacheMiss);
    return jsonResponse(entry, { headers: { "Cache-Control": "no-store" } });
  });
}

/** DELETE /api/cache/{key}: admins only. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    if (request.method !== "DELETE")
      return errorResponse(405, messages.methodNotAllowed, { Allow: "GET, DELETE" });
    await requireStaff(request, context, "content.publish");
    const key = validKey(params.key);
    await services.cache.delete(key);
    return new Response(null, { status: 204 });
  });
}

function validKey(key: string): string {
  if (!CONTENT_CACHE_KEY_PATTERN.test(key)) {
    throw new HttpError(
      400,
      `${messages.invalidParameters} A chave deve ter o formato subdominio:nome:idioma.`,
    );
  }
  return key;
}
