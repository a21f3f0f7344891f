import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import type { Route } from "./+types/invoice-nfse";
import { downloadRefusal, downloadResponse } from "./invoice-download.server.ts";

/**
 * An invoice's NFS-e as billing attached it, PDF or XML (decision 097); a 404 for anyone who may not
 * see it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  try {
    if (params.format !== "pdf" && params.format !== "xml")
      throw new DomainError("not-found", "invoices.fileNotFound");
    return downloadResponse(
      await context.services.customerInvoices.nfse(actor, params.number, params.format),
    );
  } catch (error) {
    return downloadRefusal(error, context.request.uiLanguage);
  }
}
