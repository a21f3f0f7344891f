import { CONSENT_MAX_BYTES, CONSENT_PATH } from "@domain/consent/paths.ts";
import type { RequestHandler } from "express";
import type { AppServices } from "../context.ts";
import { apiErrorAnswer, parseJsonBody } from "../http/api.ts";
import { readBody } from "../http/body.ts";
import { saysCrossSite } from "../http/csrf.ts";
import { HttpError, messages } from "../http/errors.ts";
import { normalisePath } from "../http/rate-limit.ts";
import { requestInfo } from "../http/request-info.ts";
import { consentChoiceSchema } from "./records.ts";

export const consentHttpMessages = {
  unsupportedMediaType: "Envie o registro como application/json.",
} as const;

/**
 * POST /api/consent (decision 123): a visitor's cookie choice, recorded as the controller's proof
 * (LGPD art. 8 §2). Answered by Express before React Router, behind the API's rate limit and body
 * check; only this site's pages may send it (Origin, Sec-Fetch-Site). 204 once recorded; refusals
 * are JSON `{ message }` in Portuguese: 400, 403, 405, 413, 415, 429.
 */
export function consentEndpoint(services: AppServices): RequestHandler {
  const { config, logger } = services;
  return async (req, res, next) => {
    if (normalisePath(req.path) !== CONSENT_PATH) return next();
    try {
      if (req.method !== "POST") throw new HttpError(405, messages.methodNotAllowed, { Allow: "POST" });
      if (saysCrossSite(req, config.publicBaseUrl)) throw new HttpError(403, messages.crossSite);
      if (!/^application\/json\b/i.test(req.headers["content-type"] ?? ""))
        throw new HttpError(415, consentHttpMessages.unsupportedMediaType);
      const choice = parseJsonBody(
        (await readBody(req, CONSENT_MAX_BYTES)).toString("utf8"),
        consentChoiceSchema,
      );
      const info = requestInfo(req, services.domains, config.isProduction);
      await services.consentRecords.record(choice, { segment: info.segment });
      res.status(204).set("Cache-Control", "no-store").end();
    } catch (error) {
      const { status, body, headers } = apiErrorAnswer(logger, error);
      res.status(status).set(headers).json(body);
    }
  };
}
