import { randomUUID } from "node:crypto";
import type { Answers, FormDefinition } from "~/lib/forms/definition.ts";
import type { FlowResult, FlowStatus } from "~/lib/forms/flow.ts";
import type { FormKey } from "~/lib/forms/submission.ts";
import { utmFrom } from "~/lib/forms/submission.ts";
import { messagesForLanguage, validateStep } from "~/lib/forms/validation.ts";
import type { Logger } from "../logger.ts";
import { pageAddress, readPagePostFields } from "./page-post.ts";
import { isSimulatedKey } from "./protocol.ts";
import { type LeadService, SubmissionInvalid, type SubmissionResult } from "./service.ts";

export interface StepRequest {
  formKey: FormKey;
  /** The definition in the visitor's language (what the page shows). */
  form: FormDefinition;
  data: FormData;
  segment: string | null;
  language: string;
  ip?: string;
  userAgent?: string;
  clarityCookie?: string | null;
  pageUrl: string;
  referrer?: string | null;
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
 * One step of the multi-step form (B §4.3), the same with or without JavaScript: back goes one
 * step back; next and finish validate the step; the first lead_capture step creates the lead;
 * the last step completes it. A failure to store still lets the visitor go on, with the
 * catalogue's message, since every answer travels with the form until it is stored.
 */
export async function handleFormStep(
  leads: LeadService,
  logger: Logger,
  request: StepRequest,
): Promise<FlowResult> {
  const { form, data } = request;
  const answers = answersFromFormData(form, data);
  const fields = readPagePostFields(data);
  const step = Math.min(fields._step, form.steps.length - 1);
  const intent = fields._intent;
  const carried = {
    leadId: fields._leadId,
    accessToken: fields._accessToken,
    protocol: fields._protocol,
  };
  const base = { answers, ...carried, requestKey: randomUUID() };

  if (intent === "back") return { ...base, step: Math.max(0, step - 1), errors: {} };

  const current = form.steps[step]!;
  const errors = validateStep(current, answers, messagesForLanguage(request.language));
  if (Object.keys(errors).length) return { ...base, step, errors };

  const isLast = step === form.steps.length - 1;
  const needsCapture = current.type === "lead_capture" && !carried.leadId && !isLast;
  if (!needsCapture && !isLast) return { ...base, step: step + 1, errors: {} };

  const submission = {
    formKey: request.formKey,
    stage: isLast ? ("complete" as const) : ("capture" as const),
    answers,
    leadId: isLast ? carried.leadId : undefined,
    accessToken: isLast ? carried.accessToken : undefined,
    requestKey: fields._requestKey,
    formToken: fields.formToken,
    honeypot: fields.website,
    tracking: {
      page: fields._page ?? request.pageUrl,
      referrer: fields._referrer ?? request.referrer ?? undefined,
      utm: utmFrom(pageAddress(fields._page, request.pageUrl).search),
    },
    context: {
      segment: request.segment,
      language: request.language,
      planId: fields._planId,
      annual: fields._annual ? true : undefined,
    },
    client: { ip: request.ip, userAgent: request.userAgent, clarityCookie: request.clarityCookie },
  };

  let result: SubmissionResult | null = null;
  let status: FlowStatus;
  try {
    result = await leads.submit(submission);
    const simulated = result.simulated || isSimulatedKey(result.protocol);
    status = isLast
      ? { kind: simulated ? "finished-simulated" : "finished", key: result.protocol }
      : { kind: simulated ? "created-simulated" : "created", key: result.protocol };
  } catch (error) {
    if (SubmissionInvalid.is(error)) {
      // The server's check of every step found what the browser's did not: back to the first step with errors.
      const firstBad = form.steps.findIndex((s) => s.fields.some((f) => error.errors[f.name]));
      return { ...base, step: firstBad === -1 ? step : firstBad, errors: error.errors };
    }
    logger.error({ err: error, form: request.formKey }, "form step could not be stored");
    status = { kind: isLast ? "finish-failed" : "create-failed" };
  }

  const stored = result
    ? { leadId: result.leadId, accessToken: result.accessToken, protocol: result.protocol }
    : carried;
  if (isLast) {
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
      },
    };
  }
  return { ...base, ...stored, step: step + 1, errors: {}, status };
}
