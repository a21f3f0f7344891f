import type { RequestHandler } from "express";
import { z } from "zod";
import type { AppServices } from "../context.ts";
import { unsubscribeMessages } from "../leads/newsletter-consent.ts";
import { ONE_CLICK_UNSUBSCRIBE_PATH, unsubscribePageUrl } from "../mail/unsubscribe-links.ts";
import { unsubscribeTokenSchema } from "../mail/unsubscribe-token.ts";
import { apiErrorAnswer, validate } from "./api.ts";
import { readBody } from "./body.ts";
import { HttpError, messages } from "./errors.ts";
import { normalisePath } from "./rate-limit.ts";

/** RFC 8058's body is one field; anything near a kilobyte is not a mail client's. */
export const ONE_CLICK_MAX_BYTES = 4 * 1024;

export const oneClickMessages = {
  formOnly:
    "Envie List-Unsubscribe=One-Click como formulário (application/x-www-form-urlencoded ou multipart/form-data).",
} as const;

const querySchema = z.object({ token: unsubscribeTokenSchema });
const bodySchema = z.object({
  "List-Unsubscribe": z.literal("One-Click", { error: "o valor deve ser One-Click (RFC 8058)" }),
});

/**
 * The newsletter's one-click unsubscribe (RFC 8058; decision 102), answered by
 * Express before React Router like the lead intake. The welcome e-mail's List-Unsubscribe names
 * this address with its signed token; a mail client POSTs `List-Unsubscribe=One-Click` to it,
 * without cookies or a session: the token is the authority (so the cross-site check does not apply,
 * server/http/csrf.ts). 200 with a JSON message, also for a second unsubscribe; a forged, expired
 * or malformed token gets 400 with the reason in Portuguese. A GET (a client without RFC 8058, or a
 * link scanner) changes nothing: it is sent to the page that asks to confirm with a button.
 */
export function newsletterUnsubscribe(services: AppServices): RequestHandler {
  const { logger } = services;
  return async (req, res, next) => {
    if (normalisePath(req.path) !== ONE_CLICK_UNSUBSCRIBE_PATH) return next();
    try {
      const token = typeof req.query.token === "string" ? req.query.token : "";
      if (req.method === "GET" || req.method === "HEAD") {
        const link = await services.newsletterConsent.inspect(token);
        const language = "language" in link ? link.language : "pt";
        res
          .status(303)
          .set({ Location: unsubscribePageUrl("", language, token), "Cache-Control": "no-store" })
          .end();
        return;
      }
      if (req.method !== "POST")
        throw new HttpError(405, messages.methodNotAllowed, { Allow: "GET, HEAD, POST" });
      const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data")
        throw new HttpError(415, oneClickMessages.formOnly);
      const raw = await readBody(req, ONE_CLICK_MAX_BYTES);
      const fields = await formFields(raw, req.headers["content-type"]!);
      validate(bodySchema, fields);
      const query = validate(querySchema, { token });
      const { already } = await services.newsletterConsent.withdraw(query.token, "one-click");
      logger.info({ already }, "newsletter unsubscribe (one-click)");
      res
        .status(200)
        .set("Cache-Control", "no-store")
        .json({ message: already ? unsubscribeMessages.already : unsubscribeMessages.done });
    } catch (error) {
      const { status, body, headers } = apiErrorAnswer(logger, error);
      res.status(status).set(headers).json(body);
    }
  };
}

/** The posted form's fields (both encodings RFC 8058 allows), as one value per name. */
async function formFields(raw: Buffer, contentType: string): Promise<Record<string, unknown>> {
  try {
    const form = await new Response(new Uint8Array(raw), {
      headers: { "Content-Type": contentType },
    }).formData();
    return Object.fromEntries(
      [...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : null]),
    );
  } catch {
    throw new HttpError(400, messages.invalidParameters);
  }
}
