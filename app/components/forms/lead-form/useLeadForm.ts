import { selectionLimitReached, toggleSelection } from "@domain/forms/answers.ts";
import type { Answers, FormDefinition, FormStep } from "@domain/forms/definition.ts";
import {
  type FlowResult,
  firstStepWithErrors,
  nextAction,
  type StepIntent,
  statusText,
  statusTone,
  submissionStatus,
} from "@domain/forms/flow.ts";
import { applyMask } from "@domain/forms/masks.ts";
import { computeTemperature } from "@domain/forms/scoring.ts";
import type { FormKey } from "@domain/forms/submission.ts";
import type { FormTexts } from "@domain/forms/texts.ts";
import { type FieldErrors, messagesForLanguage } from "@domain/forms/validation.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { trackLead } from "~/browser/consent/lead-events.ts";
import { forgetPending, newRequestKey, postLead, storedUtm } from "~/browser/outbox.ts";
import { useFormChallenge } from "~/react/form-token.ts";
import { arrivedByReloadOrHistory, forgetSavedForm, readSavedForm, saveForm } from "./saved-form.ts";
import type { Banner, ChosenPlan, Completed } from "./types.ts";

/** B §9.5: pauses that let the visitor read what is happening. */
const CAPTURE_PAUSE_MS = 1_000;
const FINISH_PAUSE_MS = 1_500;
const MESSAGE_CLEAR_MS = 5_000;
const SCROLL_DELAY_MS = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LeadFormOptions {
  formKey: FormKey;
  form: FormDefinition;
  texts: FormTexts;
  language: OfferedLanguage;
  plan: ChosenPlan | null;
  /** Server state after a no-JavaScript post (the action's data). */
  flow?: FlowResult;
  /**
   * Placed on another page (a campaign's, decision 133): no hero of its own, its title a section's,
   * and a post without JavaScript goes to the form's own page, whose action follows the same rules.
   */
  embedded?: { action: string; title?: string; description?: string };
}

/**
 * The state of a multi-step form in the browser: the rules of domain/forms/flow.ts (the same
 * the server follows for a post without JavaScript), with the lead sent to /api/leads through the
 * outbox and the spec's pauses and messages.
 */
