import { documentSchemas, isDocumentName } from "@domain/content/schemas.ts";
import { CONTENT_CACHE_KEY_PATTERN } from "@domain/content-lookup.ts";
import { z } from "@domain/zod.ts";
import { handleApi, readJsonBody, validate } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/cache";

const cacheEntrySchema = z.strictObject({
  key: z.string().regex(CONTENT_CACHE_KEY_PATTERN, "a chave deve ter o formato subdominio:nome:idioma"),
  data: z.unknown().refine((v) => v !== undefined, "obrigatório"),
  ttl: z.number().int().positive().max(86_400).default(300),
});

/** POST /api/cache {key, data, ttl}: admins only (B §7.4); the site serves the entry as the document. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    await requireStaff(request, context, "content.publish");
    const entry = await readJsonBody(request, cacheEntrySchema);
    // The site serves this entry as the document: data of a known document type must be valid.
    const name = entry.key.split(":")[1] ?? "";
    const data = isDocumentName(name) ? validate(documentSchemas[name], entry.data, ["data"]) : entry.data;
    await services.content.putCached(entry.key, data, entry.ttl);
    return jsonResponse({ key: entry.key, ttl: entry.ttl }, { status: 201 });
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
