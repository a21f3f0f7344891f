import type { DemoOffer } from "../booking/offer.ts";
import type { Answers, FormDefinition } from "./definition.ts";
import type { TemperatureLevel } from "./scoring.ts";
import type { FormTexts } from "./texts.ts";
import { type FieldErrors, type ValidationMessages, validateStep } from "./validation.ts";

/**
 * The multi-step lead form's rules (B §4.3, §8.1), one definition for the browser (LeadForm) and
 * the server (a post without JavaScript, server/http/form-steps.ts): what a button press does,
 * and what the visitor is told about the lead afterwards.
 */

/** What happened to the lead at this step, shown with the catalogue's messages (B §8.1). */
export type FlowStatus =
  | { kind: "created" | "created-simulated" | "finished" | "finished-simulated"; key: string }
  | { kind: "create-failed" | "finish-failed" };

/** The state of a multi-step form after the server handled one step (with or without JavaScript). */
export interface FlowResult {
  step: number;
  answers: Answers;
  errors: FieldErrors;
  leadId?: string;
  accessToken?: string;
  protocol?: string;
  /** A fresh key for the next submission of this form. */
  requestKey: string;
  status?: FlowStatus;
  /**
   * The form's challenge, posted with its next step without JavaScript (decision 122): the one the
   * visitor's post carried, or one drawn for `confirm`.
   */
  challenge?: string;
  /** The post carried no challenge: nothing was stored, and the step is drawn again to confirm. */
  confirm?: boolean;
  completed?: {
    protocol: string | null;
    level: TemperatureLevel | null;
    responseHours: number | null;
    /** The stored lead, by which its visitor may book a demonstration (decision 138). */
    lead?: { leadId: string; accessToken: string } | null;
    /** The seller's free slots offered at once (decision 138). */
    booking?: DemoOffer | null;
  };
}

/** The buttons of a step: Anterior, Continuar and Finalizar. */
export type StepIntent = "back" | "next" | "finish";

/** What a button press on a step leads to. */
export type StepAction =
  /** Anterior: one step back, never below the first. */
  | { kind: "back"; step: number }
  /** The step has errors: it stays, with the errors under the fields. */
  | { kind: "invalid"; step: number; errors: FieldErrors }
  /** Valid, nothing to store: on to the next step. */
  | { kind: "advance"; step: number }
  /** Store the lead: "capture" on the first lead_capture step, "complete" on the last step. */
  | { kind: "submit"; stage: "capture" | "complete"; step: number };

/**
 * B §4.3: Anterior goes back one step; Continuar and Finalizar validate the step first. A
 * lead_capture step creates the lead when none was captured yet; the last step finalizes it.
 */
export function nextAction(
  form: FormDefinition,
  step: number,
  intent: StepIntent,
  answers: Answers,
  leadCaptured: boolean,
  messages?: ValidationMessages,
): StepAction {
  const current = Math.max(0, Math.min(step, form.steps.length - 1));
  if (intent === "back") return { kind: "back", step: Math.max(0, current - 1) };
  const errors = validateStep(form.steps[current]!, answers, messages);
  if (Object.keys(errors).length) return { kind: "invalid", step: current, errors };
  if (current === form.steps.length - 1) return { kind: "submit", stage: "complete", step: current };
  if (form.steps[current]!.type === "lead_capture" && !leadCaptured)
    return { kind: "submit", stage: "capture", step: current };
  return { kind: "advance", step: current + 1 };
}

/** Keys containing SIM or ERR are simulated: never updated as tickets, told apart to the visitor (B §4.3, §4.5). */
export function isSimulatedKey(key: string): boolean {
  return /SIM|ERR/.test(key);
}

/**
 * The status after storing a step: a real or simulated creation or finalization, or the failure
 * message when the lead could not be stored (the flow goes on regardless, B §4.3).
 */
export function submissionStatus(
  stage: "capture" | "complete",
  stored: { protocol: string; simulated: boolean } | null,
): FlowStatus {
  if (!stored) return { kind: stage === "complete" ? "finish-failed" : "create-failed" };
  const simulated = stored.simulated || isSimulatedKey(stored.protocol);
  const kind =
    stage === "complete"
      ? simulated
        ? "finished-simulated"
        : "finished"
      : simulated
        ? "created-simulated"
        : "created";
  return { kind, key: stored.protocol };
}

/** The step shown after the server refused some answers: the first step holding an error. */
export function firstStepWithErrors(form: FormDefinition, errors: FieldErrors, fallback: number): number {
  const index = form.steps.findIndex((s) => s.fields.some((f) => errors[f.name]));
  return index === -1 ? fallback : index;
}

/**
 * Message type of a status (B §4.3: info, success, warning, error). A lead stored without Jira is
 * stored all the same: its messages are successes, not B §8.1's warnings (decision 134).
 */
export function statusTone(status: FlowStatus): "success" | "warning" | "error" {
  switch (status.kind) {
    case "created":
    case "created-simulated":
    case "finished":
    case "finished-simulated":
      return "success";
    case "create-failed":
      return "warning";
    case "finish-failed":
      return "error";
  }
}

/** The catalogue's text of a status (B §8.1). */
export function statusText(status: FlowStatus, texts: FormTexts): string {
  switch (status.kind) {
    case "created":
      return texts.created(status.key);
    case "created-simulated":
      return texts.createdSimulated;
    case "create-failed":
      return texts.createFailed;
    case "finished":
      return texts.finished(status.key);
    case "finished-simulated":
      return texts.finishedSimulated;
    case "finish-failed":
      return texts.finishFailed;
  }
}
