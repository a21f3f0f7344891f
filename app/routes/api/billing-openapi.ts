import { billingOpenApi } from "@server/billing/openapi.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/billing-openapi";

/** GET /api/billing/openapi.json (decision 096): the machine API described for its callers. Public. */
export function loader({ context }: Route.LoaderArgs) {
  return jsonResponse(billingOpenApi(context.services.config.publicBaseUrl), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}

export function action() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "GET" });
}
