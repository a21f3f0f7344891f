import { CONNECTION_STATUSES } from "@domain/portal/integrations.ts";
import { z } from "@domain/zod.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { requireApiKey } from "@server/http/auth-guard.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/platform-integrations";

const connectionSchema = z.strictObject({
  status: z.enum(CONNECTION_STATUSES, {
    error: `use um destes valores: ${CONNECTION_STATUSES.join(", ")}`,
  }),
  lastSync: z.iso.datetime({ offset: true, error: "data e hora ISO 8601" }).nullable().optional(),
  detail: z.string().max(500, "no máximo 500 caracteres").nullable().optional(),
});

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "PUT" });
}

/**
 * PUT /api/platform/companies/{cnpj}/integrations/{id} (decision 096): the vendor's platform reports a
 * company's connection to an integration of the catalogue (status, last sync, a detail to show).
 * A key of scope `platform`; an unknown company or integration is 404. Repeating it is harmless.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PUT") return errorResponse(405, messages.methodNotAllowed, { Allow: "PUT" });
    const caller = await requireApiKey(request, context, "platform");
    const body = await readJsonBody(request, connectionSchema);
    const connection = await context.services.integrations.report(params.cnpj, params.integrationId, {
      status: body.status,
      lastSyncAt: body.lastSync ? new Date(body.lastSync) : null,
      detail: body.detail ?? null,
    });
    context.services.logger.info(
      {
        key: caller.name,
        cnpj: connection.cnpj,
        integration: connection.integrationId,
        status: connection.status,
      },
      "integration status reported",
    );
    return jsonResponse(connection, { headers: { "Cache-Control": "no-store" } });
  });
}
