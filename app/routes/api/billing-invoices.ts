import type { InvoiceInput } from "@domain/billing/invoice-input.ts";
import { z } from "@domain/zod.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { apiSource, requireBillingKey } from "@server/http/billing-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/billing-invoices";

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}

/**
 * POST /api/billing/invoices (decision 096): the billing system creates an invoice for a company by
 * its CNPJ. Idempotent by number: 201 with the new invoice, or 200 with the stored one when the
 * number exists (even if this body differs: nothing is changed). A key of scope `billing`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    const caller = await requireBillingKey(request, context);
    const body = await readJsonBody(request, z.unknown());
    const { invoice, created } = await context.services.invoices.create(
      // Validated by the service: 422 with the fields that are wrong.
      body as InvoiceInput,
      apiSource(caller),
    );
    if (created)
      context.services.logger.info(
        { key: caller.name, invoice: invoice.number },
        "invoice created by billing",
      );
    return jsonResponse(invoice, {
      status: created ? 201 : 200,
      headers: {
        "Cache-Control": "no-store",
        Location: `/api/billing/invoices/${encodeURIComponent(invoice.number)}`,
      },
    });
  });
}
