import type { FormDefinition } from "@domain/forms/definition.ts";
import { FORM_KEYS } from "@domain/forms/form-keys.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { inboxFiltersFrom } from "@server/leads/inbox.ts";
import { leadsCsv } from "@server/leads/leads-csv.ts";
import type { Route } from "./+types/leads-csv";

/**
 * GET /admin/leads.csv: the filtered leads as a Brazilian spreadsheet opens them (decision 127).
 * Admins only; personal data, so never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "leadsCsv");
  const { inbox, forms } = context.services;
  const rows = await inbox.all(inboxFiltersFrom(new URL(request.url)));
  // The questions' labels in Portuguese, in each form's order.
  const definitions = new Map<string, FormDefinition>();
  for (const key of FORM_KEYS) {
    if (!rows.some((lead) => lead.formId === key)) continue;
    const form = await forms.get(key);
    if (form) definitions.set(key, form);
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(leadsCsv(rows, definitions), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
