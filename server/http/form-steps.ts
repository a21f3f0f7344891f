import { randomUUID } from "node:crypto";
import type { Answers, FormDefinition } from "@domain/forms/definition.ts";
import { type FlowResult, firstStepWithErrors, nextAction, submissionStatus } from "@domain/forms/flow.ts";
import type { FormKey } from "@domain/forms/submission.ts";
import { messagesForLanguage } from "@domain/forms/validation.ts";
import { offerAfterForm } from "../booking/after-form.ts";
import type { BookingService } from "../booking/service.ts";
import { type LeadService, SubmissionInvalid, type SubmissionResult } from "../leads/service.ts";
import type { Logger } from "../logger.ts";
import type { Signer } from "../secrets.ts";
import { buildSubmission } from "./build-submission.ts";
import { confirmationChallenge, readPagePostFields } from "./page-post.ts";
import type { RequestInfo } from "./request-info.ts";

export interface StepRequest {
  formKey: FormKey;
  /** The definition in the visitor's language (what the page shows). */
  form: FormDefinition;
  data: FormData;
  request: globalThis.Request;
  info: RequestInfo;
}

/** Reads every answer of the form from posted fields (the current step's inputs and the earlier steps' hidden ones). */
export function answersFromFormData(form: FormDefinition, data: FormData): Answers {
  const answers: Answers = {};
  for (const field of form.steps.flatMap((s) => s.fields)) {
    if (field.type === "checkbox") {
      answers[field.name] = data
        .getAll(field.name)
        .filter((v): v is string => typeof v === "string" && v !== "");
    } else {
      const value = data.get(field.name);
      answers[field.name] = typeof value === "string" ? value : "";
    }
  }
  return answers;
}

/**
 * One step of the multi-step form posted without JavaScript: the rules of domain/forms/flow.ts
 * (the same the browser follows), with the lead stored here. A failure to store still lets the
 * visitor go on, with the catalogue's message, since every answer travels with the form.
 */
export async function handleFormStep(
  {
    leads,
    logger,
    signer,
    booking,
  }: { leads: LeadService; logger: Logger; signer: Signer; booking: BookingService },
  { formKey, form, data, request, info }: StepRequest,
): Promise<FlowResult> {
  const answers = answersFromFormData(form, data);
  const fields = readPagePostFields(data);
  const carried = { leadId: fields._leadId, accessToken: fields._accessToken, protocol: fields._protocol };
  // The challenge goes on with the form's next steps, as the browser sends it with each (decision 122).
  const base = {
    answers,
    ...carried,
    requestKey: randomUUID(),
    ...(fields.formToken ? { challenge: fields.formToken } : {}),
  };

  const action = nextAction(
    form,
    fields._step,
    fields._intent,
    answers,
    carried.leadId !== undefined,
    messagesForLanguage(info.uiLanguage),
  );
  if (action.kind === "back" || action.kind === "advance") return { ...base, step: action.step, errors: {} };
  if (action.kind === "invalid") return { ...base, step: action.step, errors: action.errors };

  const { stage, step } = action;
  // Posted without JavaScript, so without a challenge: the step once more, to confirm (decision 122).
  if (!fields.formToken)
    return {
      ...base,
      step,
      errors: {},
      requestKey: fields._requestKey,
      challenge: confirmationChallenge(signer, formKey),
      confirm: true,
    };
  const complete = stage === "complete";
  let result: SubmissionResult | null = null;
  try {
    result = await leads.submit(
      buildSubmission(
        {
          formKey,
          stage,
          answers,
          leadId: complete ? carried.leadId : undefined,
          accessToken: complete ? carried.accessToken : undefined,
          requestKey: fields._requestKey,
          formToken: fields.formToken,
          honeypot: fields.website,
          tracking: { page: fields._page, referrer: fields._referrer },
          plan: { planId: fields._planId, annual: fields._annual ? true : undefined },
        },
        request,
        info,
      ),
    );
  } catch (error) {
    if (SubmissionInvalid.is(error)) {
      // The server's check of every step found what the browser's did not: back to the first step with errors.
      return { ...base, step: firstStepWithErrors(form, error.errors, step), errors: error.errors };
    }
    logger.error({ err: error, form: formKey }, "form step could not be stored");
  }

  const status = submissionStatus(stage, result);
  const stored = result
    ? { leadId: result.leadId, accessToken: result.accessToken, protocol: result.protocol }
    : carried;
  if (!complete) return { ...base, ...stored, step: step + 1, errors: {}, status };
  const bookingLead =
    stored.leadId && stored.accessToken ? { leadId: stored.leadId, accessToken: stored.accessToken } : null;
  return {
    ...base,
    ...stored,
    step,
    errors: {},
    status,
    completed: {
      protocol: stored.protocol ?? null,
      level: result?.temperature.level ?? null,
      responseHours: result?.responseHours ?? null,
      lead: bookingLead,
      booking: await offerAfterForm({ booking, logger }, formKey, bookingLead),
    },
  };
}
