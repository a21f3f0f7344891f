import { requirePortalMember } from "@server/http/auth-guard.ts";
import type { Route } from "./+types/company-export";
import { downloadRefusal, downloadResponse } from "./invoice-download.server.ts";

/**
 * GET /user/empresa/dados: the company's data as a ZIP for its owner (decision 111, LGPD art. 18 V):
 * a download, private and never cached; any other role gets the same 404 as for a page that is not
 * there. Recorded in the audit log.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  try {
    return downloadResponse(await context.services.companyExport.export(actor));
  } catch (error) {
    return downloadRefusal(error, context.request.uiLanguage);
  }
}
