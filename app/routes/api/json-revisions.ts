import { handleApi } from "@server/http/api.ts";
import { requireAdmin } from "@server/http/auth-guard.ts";
import { documentNameFrom, editableResponse, levelFrom } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-revisions";

/**
 * GET /api/json/{docname}/revisions: the versions, newest first; GET .../revisions/{version}: one
 * version's content; POST .../revisions/{version}: restore it (a new version). Admins only.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireAdmin(request, context);
    const name = documentNameFrom(params.docname);
    const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
    if (params.version === undefined) {
      const revisions = await context.services.contentAdmin.revisions(name, level);
      return jsonResponse({ revisions }, { headers: { "Cache-Control": "no-store" } });
    }
    const version = versionFrom(params.version);
    const data = await context.services.contentAdmin.revision(name, level, version);
    return jsonResponse(data, { headers: { "Cache-Control": "no-store" } });
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST" || params.version === undefined)
      return errorResponse(405, messages.methodNotAllowed, { Allow: "GET" });
    const admin = await requireAdmin(request, context);
    const name = documentNameFrom(params.docname);
    const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
    const restored = await context.services.contentAdmin.restore({
      name,
      level,
      version: versionFrom(params.version),
      author: admin.email,
      ifMatch: request.headers.get("if-match"),
    });
    await context.services.audit.record({
      actor: admin.email,
      action: "content.restore",
      target: `${name}.json`,
      detail: { ...level, restored: Number(params.version), version: restored.version },
    });
    return editableResponse(restored);
  });
}

function versionFrom(param: string): number {
  const version = Number(param);
  if (!Number.isInteger(version) || version < 1) throw new Response(null, { status: 404 });
  return version;
}
