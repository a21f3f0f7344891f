import { requireAdminScreen } from "@server/http/auth-guard.ts";
import {
  contactLine,
  firstTouchOf,
  inboxFiltersFrom,
  lastTouchOf,
  touchColumns,
} from "@server/leads/inbox.ts";
import { spreadsheetSafe } from "@server/leads/spreadsheet.ts";
import { stringify } from "csv-stringify/sync";
import type { Route } from "./+types/leads-csv";

/**
 * GET /admin/leads.csv: the filtered leads as CSV, UTF-8 with a BOM so spreadsheets read the
 * accents. Admins only; personal data, so never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "leadsCsv");
  const rows = await context.services.inbox.all(inboxFiltersFrom(new URL(request.url)));
  const csv = stringify(
    rows.map((lead) => {
      const tracking = lead.tracking as Record<string, unknown>;
      const first = firstTouchOf(tracking);
      const firstColumns = touchColumns(first);
      const last = touchColumns(lastTouchOf(tracking));
      const clickIds = Object.entries({
        ...(first.tags ?? {}),
        ...((tracking.clickIds ?? {}) as Record<string, string>),
      })
        .filter(([key]) => ["gclid", "fbclid", "gbraid", "wbraid"].includes(key))
        .map(([key, value]) => `${key}=${value}`)
        .join(" ");
      // Campaign tags come from addresses anyone can write: shown, never run.
      const safe = (value: string) => spreadsheetSafe(value);
      return [
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
        lead.ownerName ?? "",
        lead.respondBy?.toISOString() ?? "",
        lead.outcome ?? "",
        safe(firstColumns.source),
        safe(firstColumns.medium),
        safe(firstColumns.campaign),
        safe(first.landing ?? ""),
        safe(last.source),
        safe(last.medium),
        safe(last.campaign),
        safe(clickIds),
      ];
    }),
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
        "responsavel",
        "prazo",
        "resultado",
        "primeira_origem_fonte",
        "primeira_origem_meio",
        "primeira_origem_campanha",
        "primeira_pagina",
        "ultima_origem_fonte",
        "ultima_origem_meio",
        "ultima_origem_campanha",
        "ids_de_clique",
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