export function useLeadForm({ formKey, form, texts, language, plan, flow }: LeadFormOptions) {
  const challenge = useFormChallenge(formKey, flow?.challenge);
  const [step, setStep] = useState(flow?.step ?? 0);
  const [answers, setAnswers] = useState<Answers>(flow?.answers ?? {});
  const [errors, setErrors] = useState<FieldErrors>(flow?.errors ?? {});
  const [lead, setLead] = useState({
    leadId: flow?.leadId,
    accessToken: flow?.accessToken,
    protocol: flow?.protocol,
  });
  const [banner, setBanner] = useState<Banner>(
    flow?.status
      ? { tone: statusTone(flow.status), text: statusText(flow.status, texts) }
      : flow?.confirm
        ? { tone: "info", text: texts.confirmSend }
        : null,
  );
  const [busy, setBusy] = useState(false);
  const [completed, setCompleted] = useState<Completed | null>(flow?.completed ?? null);
  // A page is the same for every visitor: its keys are made in the browser at the first send. A
  // step the server drew after a post (flow) is the visitor's own and may carry them.
  const keys = useRef<{ capture: string; finish: string }>({
    capture: flow?.requestKey ?? "",
    finish: flow?.requestKey ? newRequestKey() : "",
  });
  const top = useRef<HTMLDivElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  // Creation messages clear after 5 s (B §4.3).
  useEffect(() => {
    if (!banner || banner.tone === "info") return;
    const timer = setTimeout(() => setBanner(null), MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  // Each step is an entry of the browser's history: back goes one step back, forward one ahead,
  // the answers kept. The page's own entry is step 0.
  const completedNow = useRef(completed);
  completedNow.current = completed;
  const saving = useRef(false);
  useEffect(() => {
    if (!saving.current) return;
    saveForm(formKey, { step, answers, lead, completed, keys: keys.current });
  }, [formKey, step, answers, lead, completed]);
  useEffect(() => {
    if (!flow) {
      // Back from another page, a reload: the tab's progress comes back (a finished form only on a
      // reload or through the history; a new visit starts a new form).
      const saved = readSavedForm(formKey);
      if (saved && (!saved.completed || arrivedByReloadOrHistory())) {
        keys.current = saved.keys;
        setAnswers(saved.answers);
        setLead({
          leadId: saved.lead.leadId,
          accessToken: saved.lead.accessToken,
          protocol: saved.lead.protocol,
        });
        if (saved.completed) setCompleted(saved.completed);
        else setStep(Math.min(saved.step, form.steps.length - 1));
      } else if (saved) forgetSavedForm(formKey);
    }
    saving.current = true;
    if (typeof window.history.state?.leadFormStep !== "number")
      window.history.replaceState({ ...window.history.state, leadFormStep: 0 }, "");
    const onPop = (event: PopStateEvent) => {
      const at = (event.state as { leadFormStep?: unknown } | null)?.leadFormStep;
      if (typeof at !== "number") return;
      // A sent form is not edited again: back leaves it, past its steps.
      if (completedNow.current) window.history.back();
      else setStep(Math.min(at, form.steps.length - 1));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [flow, formKey, form.steps.length]);

  const goTo = (next: number) => {
    setStep(next);
    window.history.pushState({ ...window.history.state, leadFormStep: next }, "");
    setTimeout(() => top.current?.scrollIntoView({ behavior: "smooth", block: "start" }), SCROLL_DELAY_MS);
  };

  const setValue = (name: string, value: string | string[]) => {
    setAnswers((current) => ({ ...current, [name]: value }));
    // Changing a field clears its error (B §4.3).
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _, ...rest } = current;
      return rest;
    });
  };

  /** A field's handlers: typing goes through its mask, a choice toggles within maxSelect (B §5.2, §5.3). */
  const handlersFor = (field: FormStep["fields"][number]) => ({
    onChange: (value: string | string[]) =>
      setValue(field.name, typeof value === "string" ? applyMask(field.mask, value) : value),
    onToggle: (option: string) => {
      const value = answers[field.name];
      const selected = Array.isArray(value) ? value : [];
      if (field.maxSelect !== undefined && selectionLimitReached(selected, option, field.maxSelect)) {
        const message = messagesForLanguage(language).maxSelections(field.maxSelect);
        setErrors((current) => ({ ...current, [field.name]: message }));
        return;
      }
      setValue(field.name, toggleSelection(selected, option, field.maxSelect));
    },
  });

  const submission = async (stage: "capture" | "complete", requestKeyValue: string) => ({
    form: formKey,
    stage,
    answers,
    leadId: stage === "complete" ? lead.leadId : undefined,
    accessToken: stage === "complete" ? lead.accessToken : undefined,
    requestKey: requestKeyValue,
    formToken: await challenge.token(),
    website: honeypot.current?.value || undefined,
    tracking: { page: window.location.href, referrer: document.referrer || undefined, utm: storedUtm() },
    context: plan ? { planId: plan.id, annual: plan.annual } : {},
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const intent = (((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ??
      "next") as StepIntent;
    const action = nextAction(
      form,
      step,
      intent,
      answers,
      lead.leadId !== undefined,
      messagesForLanguage(language),
    );
    if (action.kind === "back" || action.kind === "advance") {
      goTo(action.step);
      return;
    }
    if (action.kind === "invalid") {
      setErrors(action.errors);
      const first = form.steps[action.step]!.fields.find((f) => action.errors[f.name]);
      const wrapper = document.getElementById(`campo-${first?.name}`);
      wrapper?.querySelector<HTMLElement>("input")?.focus();
      wrapper?.focus();
      return;
    }
    const complete = action.stage === "complete";
    keys.current.capture ||= newRequestKey();
    keys.current.finish ||= newRequestKey();
    setBusy(true);
    setBanner({ tone: "info", text: complete ? texts.finishing : texts.registering });
    await wait(complete ? FINISH_PAUSE_MS : CAPTURE_PAUSE_MS);
    const result = await postLead(
      await submission(action.stage, complete ? keys.current.finish : keys.current.capture),
    );
    setBusy(false);
    if (result.kind === "invalid") {
      setBanner({ tone: "error", text: texts.fixErrors });
      setErrors(result.errors);
      goTo(firstStepWithErrors(form, result.errors, step));
      return;
    }
    // The complete form carries every answer: a first-step capture still waiting in this browser
    // would make a second lead (and ticket) when it is finally sent.
    if (complete && (result.kind === "ok" || result.kind === "saved-locally")) {
      forgetPending(keys.current.capture);
    }
    const answer = result.kind === "ok" ? result.answer : null;
    const status = submissionStatus(action.stage, answer);
    setBanner({ tone: statusTone(status), text: statusText(status, texts) });
    if (answer)
      setLead({ leadId: answer.leadId, accessToken: answer.accessToken, protocol: answer.protocol });
    if (complete) {
      // The form is done: another one on this page would need a challenge of its own.
      challenge.spent();
      const level = answer?.temperature.level ?? computeTemperature(form, answers).level;
      setCompleted({
        protocol: answer?.protocol ?? lead.protocol ?? null,
        level,
        responseHours: answer?.responseHours ?? null,
        booking: answer?.booking ?? null,
        lead: answer
          ? { leadId: answer.leadId, accessToken: answer.accessToken }
          : lead.leadId && lead.accessToken
            ? { leadId: lead.leadId, accessToken: lead.accessToken }
            : null,
      });
      trackLead({ form: formKey, temperature: level });
      window.scrollTo({ top: 0 });
    } else {
      goTo(step + 1);
    }
  };

  return {
    step,
    setStep,
    answers,
    errors,
    lead,
    banner,
    busy,
    completed,
    requestKey: step === form.steps.length - 1 ? keys.current.finish : keys.current.capture,
    top,
    honeypot,
    /** Fetches the form's challenge on its first interaction (decision 122). */
    arm: challenge.arm,
    handlersFor,
    onSubmit,
  };
}
