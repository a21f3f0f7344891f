import { handleApi, readJsonBody } from "@server/http/api.ts";
import { buildSubmission } from "@server/http/build-submission.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import { submissionSchema } from "~/lib/forms/submission-schema.ts";
import type { Route } from "./+types/leads";

/**
 * POST /api/leads: every form's submission (multi-step forms, contact, newsletter, chat popup).
 * 201 with the protocol for a new lead, 200 for a repeated request key, 422 with field errors
 * (handleApi maps the service's refusals to their status).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    const body = await readJsonBody(request, submissionSchema);
    const result = await services.leads.submit(
      buildSubmission(
        {
          formKey: body.form,
          stage: body.stage,
          answers: body.answers,
          leadId: body.leadId,
          accessToken: body.accessToken,
          requestKey: body.requestKey,
          formToken: body.formToken,
          honeypot: body.website,
          tracking: body.tracking,
          plan: body.context,
        },
        request,
        context.request,
      ),
    );
    return jsonResponse(result, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
