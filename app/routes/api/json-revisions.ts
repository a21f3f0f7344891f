import type { JsonPath } from "@domain/content/json-path.ts";
import { parsePath } from "@server/content/admin.ts";
import { DomainError } from "@server/domain-errors.ts";
import { handleApi } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { documentNameFrom, editableResponse, levelFrom } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-revisions";

/**
 * GET /api/json/{docname}/revisions: the versions, newest first; GET .../revisions/{version}: one
 * version's content; POST .../revisions/{version}: restore it (a new version), or with
 * `?path=plans.2.price` only that field (decision 100). Staff read; only admins restore.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireStaff(request, context, "content.read");
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
    const admin = await requireStaff(request, context, "content.restore");
    const name = documentNameFrom(params.docname);
    const url = new URL(request.url);
    const level = levelFrom(url, context.services.domains.subdomains);
    if (url.searchParams.has("path")) {
      // One field (decision 100): ?path=plans.2.price[&from=plans.3.price][&mode=insert|remove].
      const field = fieldFrom(url);
      const restored = await context.services.contentAdmin.restoreField({
        name,
        level,
        version: versionFrom(params.version),
        ...field,
        author: admin.email,
        ifMatch: request.headers.get("if-match"),
      });
      return editableResponse(restored);
    }
    const restored = await context.services.contentAdmin.restore({
      name,
      level,
      version: versionFrom(params.version),
      author: admin.email,
      ifMatch: request.headers.get("if-match"),
    });
    return editableResponse(restored);
  });
}

/** The field a restore names: where in the current document, where in the old version, and how. */
function fieldFrom(url: URL): { path: JsonPath; from?: JsonPath; mode?: "insert" | "remove" } {
  const path = parsePath(url.searchParams.get("path") ?? "");
  if (path.length === 0) throw new DomainError("invalid", "content.restoreNoPath");
  const fromParam = url.searchParams.get("from");
  const from = fromParam === null ? undefined : parsePath(fromParam);
  if (from && from.length === 0) throw new DomainError("invalid", "content.restoreNoPath");
  const mode = url.searchParams.get("mode") ?? "";
  if (mode !== "" && mode !== "insert" && mode !== "remove")
    throw new DomainError("invalid", "content.restoreBadMode", [mode]);
  return { path, ...(from ? { from } : {}), ...(mode ? { mode } : {}) };
}

function versionFrom(param: string): number {
  const version = Number(param);
  if (!Number.isInteger(version) || version < 1) throw new Response(null, { status: 404 });
  return version;
}
