import { randomUUID } from "node:crypto";
import type { FormKey } from "@domain/forms/form-keys.ts";
import { PLAN_ID_MAX_LENGTH, PLAN_ID_PATTERN } from "@domain/plan-id.ts";
import { z } from "@domain/zod.ts";
import { issueFormChallenge } from "../leads/spam.ts";
import type { Signer } from "../secrets.ts";

/** A posted address: kept only when it is one (relative to the site or absolute) and not too long. */
const address = z
  .string()
  .max(2_000)
  .refine((value) => URL.canParse(value, "http://localhost"));

/**
 * The hidden fields a form page posts besides the answers. Each one is parsed on its own and a
 * bad value is dropped (or replaced), never thrown: a visitor's post is answered with the form's
 * own messages, not a 5xx (B §4.3; the same limits as /api/leads's schema).
 */
const pagePostFields = z.object({
  _step: z.coerce.number().int().min(0).max(50).catch(0),
  _intent: z.enum(["next", "back", "finish"]).catch("next"),
  _leadId: z.uuid().optional().catch(undefined),
  _accessToken: z.string().min(1).max(200).optional().catch(undefined),
  _protocol: z.string().min(1).max(100).optional().catch(undefined),
  _requestKey: z.string().min(8).max(100).optional().catch(undefined),
  _page: address.optional().catch(undefined),
  _referrer: address.optional().catch(undefined),
  _planId: z.string().max(PLAN_ID_MAX_LENGTH).regex(PLAN_ID_PATTERN).optional().catch(undefined),
  _annual: z.literal("1").optional().catch(undefined),
  formToken: z.string().max(200).optional().catch(undefined),
  website: z.string().max(500).optional().catch(undefined),
});

export type PagePostFields = Omit<z.output<typeof pagePostFields>, "_requestKey"> & { _requestKey: string };

/** The hidden fields of a page post, each valid or left out; a missing request key gets a fresh one. */
export function readPagePostFields(data: FormData): PagePostFields {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(pagePostFields.shape)) {
    const value = data.get(name);
    if (typeof value === "string" && value !== "") raw[name] = value;
  }
  const fields = pagePostFields.parse(raw);
  return { ...fields, _requestKey: fields._requestKey ?? randomUUID() };
}

/** An address safe to read parts from: the posted one when it is one, else the request's own. */
export function pageAddress(posted: string | undefined, requestUrl: string): URL {
  return posted && URL.canParse(posted, requestUrl) ? new URL(posted, requestUrl) : new URL(requestUrl);
}

/**
 * The challenge a no-JavaScript post's confirmation step carries (decision 122): a page holds none,
 * so a form sent before any script ran comes without one, and the server draws the form again,
 * filled, with this challenge for the visitor to send once more.
 */
export function confirmationChallenge(signer: Signer, form: FormKey): string {
  return issueFormChallenge(signer, form, Date.now(), "confirmation");
}
