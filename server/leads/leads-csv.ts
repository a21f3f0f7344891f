import { formatDateTime } from "@domain/format.ts";
import type { FormDefinition } from "@domain/forms/definition.ts";
import { answerRows } from "@domain/forms/summary.ts";
import { TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import { OUTCOME_LABELS, type Outcome } from "@domain/leads/outcomes.ts";
import { stringify } from "csv-stringify/sync";
import { formName } from "~/admin/form-names.ts";
import { inboxTexts } from "~/admin/lead-texts.ts";
import { firstTouchOf, lastTouchOf, touchColumns } from "./inbox.ts";
import type { LeadRow } from "./repository.ts";
import { spreadsheetSafe } from "./spreadsheet.ts";

/** What each stage is called in the export. */
const STAGE_WORDS: Record<string, string> = { captured: "Primeira etapa", completed: "Completo" };

const CLICK_ID_KEYS = ["gclid", "fbclid", "gbraid", "wbraid"];

/**
 * "02/12/2026 14:35", São Paulo's time: what a Brazilian spreadsheet reads as a date and time (a
 * comma between them, or an ISO instant in UTC, it keeps as text).
 */
export function spreadsheetDateTime(at: Date | null | undefined): string {
  return at ? formatDateTime(at, "pt").replace(", ", " ") : "";
}

/**
 * The leads as a Brazilian spreadsheet opens them in columns (decision 127): `;` between cells
 * (Excel in pt-BR reads `,` as the decimal mark), UTF-8 with a BOM, São Paulo's times, words in
 * Portuguese, one column per question (by its label, across the exported forms), then the visit.
 * Every cell a visitor could have written is made safe from formulas.
 */
export function leadsCsv(rows: LeadRow[], forms: Map<string, FormDefinition>): string {
  const perLead = rows.map((lead) => answerRows(forms.get(lead.formId) ?? null, lead.answers));
  // The questions in the order the forms ask them, one column per label (E-mail is one column).
  const questions = [...new Set(perLead.flatMap((answers) => answers.map(([label]) => label)))];
  const header = [
    "Protocolo",
    "Data",
    "Formulário",
    "Etapa",
    "Temperatura",
    "Pontuação",
    "Entrega",
    "Jira",
    "Responsável",
    "Responder até",
    "Resultado",
    ...questions,
    "Finalidade do consentimento",
    "Consentimento em",
    "Consentimento retirado em",
    "Primeira origem: fonte",
    "Primeira origem: meio",
    "Primeira origem: campanha",
    "Primeira página",
    "Última origem: fonte",
    "Última origem: meio",
    "Última origem: campanha",
    "IDs de clique",
  ];
  const body = rows.map((lead, i) => {
    const tracking = lead.tracking;
    const first = firstTouchOf(tracking);
    const firstColumns = touchColumns(first);
    const last = touchColumns(lastTouchOf(tracking));
    const clickIds = Object.entries({
      ...(first.tags ?? {}),
      ...(tracking.clickIds ?? {}),
    })
      .filter(([key]) => CLICK_ID_KEYS.includes(key))
      .map(([key, value]) => `${key}=${value}`)
      .join(" ");
    const answers = new Map(perLead[i]);
    return [
      lead.protocol,
      spreadsheetDateTime(lead.createdAt),
      formName(lead.formId),
      STAGE_WORDS[lead.stage] ?? lead.stage,
      TEMPERATURE_LABELS.pt[lead.level] ?? lead.level,
      String(lead.score),
      inboxTexts.statuses[lead.deliveryStatus] ?? lead.deliveryStatus,
      lead.trackerKey ?? "",
      lead.ownerName ?? "",
      spreadsheetDateTime(lead.respondBy),
      lead.outcome ? (OUTCOME_LABELS[lead.outcome as Outcome] ?? lead.outcome) : "",
      // Visitors typed these, and campaign tags come from addresses anyone can write: shown, never run.
      ...questions.map((label) => spreadsheetSafe(answers.get(label) ?? "")),
      lead.consentPurpose,
      spreadsheetDateTime(lead.consentAt),
      // A newsletter subscriber who unsubscribed (decision 102): whoever sends the issues skips them.
      spreadsheetDateTime(lead.consentWithdrawnAt),
      ...[
        firstColumns.source,
        firstColumns.medium,
        firstColumns.campaign,
        first.landing ?? "",
        last.source,
        last.medium,
        last.campaign,
        clickIds,
      ].map(spreadsheetSafe),
    ];
  });
  return `\uFEFF${stringify([header, ...body], { delimiter: ";", record_delimiter: "windows" })}`;
}
