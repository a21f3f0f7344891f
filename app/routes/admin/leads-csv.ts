import { requirePageAdmin } from "@server/http/auth-guard.ts";
import { contactLine, inboxFiltersFrom } from "@server/leads/inbox.ts";
import { spreadsheetSafe } from "@server/leads/spreadsheet.ts";
import { stringify } from "csv-stringify/sync";
import type { Route } from "./+types/leads-csv";

/**
 * GET /admin/leads.csv: the filtered leads as CSV, UTF-8 with a BOM so spreadsheets read the
 * accents. Admins only; personal data, so never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageAdmin(request, context);
  const rows = await context.services.inbox.all(inboxFiltersFrom(new URL(request.url)));
  const csv = stringify(
    rows.map((lead) => [
      lead.protocol,
      lead.createdAt.toISOString(),
      lead.formId,
      lead.stage,
      lead.level,
      lead.score,
      lead.deliveryStatus,
      lead.trackerKey ?? "",
      // Visitors typed these: a spreadsheet must show them, never run them.
      spreadsheetSafe(contactLine(lead.answers as Record<string, unknown>)),
      JSON.stringify(lead.answers),
      lead.consentPurpose,
      lead.consentAt.toISOString(),
      // A newsletter subscriber who unsubscribed (decision 102): whoever sends the issues skips them.
      lead.consentWithdrawnAt?.toISOString() ?? "",
    ]),
    {
      header: true,
      columns: [
        "protocolo",
        "data",
        "formulario",
        "etapa",
        "temperatura",
        "pontuacao",
        "entrega",
        "jira",
        "contato",
        "respostas",
        "finalidade",
        "consentimento",
        "consentimento_retirado",
      ],
    },
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
