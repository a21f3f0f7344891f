import { FORM_KEYS } from "@domain/forms/form-keys.ts";
import { submissionSchema } from "@domain/forms/submission-schema.ts";
import { z } from "@domain/zod.ts";
import type { Request, RequestHandler } from "express";
import { offerAfterForm } from "../booking/after-form.ts";
import type { AppServices } from "../context.ts";
import { mapPartner } from "../leads/map-partner.ts";
import { issueFormChallenge } from "../leads/spam.ts";
import { apiErrorAnswer, MAX_BODY_BYTES, parseJsonBody, requireJsonType, validate } from "./api.ts";
import { readBody } from "./body.ts";
import { buildSubmission } from "./build-submission.ts";
import { HttpError, messages } from "./errors.ts";
import { normalisePath } from "./rate-limit.ts";
import { type PostedRequest, requestInfo } from "./request-info.ts";

/** Where every form's submission is posted as JSON (multi-step forms, contact, newsletter, chat popup). */
export const LEAD_INTAKE_PATH = "/api/leads";

/**
 * POST /api/leads, answered by Express itself rather than through React Router (decision 088):
 * the adapter's Fetch Request and streams and the match over the whole route table cost more than
 * the submission's own work. 201 with the protocol (a repeated request key gets its first answer
 * again, and a submission held as spam looks the same), 422 with field errors, every refusal as JSON
 * `{ message }` in Portuguese.
 *
 * Mounted after the rate limit, the cross-site check and the body size check of server/app.ts. The
 * path is matched as the rate limit matches it (`normalisePath`: percent-escapes, doubled or trailing
 * slashes, a single-fetch ".data"), so every spelling that reaches it is counted as a form.
 */
export function leadIntake(services: AppServices): RequestHandler {
  const { config, logger } = services;
  return async (req, res, next) => {
    if (normalisePath(req.path) !== LEAD_INTAKE_PATH) return next();
    try {
      if (req.method !== "POST") throw new HttpError(405, messages.methodNotAllowed, { Allow: "POST" });
      requireJsonType(req.headers["content-type"]);
      // Bodies come uncompressed: the limit is on what is read (the resource route before this one
      // read a gzip body as text and answered 400).
      const encoding = req.headers["content-encoding"];
      if (encoding && encoding.toLowerCase() !== "identity")
        throw new HttpError(415, messages.unsupportedMediaType);
      const body = parseJsonBody((await readBody(req, MAX_BODY_BYTES)).toString("utf8"), submissionSchema);
      const info = requestInfo(req, services.domains, config.isProduction);
      const { partnerId, ...plan } = body.context;
      const partner =
        partnerId === undefined
          ? undefined
          : await mapPartner(services.content, logger, partnerId, {
              segment: info.segment,
              lang: info.language,
            });
      const result = await services.leads.submit(
        buildSubmission(
          {
            formKey: body.form,
            stage: body.stage,
            answers: body.answers,
            leadId: body.leadId,
            accessToken: body.accessToken,
            requestKey: body.requestKey,
            formToken: body.formToken,
            honeypot: body.website,
            tracking: body.tracking,
            plan,
            partner,
          },
          postedRequest(req),
          info,
        ),
      );
      // A demo or trial just completed: the seller's free slots come with the answer (decision 138).
      const booking = body.stage === "complete" ? await offerAfterForm(services, body.form, result) : null;
      res
        .status(201)
        .set("Cache-Control", "no-store")
        .json(booking ? { ...result, booking } : result);
    } catch (error) {
      const { status, body, headers } = apiErrorAnswer(logger, error);
      res.status(status).set(headers).json(body);
    }
  };
}

/** Express's request as a submission reads it: the address posted to, and its headers. */
function postedRequest(req: Request): PostedRequest {
  return {
    url: `${req.protocol}://${req.host}${req.originalUrl}`,
    headers: { get: (name) => req.get(name) ?? null },
  };
}

/** Where a form fetches its challenge on its first interaction (decision 122). */
export const FORM_CHALLENGE_PATH = "/api/forms/challenge";

const challengeQuery = z.strictObject({ form: z.enum(FORM_KEYS) });

/**
 * GET /api/forms/challenge?form=KEY: a signed, single-use challenge bound to that form and to
 * now, fetched by the form when it is first touched, so no page carries a per-visitor token and
 * every visitor of a URL gets the same bytes (decision 122). Never stored by anyone.
 */
export function formChallenge(services: AppServices): RequestHandler {
  return (req, res, next) => {
    if (normalisePath(req.path) !== FORM_CHALLENGE_PATH) return next();
    res.set("Cache-Control", "no-store");
    try {
      if (req.method !== "GET" && req.method !== "HEAD")
        throw new HttpError(405, messages.methodNotAllowed, { Allow: "GET" });
      const { form } = validate(challengeQuery, { ...req.query });
      const issuedAt = Date.now();
      res.status(200).json({ token: issueFormChallenge(services.signer, form, issuedAt), issuedAt });
    } catch (error) {
      const { status, body, headers } = apiErrorAnswer(services.logger, error);
      res.status(status).set(headers).json(body);
    }
  };
}
