import { createHmac } from "node:crypto";
import { formatDayAtTime } from "@domain/format.ts";
import type { Answers } from "@domain/forms/definition.ts";
import type { TemperatureLevel } from "@domain/forms/scoring.ts";
import { TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import { HELD_LEAD_EVENT, spamReasonLabel } from "@domain/leads/held.ts";
import { NO_TELEMETRY, type Telemetry } from "../metrics/telemetry.ts";
import { JobError } from "../platform/outbox/worker.ts";
import { leadData } from "../webhooks/payload.ts";
import type { LeadRow } from "./repository.ts";
import type { LeadOwner } from "./routing.ts";

export interface NotifyConfig {
  /** The lead's sales owner (chosen once by the routing rules), named in the hot-lead message. */
  ownerOf?: (lead: LeadRow) => Promise<LeadOwner | null>;
  slackUrl?: string;
  teamsUrl?: string;
  publicBaseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Each post answered 2xx or not, for the metrics (decision 119). */
  telemetry?: Telemetry;
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

/**
 * "Responsável: Ana Souza · Responder até 27/11/2026 às 12:00 (horário de Brasília)" (B §9.2,
 * decision 105).
 */
export function assignmentLine(owner: LeadOwner | null, respondBy: Date | null): string {
  return [
    `Responsável: ${owner?.name ?? "sem responsável (configure as regras de distribuição)"}`,
    respondBy ? `Responder até ${formatDayAtTime(respondBy)} (horário de Brasília)` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

function reference(lead: LeadRow): string {
  return lead.trackerUrl ? `${lead.trackerKey} ${lead.trackerUrl}` : `protocolo ${lead.protocol}`;
}

/** The body posted to LEAD_WEBHOOK_URL for every lead event (its format kept: decision 103). */
export function webhookPayload(lead: LeadRow, event: string): Record<string, unknown> {
  return { event, lead: leadData(lead) };
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
  target: "slack" | "teams",
  url: string,
  body: string,
  headers: Record<string, string>,
  config: NotifyConfig,
): Promise<string> {
  let response: Response;
  const telemetry = config.telemetry ?? NO_TELEMETRY;
  try {
    response = await (config.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
  } catch {
    telemetry.webhook(target, "failed");
    throw new JobError("Falha na conexão", true);
  }
  telemetry.webhook(target, response.ok ? "sent" : "failed");
  await response.body?.cancel().catch(() => {});
  if (response.ok) return `HTTP ${response.status}`;
  const retryable = response.status === 429 || response.status >= 500;
  throw new JobError(`HTTP ${response.status}`, retryable);
}

/**
 * "⚠️ Lead quente (87/100) em demonstracao retido como possível spam: enviado rápido demais, …":
 * a warm or hot lead the checks held, announced so a person reviews it now (decision 125).
 */
function heldTopic(lead: LeadRow): string {
  const level = TEMPERATURE_LABELS.pt[lead.level as TemperatureLevel];
  return `⚠️ Lead ${level.toLowerCase()} (${lead.score}/100) em ${lead.formId} retido como possível spam: ${spamReasonLabel(lead.spamReason ?? "")}`;
}

/** Where staff review a held lead and release it. */
function reviewLine(lead: LeadRow, config: NotifyConfig): string {
  return `Revise e libere: ${new URL(`/admin/leads/${lead.id}`, config.publicBaseUrl).href}`;
}

/** A job's event: the held lead's notice, or the hot lead's. */
function isHeldNotice(job: unknown): boolean {
  return (job as { event?: string | null } | null)?.event === HELD_LEAD_EVENT;
}

/** Slack and Teams (hot leads). The signed webhooks are server/webhooks/delivery.ts (decision 103). */
export function notificationHandlers(config: NotifyConfig) {
  return {
    slack: async (job: unknown, lead: LeadRow) => {
      if (!config.slackUrl) return "Slack não configurado";
      if (isHeldNotice(job))
        return post(
          "slack",
          config.slackUrl,
          JSON.stringify({
            text: `${heldTopic(lead)}: ${slackEscape(who(lead.answers))}\n${reviewLine(lead, config)}`,
          }),
          {},
          config,
        );
      const assignment = slackEscape(assignmentLine((await config.ownerOf?.(lead)) ?? null, lead.respondBy));
      return post(
        "slack",
        config.slackUrl,
        JSON.stringify({
          text: `${topic(lead)}: ${slackEscape(who(lead.answers))}\n${assignment}\n${reference(lead)}`,
        }),
        {},
        config,
      );
    },
    teams: async (job: unknown, lead: LeadRow) => {
      if (!config.teamsUrl) return "Teams não configurado";
      if (isHeldNotice(job)) {
        const card = {
          "@type": "MessageCard",
          "@context": "https://schema.org/extensions",
          summary: heldTopic(lead),
          themeColor: "B45309",
          title: heldTopic(lead),
          text: `${teamsEscape(who(lead.answers))}\n\n${teamsEscape(reviewLine(lead, config))}`,
        };
        return post("teams", config.teamsUrl, JSON.stringify(card), {}, config);
      }
      const assignment = teamsEscape(assignmentLine((await config.ownerOf?.(lead)) ?? null, lead.respondBy));
      const card = {
        "@type": "MessageCard",
        "@context": "https://schema.org/extensions",
        summary: topic(lead),
        themeColor: "D9480F",
        title: topic(lead),
        text: `${teamsEscape(who(lead.answers))}\n\n${assignment}\n\n${reference(lead)}`,
      };
      return post("teams", config.teamsUrl, JSON.stringify(card), {}, config);
    },
  };
}
