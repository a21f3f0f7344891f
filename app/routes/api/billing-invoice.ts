import type { InvoiceStatusChange } from "@domain/billing/invoice-input.ts";
import { z } from "@domain/zod.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { requireBillingKey } from "@server/http/billing-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/billing-invoice";

const ALLOW = "GET, PATCH";

/** GET /api/billing/invoices/{number}: the invoice as stored (billing reads back what it sent). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(context.services.logger, async () => {
    await requireBillingKey(request, context);
    const invoice = await context.services.invoices.get(params.number);
    return jsonResponse(invoice, { headers: { "Cache-Control": "no-store" } });
  });
}

/**
 * PATCH /api/billing/invoices/{number} (decision 096): `{"status":"paid","paidOn":"YYYY-MM-DD"}` or
 * `{"status":"cancelled"}`. Only an open invoice changes; the same state again is answered as is;
 * leaving paid or cancelled is 409. Unknown number: 404.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PATCH") return errorResponse(405, messages.methodNotAllowed, { Allow: ALLOW });
    const caller = await requireBillingKey(request, context);
    await context.services.invoices.get(params.number);
    const body = await readJsonBody(request, z.unknown());
    const { invoice, changed } = await context.services.invoices.setStatus(
      params.number,
      // Validated by the service: 422 with the fields that are wrong.
      body as InvoiceStatusChange,
    );
    if (changed)
      context.services.logger.info(
        { key: caller.name, invoice: invoice.number, status: invoice.status },
        "invoice status set by billing",
      );
    return jsonResponse(invoice, { headers: { "Cache-Control": "no-store" } });
  });
}
