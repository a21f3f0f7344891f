import { tagsFrom } from "@domain/attribution/touch.ts";
import { readTouchCookie } from "@domain/attribution/touch-cookie.ts";
import { grantedNow, readChoice } from "@domain/consent/choice.ts";
import type { LeadPartner } from "@domain/partners.ts";
import { withoutClickIds } from "~/browser/attribution/remember.ts";
import type { SubmissionInput } from "../leads/service.ts";
import { pageAddress } from "./page-post.ts";
import { type PostedRequest, type RequestInfo, submissionClient } from "./request-info.ts";

/** What a form sent, however it was sent (JSON to /api/leads or a page post). */
export type SubmissionParts = Pick<
  SubmissionInput,
  "formKey" | "stage" | "answers" | "leadId" | "accessToken" | "requestKey" | "formToken" | "honeypot"
> & {
  tracking?: SubmissionInput["tracking"];
  /** Plan chosen on /planos (free trial). */
  plan?: { planId?: string; annual?: boolean };
  /** The partner map's partner the visitor asked to talk to (decision 129). */
  partner?: LeadPartner;
};

/**
 * The one place a visitor's submission becomes the lead service's input: the request adds the
 * segment and language, the client (address, user agent, analytics cookie) and, when the form did
 * not say, the page (the address posted to), the referrer and the page's campaign tags; the first touch comes from its cookie.
 */
export function buildSubmission(
  parts: SubmissionParts,
  request: PostedRequest,
  info: RequestInfo,
): SubmissionInput {
  const page = parts.tracking?.page ?? request.url;
  const referrer = parts.tracking?.referrer ?? request.headers.get("referer") ?? undefined;
  const cookies = request.headers.get("cookie");
  // The visitor's cookie choice (decision 123) decides what of the visit the lead may keep: the
  // first touch and the analytics id with Medição, the ad networks' click ids with Marketing.
  const choice = readChoice(cookies);
  const granted = grantedNow(choice, null, {
    doNotTrack: request.headers.get("dnt"),
    globalPrivacyControl: request.headers.get("sec-gpc")?.trim() === "1",
  });
  const client = submissionClient(request, info);
  return {
    formKey: parts.formKey,
    stage: parts.stage,
    answers: parts.answers,
    leadId: parts.leadId,
    accessToken: parts.accessToken,
    requestKey: parts.requestKey,
    formToken: parts.formToken,
    honeypot: parts.honeypot,
    tracking: {
      page,
      referrer,
      utm: withoutClickIds(
        { tags: parts.tracking?.utm ?? tagsFrom(pageAddress(page, request.url).search) },
        granted.marketing,
      ).tags,
      // The first touch the browser kept (app/browser/attribution/remember.ts); absent without JavaScript.
      firstTouch: granted.measurement ? (readTouchCookie(cookies) ?? undefined) : undefined,
      consent: { id: choice?.id ?? null, ...granted },
    },
    context: {
      segment: info.segment,
      language: info.language,
      ...parts.plan,
      ...(parts.partner ? { partner: parts.partner } : {}),
    },
    client: granted.measurement ? client : { ...client, clarityCookie: null },
  };
}
