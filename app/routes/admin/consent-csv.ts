import { consentCsv } from "@server/consent/records.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import type { Route } from "./+types/consent-csv";

/** How far back the export goes: every record kept (they are deleted with the retention period). */
const EVERYTHING = new Date(0);

/**
 * GET /admin/consentimentos.csv: every cookie choice recorded (decision 123), the controller's proof,
 * UTF-8 with a BOM so spreadsheets read the accents. Admins only; never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "consentCsv");
  const records = await context.services.consentRecords.between(EVERYTHING, new Date(Date.now() + 60_000));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${consentCsv(records)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="consentimentos-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
