import { createHmac } from "node:crypto";
import { formatSaoPaulo } from "~/lib/content/schedule-time.ts";
import type { Answers } from "~/lib/forms/definition.ts";
import { TEMPERATURE_LABELS, type TemperatureLevel } from "~/lib/forms/scoring.ts";
import type { LeadRow } from "./repository.ts";
import type { LeadOwner } from "./routing.ts";
import { JobError } from "./worker.ts";

export interface NotifyConfig {
  /** The lead's sales owner (chosen once by the routing rules), named in the hot-lead message. */
  ownerOf?: (lead: LeadRow) => Promise<LeadOwner | null>;
  slackUrl?: string;
  teamsUrl?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  publicBaseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

function who(answers: Answers): string {
  const pick = (name: string) => {
    const v = answers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  return (
    [pick("nomeEmpresa"), pick("nomeResponsavel") ?? pick("nome")].filter(Boolean).join(" — ") ||
    "Sem identificação"
  );
}

/**
 * Visitor text in a Slack message: Slack reads `<...>` as a link or a mention (`<!channel>`,
 * `<https://evil|Clique aqui>`), so &, < and > are written as its docs require.
 */
export function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Visitor text in a Teams card's Markdown field: HTML is written as entities and Markdown's marks
 * (links `[x](y)`, emphasis, code, headings) are escaped, so the text shows as typed.
 */
export function teamsEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/([\\`*_[\]()#|~])/g, "\\$1");
}

/** What the message is about, without any visitor text (that goes where it is escaped). */
function topic(lead: LeadRow): string {
  const level = TEMPERATURE_LABELS.pt[lead.level as TemperatureLevel];
  return `🔥 Lead ${level.toLowerCase()} (${lead.score}/100) em ${lead.formId}`;
}

/** "Responsável: Ana Souza · Responder até 27/11/2026 às 12:00 (horário de Brasília)" (B §9.2, issue 30). */
export function assignmentLine(owner: LeadOwner | null, respondBy: Date | null): string {
  return [
    `Responsável: ${owner?.name ?? "sem responsável (configure as regras de distribuição)"}`,
    respondBy ? `Responder até ${formatSaoPaulo(respondBy)} (horário de Brasília)` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

function reference(lead: LeadRow): string {
  return lead.trackerUrl ? `${lead.trackerKey} ${lead.trackerUrl}` : `protocolo ${lead.protocol}`;
}

/** The body posted to LEAD_WEBHOOK_URL for every lead event. */
export function webhookPayload(lead: LeadRow, event: string): Record<string, unknown> {
  return {
    event,
    lead: {
      id: lead.id,
      protocol: lead.protocol,
      form: lead.formId,
      type: lead.formType,
      stage: lead.stage,
      temperature: { score: lead.score, level: lead.level },
      priority: lead.priority,
      responseHours: lead.responseHours,
      answers: lead.answers,
      context: lead.context,
      tracking: lead.tracking,
      consent: { purpose: lead.consentPurpose, textVersion: lead.consentTextVersion, at: lead.consentAt },
      tracker: lead.trackerKey ? { key: lead.trackerKey, url: lead.trackerUrl } : null,
      createdAt: lead.createdAt,
    },
  };
}

/**
 * Signature of a webhook body: HMAC-SHA256 with LEAD_WEBHOOK_SECRET over "{timestamp}.{body}",
 * sent as X-Lead-Signature: sha256=<hex> with X-Lead-Timestamp, so a receiver can refuse replays.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Posts JSON; 2xx is done, 429/5xx/network retry later, other 4xx are final. */
async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  config: NotifyConfig,
): Promise<string> {
  let response: Response;
  try {
    response = await (config.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
  } catch {
    throw new JobError("Falha na conexão", true);
  }
  await response.body?.cancel().catch(() => {});
  if (response.ok) return `HTTP ${response.status}`;
  const retryable = response.status === 429 || response.status >= 500;
  throw new JobError(`HTTP ${response.status}`, retryable);
}

export function notificationHandlers(config: NotifyConfig, now: () => Date = () => new Date()) {
  return {
    slack: async (_job: unknown, lead: LeadRow) => {
      if (!config.slackUrl) return "Slack não configurado";
      const assignment = slackEscape(assignmentLine((await config.ownerOf?.(lead)) ?? null, lead.respondBy));
      return post(
        config.slackUrl,
        JSON.stringify({
          text: `${topic(lead)}: ${slackEscape(who(lead.answers as Answers))}\n${assignment}\n${reference(lead)}`,
        }),
        {},
        config,
      );
    },
    teams: async (_job: unknown, lead: LeadRow) => {
      if (!config.teamsUrl) return "Teams não configurado";
      const assignment = teamsEscape(assignmentLine((await config.ownerOf?.(lead)) ?? null, lead.respondBy));
      const card = {
        "@type": "MessageCard",
        "@context": "https://schema.org/extensions",
        summary: topic(lead),
        themeColor: "D9480F",
        title: topic(lead),
        text: `${teamsEscape(who(lead.answers as Answers))}\n\n${assignment}\n\n${reference(lead)}`,
      };
      return post(config.teamsUrl, JSON.stringify(card), {}, config);
    },
    webhook: async (job: { id: number; event: string | null }, lead: LeadRow) => {
      if (!config.webhookUrl || !config.webhookSecret) return "webhook não configurado";
      const body = JSON.stringify(webhookPayload(lead, job.event ?? "lead.updated"));
      const timestamp = String(Math.floor(now().getTime() / 1000));
      return post(
        config.webhookUrl,
        body,
        {
          "X-Lead-Event": job.event ?? "lead.updated",
          "X-Lead-Delivery": String(job.id),
          "X-Lead-Timestamp": timestamp,
          "X-Lead-Signature": signWebhook(config.webhookSecret, timestamp, body),
        },
        config,
      );
    },
  };
}
