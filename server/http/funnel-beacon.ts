import { FUNNEL_MAX_BYTES, FUNNEL_PATH, headersRefuseTracking } from "@domain/funnel/events.ts";
import { funnelBatchSchema } from "@domain/funnel/schema.ts";
import type { RequestHandler } from "express";
import { isbot } from "isbot";
import type { AppServices } from "../context.ts";
import { apiErrorAnswer, parseJsonBody } from "./api.ts";
import { readBody } from "./body.ts";
import { saysCrossSite } from "./csrf.ts";
import { HttpError, messages } from "./errors.ts";
import { normalisePath } from "./rate-limit.ts";
import { requestInfo } from "./request-info.ts";

export const funnelMessages = {
  unsupportedMediaType: "Envie o corpo como text/plain ou application/json.",
} as const;

/**
 * POST /api/leads/funnel: the funnel beacon's batches (decision 104), answered by
 * Express before React Router like the lead intake, after the rate limit (its own bucket) and the
 * 4 KB body check of server/app.ts.
 *
 * `navigator.sendBeacon` sends a string as text/plain and can set no header of its own, so text/plain
 * is taken as well as JSON; what proves the batch comes from our pages is the browser's own Origin
 * and Sec-Fetch-Site: another site's page is refused (403) whether or not it carries a cookie.
 *
 * 204 for every batch it takes, stored or not: a bot's (isbot on the User-Agent, or none) and one whose
 * browser sent Do Not Track or Global Privacy Control are read and dropped. Refusals are JSON
 * `{ message }` in Portuguese: 400 not a valid batch, 413 over 4 KB, 415 another type, 429.
 */
export function funnelBeacon(services: AppServices): RequestHandler {
  const { config, logger } = services;
  return async (req, res, next) => {
    if (normalisePath(req.path) !== FUNNEL_PATH) return next();
    try {
      if (req.method !== "POST") throw new HttpError(405, messages.methodNotAllowed, { Allow: "POST" });
      if (saysCrossSite(req, config.publicBaseUrl)) throw new HttpError(403, messages.crossSite);
      if (!/^(text\/plain|application\/json)\b/i.test(req.headers["content-type"] ?? ""))
        throw new HttpError(415, funnelMessages.unsupportedMediaType);
      const encoding = req.headers["content-encoding"];
      if (encoding && encoding.toLowerCase() !== "identity")
        throw new HttpError(415, funnelMessages.unsupportedMediaType);
      const text = (await readBody(req, FUNNEL_MAX_BYTES)).toString("utf8");
      // Counted nowhere, answered like everyone: a bot learns nothing, a visitor's page waits on nothing.
      // Every browser names itself; a request without a User-Agent is a program.
      const agent = req.headers["user-agent"];
      if (agent && !isbot(agent) && !headersRefuseTracking(req.headers)) {
        const batch = parseJsonBody(text, funnelBatchSchema);
        const info = requestInfo(req, services.domains, config.isProduction);
        await services.funnel.record(batch, { segment: info.segment, host: req.headers.host });
      }
      res.status(204).set("Cache-Control", "no-store").end();
    } catch (error) {
      const { status, body, headers } = apiErrorAnswer(logger, error);
      res.status(status).set(headers).json(body);
    }
  };
}
