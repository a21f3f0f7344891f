import { staffMay } from "@domain/auth/staff.ts";
import type { DocumentName } from "@domain/content/schemas.ts";
import { advancedChanges } from "@server/content/advanced-fields.ts";
import { DomainError } from "@server/domain-errors.ts";
import { documentBeforeEdit } from "@server/http/admin-editor.ts";
import { bodyLimitFor, handleApi, readJsonBody } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { anyJson, documentNameFrom, draftResponse, levelFrom } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-draft";

/**
 * The draft of a document at a level (decision 100): GET reads it (404 when there is none), PUT saves
 * the whole document as the draft (If-Match: the draft's tag; the public site does not change),
 * DELETE throws it away. Admins and editors.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireStaff(request, context, "content.read");
    const name = documentNameFrom(params.docname);
    const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
    const draft = await context.services.workflow.draft(name, level);
    if (!draft) throw new DomainError("not-found", "workflow.noDraft");
    return draftResponse(draft);
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PUT" && request.method !== "DELETE")
      return errorResponse(405, messages.methodNotAllowed, { Allow: "GET, PUT, DELETE" });
    const user = await requireStaff(request, context, "content.draft");
    const name = documentNameFrom(params.docname);
    const url = new URL(request.url);
    const level = levelFrom(url, context.services.domains.subdomains);
    const { workflow } = context.services;
    if (request.method === "DELETE") {
      if (!(await workflow.discardDraft(name, level, user.email)))
        throw new DomainError("not-found", "workflow.noDraft");
      return jsonResponse({ message: "Rascunho descartado." }, { headers: { "Cache-Control": "no-store" } });
    }
    const data = await readJsonBody(request, anyJson, bodyLimitFor(url.pathname));
    // What can break scoring, delivery or an address is an admin's to change (decision 132).
    if (!staffMay(user.role, "content.advanced")) {
      const document = name as DocumentName;
      const before = await documentBeforeEdit(context.services, document, level);
      const changed = advancedChanges(document, before, data);
      if (changed.length) throw new DomainError("forbidden", "workflow.advancedOnly", [changed.join("; ")]);
    }
    const draft = await workflow.saveDraft({
      name,
      level,
      data,
      author: user.email,
      ifMatch: request.headers.get("if-match"),
    });
    return draftResponse(draft);
  });
}
