import { handleApi, readJsonBody } from "@server/http/api.ts";
import { requireAdmin } from "@server/http/auth-guard.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import { CONTENT_CACHE_KEY_PATTERN } from "~/lib/content-lookup.ts";
import { z } from "~/lib/zod.ts";
import type { Route } from "./+types/cache";

const cacheEntrySchema = z.strictObject({
  key: z.string().regex(CONTENT_CACHE_KEY_PATTERN, "a chave deve ter o formato subdominio:nome:idioma"),
  data: z.unknown().refine((v) => v !== undefined, "obrigatório"),
  ttl: z.number().int().positive().max(86_400).default(300),
});

/** POST /api/cache {key, data, ttl}: admins only (B §7.4). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    await requireAdmin(request, context);
    const entry = await readJsonBody(request, cacheEntrySchema);
    await services.cache.set(entry.key, entry.data, entry.ttl);
    return jsonResponse({ key: entry.key, ttl: entry.ttl }, { status: 201 });
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
