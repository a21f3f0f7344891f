import { fromSaoPauloTime } from "@domain/content/schedule-time.ts";
import { z } from "@domain/zod.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/content-schedules";

const rescheduleSchema = z.strictObject({ at: z.string().max(40) });

/**
 * GET /api/content-schedules: the pending scheduled content changes and the last finished ones
 * (staff). PATCH /api/content-schedules/{id} `{at}` moves a pending one; DELETE cancels it (admins).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireStaff(request, context, "content.read");
    if (params.id !== undefined)
      return errorResponse(405, messages.methodNotAllowed, { Allow: "PATCH, DELETE" });
    return jsonResponse(await context.services.workflow.schedules(), {
      headers: { "Cache-Control": "no-store" },
    });
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (params.id === undefined || (request.method !== "PATCH" && request.method !== "DELETE"))
      return errorResponse(405, messages.methodNotAllowed, { Allow: params.id ? "PATCH, DELETE" : "GET" });
    const admin = await requireStaff(request, context, "content.schedule");
    const { workflow } = context.services;
    const schedule =
      request.method === "DELETE"
        ? await workflow.cancel(params.id, admin.email)
        : await workflow.reschedule(
            params.id,
            fromSaoPauloTime((await readJsonBody(request, rescheduleSchema)).at),
            admin.email,
          );
    return jsonResponse(schedule, { headers: { "Cache-Control": "no-store" } });
  });
}
