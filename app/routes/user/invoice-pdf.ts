import { requirePortalMember } from "@server/http/auth-guard.ts";
import type { Route } from "./+types/invoice-pdf";
import { downloadRefusal, downloadResponse } from "./invoice-download.server.ts";

/**
 * An invoice's PDF, made by the product (decision 097): for owners, admins and finance; a 404 for
 * anyone else.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  try {
    return downloadResponse(await context.services.customerInvoices.pdf(actor, params.number));
  } catch (error) {
    return downloadRefusal(error, context.request.uiLanguage);
  }
}
