import { fromSaoPauloTime } from "@domain/content/schedule-time.ts";
import { z } from "@domain/zod.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { documentNameFrom, levelFrom } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-schedule";

const scheduleSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("publish"), at: z.string().max(40) }),
  z.strictObject({
    action: z.literal("unpublish"),
    at: z.string().max(40),
    item: z.string().min(1).max(200),
  }),
]);

/**
 * POST /api/json/{docname}/schedule?segment=&lang= (decision 100): `{action: "publish", at}` publishes
 * the level's draft as it is now at `at`; `{action: "unpublish", at, item}` takes a blog post (its
 * slug) or content page (its path) off the site at `at`. `at` is São Paulo's wall-clock time
 * ("2026-11-26T15:30"). 201 with the schedule. Admins only.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    const admin = await requireStaff(request, context, "content.schedule");
    const name = documentNameFrom(params.docname);
    const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
    const body = await readJsonBody(request, scheduleSchema);
    const runAt = fromSaoPauloTime(body.at);
    const { workflow } = context.services;
    const schedule =
      body.action === "publish"
        ? await workflow.schedulePublish({ name, level, runAt, author: admin.email })
        : await workflow.scheduleUnpublish({ name, level, item: body.item, runAt, author: admin.email });
    return jsonResponse(schedule, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
