import type { MeetingStatus } from "@domain/booking/meeting.ts";
import { meetingWhen } from "@domain/booking/slot-format.ts";
import { languageName } from "@domain/languages.ts";
import { NO_CLARITY } from "@domain/leads/clarity.ts";
import { partnerChatLine, partnerContactLine, storedLeadPartner } from "@domain/partners.ts";
import { inboxTexts } from "./lead-texts.ts";

/**
 * How a lead's stored record reads on the admin's lead page (decision 116): every field by its name
 * in Portuguese and every value in words, never the stored keys ("utm", "userAgent", "tracker — done").
 */

/** A lead's demonstration in one sentence (decision 138): booked, or cancelled by its visitor. */
export function meetingLine(meeting: { start: string; seller: string; status: MeetingStatus }): string {
  const when = meetingWhen(meeting.start, "pt");
  return meeting.status === "booked"
    ? inboxTexts.meetingBooked(when, meeting.seller)
    : inboxTexts.meetingCancelled(when, meeting.seller);
}

/** Where a lead is delivered, by the outbox's job kind. */
const DELIVERY_NAMES: Record<string, string> = {
  tracker: "Chamado no Jira",
  slack: "Aviso no Slack",
  teams: "Aviso no Microsoft Teams",
  webhook: "Webhook",
  mail: "E-mail de confirmação ao visitante",
  meeting_note: "Demonstração anotada no Jira",
  meeting_reminder: "Lembrete da demonstração ao visitante",
};

const JOB_STATES: Record<string, string> = {
  pending: "na fila",
  running: "enviando agora",
  done: "concluída",
  dead: "desistiu após as tentativas",
};

/** One delivery's heading: "Chamado no Jira — entregue". */
export function deliveryHeading(kind: string, status: string): string {
  return `${DELIVERY_NAMES[kind] ?? kind} — ${JOB_STATES[status] ?? status}`;
}

const TAG_NAMES: Record<string, string> = {
  utm_source: "fonte",
  utm_medium: "meio",
  utm_campaign: "campanha",
  utm_term: "termo",
  utm_content: "conteúdo",
};

/** A record's entries in a fixed order of keys (the stored order is the visitor's URL's). */
function inOrder(value: unknown, keys: string[]): unknown {
  if (!value || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

/** The partner map's partner a chat lead asked for (decision 129), and the WhatsApp it opened. */
function partnerRow(context: Record<string, unknown>): string | undefined {
  const partner = storedLeadPartner(context);
  return partner ? `${partnerContactLine(partner)}; ${partnerChatLine(partner)}` : undefined;
}

function tags(value: unknown, names: Record<string, string> = {}): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  const parts = Object.entries(value as Record<string, unknown>)
    .filter(([, tag]) => text(tag))
    .map(([key, tag]) => `${names[key] ?? key}: ${String(tag)}`);
  return parts.length ? parts.join(" · ") : undefined;
}

/**
 * The lead's visit as rows of label and value: the page of the form, where the visitor came from,
 * the campaign, the site and language, the plan chosen, the browser.
 * `segmentNames` names the segment subdomains (from the domain configuration).
 */
export function visitRows(
  tracking: Record<string, unknown>,
  context: Record<string, unknown>,
  segmentNames: Record<string, string> = {},
): [label: string, value: string][] {
  const rows: [string, string | undefined][] = [
    ["Página do formulário", text(context.page) ?? text(tracking.page)],
    [
      "Veio de",
      text(tracking.referrer) === "direct"
        ? "Acesso direto ou página do próprio site"
        : text(tracking.referrer),
    ],
    ["Campanha (UTM)", tags(inOrder(tracking.utm, Object.keys(TAG_NAMES)), TAG_NAMES)],
    ["Identificadores de clique", tags(tracking.clickIds)],
    [
      "Site",
      typeof context.segment === "string" && context.segment
        ? (segmentNames[context.segment] ?? context.segment)
        : "Site principal",
    ],
    ["Idioma", text(context.language) && languageName(String(context.language))],
    ["Plano escolhido", text(context.planId)],
    ["Parceiro do mapa", partnerRow(context)],
    ["Cobrança", typeof context.annual === "boolean" ? (context.annual ? "Anual" : "Mensal") : undefined],
    ["Navegador", text(tracking.userAgent)],
    [
      "Sessão no Microsoft Clarity",
      text(tracking.clarityId) && tracking.clarityId !== NO_CLARITY ? String(tracking.clarityId) : undefined,
    ],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}
