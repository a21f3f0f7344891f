import { describeTouch } from "@domain/attribution/touch.ts";
import { saoPauloDay } from "@domain/billing/dates.ts";
import { formatDayAtTime } from "@domain/format.ts";
import type { Answers, FormDefinition, FormType } from "@domain/forms/definition.ts";
import { JIRA_PRIORITY, type Priority, type TemperatureLevel } from "@domain/forms/scoring.ts";
import { groupedAnswers } from "@domain/forms/summary.ts";
import { type LeadStage, TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import {
  type LeadPartner,
  partnerChatLine,
  partnerContactLine,
  storedLeadPartner,
} from "@domain/partners.ts";
import type { LeadContext, LeadTracking } from "../db/json-types.ts";
import { type AdfDocument, definitionList, doc, heading, paragraph } from "./adf.ts";
import type { IssueType } from "./jira-client.ts";

/** The product tag every ticket carries (B §9.3). */
export const PRODUCT_TAG = "vertice-erp";
/** Tag shared by every ticket the site creates, whatever the form ("flexible tag" of B §9.3). */
export const SITE_TAG = "site";

export const SUMMARY_PREFIX: Record<TemperatureLevel, string> = { hot: "🔥", warm: "🌡️", cold: "❄️" };

/** Issue-type preference by kind of form (B §9.3). */
const ISSUE_TYPE_PREFERENCES: Record<"lead" | "partner" | "contact" | "newsletter", string[]> = {
  lead: ["Task", "Story", "Sub-task", "Tarefa"],
  partner: ["Task", "Story", "Epic", "Tarefa"],
  contact: ["Task", "Bug", "Support", "Tarefa"],
  newsletter: ["Task", "Story", "Tarefa"],
};

/** Used when the project's issue types cannot be read or none matches (B §8.2). */
export const FALLBACK_ISSUE_TYPE: IssueType = { id: "10001", name: "Task" };

export function issueTypeKind(type: FormType): keyof typeof ISSUE_TYPE_PREFERENCES {
  if (type === "partner_lead") return "partner";
  if (type === "contact_message") return "contact";
  if (type === "newsletter_subscription") return "newsletter";
  return "lead";
}

/** The form's own names first (e.g. "Demo Lead"), then the preference list of its kind. */
export function chooseIssueType(
  available: IssueType[],
  form: Pick<FormDefinition, "type" | "integrations">,
): IssueType {
  return firstIssueType(available, [
    ...form.integrations.jira.issue_types,
    ...ISSUE_TYPE_PREFERENCES[issueTypeKind(form.type)],
  ]);
}

/** A support ticket of the portal: the contact preference list (B §9.3), as a contact form's. */
export function supportIssueType(available: IssueType[]): IssueType {
  return firstIssueType(available, ISSUE_TYPE_PREFERENCES.contact);
}

/** A plan change request to sales (decision 095, project FDVW): the lead preference list (B §9.3). */
export function salesIssueType(available: IssueType[]): IssueType {
  return firstIssueType(available, ISSUE_TYPE_PREFERENCES.lead);
}

/** The first of `wanted` (by name, any case) the project has, or the fallback. */
function firstIssueType(available: IssueType[], wanted: string[]): IssueType {
  for (const name of wanted) {
    const found = available.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (found) return found;
  }
  return FALLBACK_ISSUE_TYPE;
}

/** Jira labels cannot hold spaces; keep them short and lower-case. */
export function toLabel(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}

const asList = (value: string | string[] | undefined): string[] =>
  Array.isArray(value) ? value : value ? [value] : [];

export const NURTURE_LABEL = "nutricao-automatica";
/**
 * A lead from a contact or company that sent one before (decision 105): its issue is linked to the
 * earlier one.
 */
export const RECURRING_LABEL = "lead-recorrente";

/**
 * Labels of B §9.3: the form slug; temp-{level}; the product tag; the site tag and the form's
 * own labels; the type with its first underscore replaced by a dash; seg-{each segment};
 * urgencia-{value}; porte-{employee count}; and lead-{id}, which finds the ticket again.
 */
export function ticketLabels(
  form: FormDefinition,
  answers: Answers,
  level: TemperatureLevel,
  leadId: string,
  recurring = false,
): string[] {
  const labels = [
    form.slug,
    `temp-${level}`,
    PRODUCT_TAG,
    SITE_TAG,
    ...form.integrations.jira.labels,
    form.type.replace("_", "-"),
    ...asList(answers.segmento).map((s) => `seg-${s}`),
    ...asList(answers.urgencia).map((u) => `urgencia-${u}`),
    ...asList(answers.numeroFuncionarios).map((p) => `porte-${p}`),
    // B §9.2: cold and warm demo, partner and trial leads go to automatic nurture; the label is
    // what a marketing automation reading Jira picks them up by.
    ...(form.actions[level].nurture ? [NURTURE_LABEL] : []),
    ...(recurring ? [RECURRING_LABEL] : []),
    `lead-${leadId}`,
  ];
  return [...new Set(labels.map(toLabel).filter(Boolean))];
}

/**
 * "🔥 Demonstração: Empresa X (Maria Silva)", at most 255 characters (Jira's limit). A chat from the
 * partner map says whom it is for instead of the form's title (decision 129):
 * "❄️ Contato com o parceiro Campo Forte Consultoria Agro (Rio Verde/GO): Ana Souza".
 */
export function ticketSummary(
  form: FormDefinition,
  answers: Answers,
  level: TemperatureLevel,
  partner: LeadPartner | null = null,
): string {
  const first = (...names: string[]) => names.map((n) => asList(answers[n])[0]?.trim()).find(Boolean) ?? "";
  const company = first("nomeEmpresa");
  const person = first("nomeResponsavel", "nome", "email", "emailContato");
  const who = company && person ? `${company} (${person})` : company || person || "Sem identificação";
  const summary = `${SUMMARY_PREFIX[level]} ${partner ? partnerContactLine(partner) : form.title}: ${who}`;
  return summary.length > 255 ? `${summary.slice(0, 252)}...` : summary;
}

export function jiraPriority(priority: Priority): string {
  return JIRA_PRIORITY[priority];
}

export interface TicketLead {
  id: string;
  protocol: string;
  stage: LeadStage;
  answers: Answers;
  score: number;
  level: TemperatureLevel;
  priority: Priority;
  responseHours: number;
  tracking: LeadTracking;
  context: LeadContext;
  consentPurpose: string;
  consentTextVersion: string;
  consentAt: Date;
  createdAt: Date;
  /** When sales must have answered (response hours in business hours from arrival). */
  respondBy?: Date | null;
  /** Who the routing rules gave it to. */
  owner?: { name: string } | null;
  /** The issue of the same contact's or company's earlier lead. */
  relatedKey?: string | null;
}

/** The due date Jira keeps for a deadline: its day in São Paulo ("2026-11-27"). */
export function jiraDueDate(deadline: Date): string {
  return saoPauloDay(deadline);
}

/** The ticket description: every answer, the temperature, the visit and the consent, as ADF. */
export function ticketDescription(form: FormDefinition, lead: TicketLead): AdfDocument {
  const label = TEMPERATURE_LABELS.pt[lead.level];
  const { tracking, context } = lead;
  const utm = tracking.utm ?? {};
  const partner = storedLeadPartner(lead.context);
  return doc([
    heading(2, `${form.title} — ${lead.stage === "completed" ? "formulário concluído" : "lead capturado"}`),
    // Whom the visitor asked for on the partner map, and on which WhatsApp they are waiting (decision 129).
    ...(partner
      ? [paragraph({ strong: `${partnerContactLine(partner)}: ` }, `${partnerChatLine(partner)}.`)]
      : []),
    paragraph(
      { strong: "Temperatura: " },
      `${label} (${lead.score}/100) · `,
      { strong: "Prioridade: " },
      `${jiraPriority(lead.priority)} · `,
      { strong: "Responder em até " },
      `${lead.responseHours} h úteis`,
    ),
    ...(lead.respondBy || lead.owner
      ? [
          paragraph(
            ...(lead.respondBy
              ? [{ strong: "Prazo: " }, `${formatDayAtTime(lead.respondBy)} (horário de Brasília)`]
              : []),
            ...(lead.respondBy && lead.owner ? [" · "] : []),
            ...(lead.owner ? [{ strong: "Responsável: " }, lead.owner.name] : []),
          ),
        ]
      : []),
    ...groupedAnswers(form, lead.answers, "Não informado").flatMap((group) => [
      heading(3, group.title),
      definitionList(group.rows),
    ]),
    heading(3, "Origem"),
    definitionList([
      ["Protocolo", lead.protocol],
      ["Página", String(tracking.page ?? "")],
      ["Referência", String(tracking.referrer ?? "direct")],
      ["Segmento do site", String(context.segment ?? "")],
      ["Idioma", String(context.language ?? "")],
      ["Plano escolhido", String(context.planId ?? "")],
      ["Cobrança anual", context.planId ? (context.annual ? "sim" : "não") : ""],
      ["Clarity ID", String(tracking.clarityId ?? "")],
      [
        "UTM",
        Object.entries(utm)
          .map(([k, v]) => `${k}=${v}`)
          .join(" "),
      ],
      [
        "IDs de clique",
        Object.entries(tracking.clickIds ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join(" "),
      ],
      ["Primeira origem (90 dias)", describeTouch(tracking.firstTouch)],
      ["Lead anterior relacionado", lead.relatedKey ?? ""],
      ["Navegador", String(tracking.userAgent ?? "")],
      ["Recebido em", lead.createdAt.toISOString()],
    ]),
    heading(3, "Consentimento (LGPD)"),
    definitionList([
      ["Finalidade", lead.consentPurpose],
      ["Versão do texto", lead.consentTextVersion],
      ["Aceito em", lead.consentAt.toISOString()],
    ]),
  ]);
}
