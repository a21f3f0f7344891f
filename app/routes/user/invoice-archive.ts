import { parseYear } from "@domain/billing/invoice-list.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import type { Route } from "./+types/invoice-archive";
import { downloadRefusal, downloadResponse } from "./invoice-download.server.ts";

/**
 * A competence year's invoices and NFS-e files in one ZIP, for the accountant (decision 097); a 404 for
 * a year without invoices and for anyone who may not see them.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  try {
    const year = parseYear(params.year);
    if (year === null) throw new DomainError("not-found", "invoices.yearEmpty");
    return downloadResponse(await context.services.customerInvoices.archive(actor, year));
  } catch (error) {
    return downloadRefusal(error, context.request.uiLanguage);
  }
}
