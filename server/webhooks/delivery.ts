import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { leads, webhookEndpoints } from "../db/schema.ts";
import { signWebhook, webhookPayload } from "../leads/notify.ts";
import { NO_TELEMETRY, type Telemetry } from "../metrics/telemetry.ts";
import { JobError, type JobHandler, type JobOf, payloadOf } from "../platform/outbox/worker.ts";
import { type CallVerdict, webhookService } from "../platform/outside/circuit-rules.ts";
import type { OutsideCircuits } from "../platform/outside/circuits.ts";
import { ENV_ENDPOINT_ID } from "./enqueue.ts";
import { leadData, readJobPayload, standardPayload } from "./payload.ts";
import { postWebhook, type WebhookAnswer, WebhookSendError } from "./send.ts";
import { environmentWebhookSecret, standardWebhookHeaders } from "./signing.ts";
import { type UrlPolicy, webhookUrlProblem } from "./url-policy.ts";

export interface WebhookDeliveryOptions {
  db: Database;
  /** LEAD_WEBHOOK_SECRET: the environment's endpoint signs with it (both ways, decision 103). */
  legacySecret?: string;
  policy: UrlPolicy;
  /**
   * When a message is sent, for its `webhook-timestamp`: the real clock, even under a test's clock,
   * since receivers check it against theirs (5 minutes either way) to refuse replays.
   */
  wallClock?: () => Date;
  timeoutMs?: number;
  /** The HTTP post (tests may count or fail it). */
  send?: typeof postWebhook;
  /** Each post answered 2xx or not, for the metrics (decision 119). */
  telemetry?: Telemetry;
  /** Each endpoint's circuit (decision 124): its deliveries wait while it is open. */
  circuits?: OutsideCircuits;
}

/** Statuses worth another try: the receiver is busy, down or timed out (other 4xx refuse this message). */
function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** How an endpoint's answer counts for its circuit: a status worth retrying is the endpoint failing. */
function answerVerdict(answer: WebhookAnswer, detail: string): CallVerdict {
  if (!retryable(answer.status)) return { verdict: "answered" };
  return {
    verdict: "failed",
    detail,
    ...(answer.retryAfterMs !== undefined ? { retryAfterMs: answer.retryAfterMs } : {}),
  };
}

/** A test message's data: no person's data, only what says where it came from. */
function testData(endpointId: string): Record<string, unknown> {
  return {
    message: "Teste de webhook enviado pela administração do site Vértice.",
    endpointId,
  };
}

/**
 * Delivers a job of kind 'webhook' (decision 103): the message of one event to one endpoint,
 * signed Standard Webhooks style with the endpoint's secret; the environment's endpoint also
 * keeps its X-Lead-* headers and body. The answer's status (and the start of its body) goes to the
 * delivery log; 408, 429, 5xx and network failures retry on the job schedule, the rest are final.
 */
export function webhookDelivery(options: WebhookDeliveryOptions): JobHandler<"webhook"> {
  const wallClock = options.wallClock ?? (() => new Date());
  const post = options.send ?? postWebhook;
  const telemetry = options.telemetry ?? NO_TELEMETRY;
  const send: typeof postWebhook = (...args) =>
    post(...args).then(
      (answer) => {
        telemetry.webhook("webhook", answer.status >= 200 && answer.status < 300 ? "sent" : "failed");
        return answer;
      },
      (error: unknown) => {
        telemetry.webhook("webhook", "failed");
        throw error;
      },
    );
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (job: JobOf<"webhook">) => {
    const endpointId = job.webhookEndpointId ?? ENV_ENDPOINT_ID;
    const [endpoint] = await options.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    // A job queued before decision 103 for LEAD_WEBHOOK_URL, which is no longer configured.
    if (!endpoint) return "webhook não configurado";
    if (!endpoint.enabled) throw new JobError("não enviado: endpoint desativado", false);
    const env = endpoint.source === "env";
    const secret = env
      ? options.legacySecret && environmentWebhookSecret(options.legacySecret)
      : endpoint.secret;
    if (!secret) throw new JobError("não enviado: endpoint sem segredo (LEAD_WEBHOOK_SECRET)", false);
    // Staff's endpoints are checked again (the rules may be stricter than when it was saved);
    // LEAD_WEBHOOK_URL is the operator's, who may point it at an internal service.
    const problem = env ? null : webhookUrlProblem(endpoint.url, options.policy);
    if (problem) throw new JobError(`não enviado: ${problem}`, false);

    const message = readJobPayload(payloadOf(job), job.id, job.createdAt);
    const event = job.event ?? "lead.updated";
    let body: string;
    if (job.leadId) {
      const [lead] = await options.db.select().from(leads).where(eq(leads.id, job.leadId));
      if (!lead) throw new JobError("lead não encontrado", false);
      body = JSON.stringify(
        env
          ? { ...webhookPayload(lead, event), ...(message.extra ?? {}) }
          : standardPayload(event, new Date(message.occurredAt), leadData(lead), message.extra),
      );
    } else {
      // A test to the environment's endpoint keeps that endpoint's shape: the event at the top.
      body = JSON.stringify(
        env
          ? { event, ...testData(endpoint.id) }
          : standardPayload(event, new Date(message.occurredAt), testData(endpoint.id)),
      );
    }

    const sentAt = wallClock();
    const headers: Record<string, string> = standardWebhookHeaders(secret, message.messageId, sentAt, body);
    if (env && options.legacySecret) {
      const timestamp = headers["webhook-timestamp"]!;
      Object.assign(headers, {
        "X-Lead-Event": event,
        "X-Lead-Delivery": String(job.id),
        "X-Lead-Timestamp": timestamp,
        "X-Lead-Signature": signWebhook(options.legacySecret, timestamp, body),
      });
    }
    // A test is one look at the endpoint now: never retried, nor revived after an outage, nor held
    // by the endpoint's circuit (its answer still counts: a test answered closes it).
    const oneShot = !job.leadId;
    const circuit = options.circuits?.for(webhookService(endpoint.id));
    if (!oneShot) circuit?.assertAllows();
    let answer: WebhookAnswer;
    try {
      answer = await send(endpoint.url, body, headers, {
        timeoutMs,
        allowInternal: env || options.policy.allowInternal,
      });
    } catch (error) {
      if (!(error instanceof WebhookSendError && error.kind === "blocked"))
        await circuit?.report({ verdict: "failed", detail: (error as Error).message });
      if (error instanceof WebhookSendError) {
        if (error.kind === "blocked") throw new JobError(`não enviado: ${error.message}`, false);
        throw new JobError(
          error.kind === "timeout"
            ? `Tempo esgotado: ${error.message}`
            : `Falha na conexão: ${error.message}`,
          !oneShot,
        );
      }
      throw new JobError(`Falha na conexão: ${(error as Error).message}`, !oneShot);
    }
    const detail = `HTTP ${answer.status}${answer.snippet.trim() ? `: ${answer.snippet.trim().replace(/\s+/g, " ")}` : ""}`;
    await circuit?.report(answerVerdict(answer, detail));
    if (answer.status >= 200 && answer.status < 300) return detail;
    if (answer.status >= 300 && answer.status < 400)
      throw new JobError(
        `HTTP ${answer.status}: redirecionamento não seguido; cadastre o endereço final`,
        false,
      );
    throw new JobError(detail, !oneShot && retryable(answer.status), answer.retryAfterMs);
  };
}
