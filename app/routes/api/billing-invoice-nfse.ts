import { handleApi } from "@server/http/api.ts";
import { readNfseForm, requireBillingKey } from "@server/http/billing-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/billing-invoice-nfse";

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "PUT" });
}

/**
 * PUT /api/billing/invoices/{number}/nfse (decision 096): the invoice's NFS-e as multipart/form-data,
 * fields `number` and `verificationCode`, files `pdf` and/or `xml`, each checked by its content.
 * Replaces a previous NFS-e. Unknown invoice: 404 (before the body is read).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "PUT") return errorResponse(405, messages.methodNotAllowed, { Allow: "PUT" });
    const caller = await requireBillingKey(request, context);
    await context.services.invoices.get(params.number);
    const form = await readNfseForm(request);
    const invoice = await context.services.invoices.attachNfse(params.number, form);
    context.services.logger.info(
      { key: caller.name, invoice: invoice.number, pdf: Boolean(form.pdf), xml: Boolean(form.xml) },
      "NFS-e attached by billing",
    );
    return jsonResponse(invoice, { headers: { "Cache-Control": "no-store" } });
  });
}
