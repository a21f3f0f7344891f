import type { RequestHandler } from "express";
import type { AppServices } from "../context.ts";
import {
  deliveryIdentifier,
  inboundChange,
  jiraTime,
  jiraWebhookSchema,
  validSignature,
} from "../tracker/webhook.ts";
import { apiErrorAnswer, JIRA_WEBHOOK_MAX_BYTES, JIRA_WEBHOOK_PATH, parseJsonBody } from "./api.ts";
import { readBody } from "./body.ts";
import { HttpError, messages } from "./errors.ts";
import { normalisePath } from "./rate-limit.ts";

export const webhookMessages = {
  badSignature: "Assinatura do webhook inválida.",
} as const;

/**
 * POST /api/webhooks/jira (decision 092), answered by Express before React Router, as the lead intake
 * is: the signature is an HMAC of the raw bytes, which must be read as they came. Without
 * JIRA_WEBHOOK_SECRET the endpoint does not exist (404); an unsigned or forged delivery gets 401;
 * a repeated delivery (same X-Atlassian-Webhook-Identifier) changes nothing and still gets 204, so
 * Jira stops retrying it.
 */
export function jiraWebhook(services: AppServices): RequestHandler {
  const { config, logger } = services;
  return async (req, res, next) => {
    if (normalisePath(req.path) !== JIRA_WEBHOOK_PATH) return next();
    try {
      const secret = config.JIRA_WEBHOOK_SECRET;
      if (!secret) throw new HttpError(404, messages.notFound);
      if (req.method !== "POST") throw new HttpError(405, messages.methodNotAllowed, { Allow: "POST" });
      const raw = await readBody(req, JIRA_WEBHOOK_MAX_BYTES);
      if (!validSignature(raw, req.get("x-hub-signature"), secret))
        throw new HttpError(401, webhookMessages.badSignature);
      const payload = parseJsonBody(raw.toString("utf8"), jiraWebhookSchema);
      const change = inboundChange(payload);
      const at = issueTime(payload.issue?.fields?.updated, payload.timestamp);
      const result = await services.jiraInbound.receive(
        deliveryIdentifier(req.get("x-atlassian-webhook-identifier"), raw),
        payload.webhookEvent,
        change,
        at,
      );
      logger.info({ event: payload.webhookEvent, issue: change?.issueKey, result }, "jira webhook");
      res.status(204).set("Cache-Control", "no-store").end();
    } catch (error) {
      const { status, body, headers } = apiErrorAnswer(logger, error);
      res.status(status).set(headers).json(body);
    }
  };
}

/** When the change happened: the issue's `updated` (Jira writes 2026-11-26T10:15:30.000+0000), else the event's time. */
function issueTime(updated: string | undefined, timestamp: number | undefined): Date {
  return jiraTime(updated) ?? new Date(timestamp ?? Date.now());
}
