import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { SiteLink } from "~/components/SiteLink.tsx";
import { toggleSelection } from "~/lib/forms/answers.ts";
import type { Answers, FormDefinition } from "~/lib/forms/definition.ts";
import type { FlowResult, FlowStatus } from "~/lib/forms/flow.ts";
import { statusTone } from "~/lib/forms/flow.ts";
import { applyMask } from "~/lib/forms/masks.ts";
import { computeTemperature, defaultSlaHours, type TemperatureLevel } from "~/lib/forms/scoring.ts";
import type { FormKey } from "~/lib/forms/submission.ts";
import { groupedAnswers } from "~/lib/forms/summary.ts";
import type { FormTexts } from "~/lib/forms/texts.ts";
import { type FieldErrors, messagesForLanguage, validateStep } from "~/lib/forms/validation.ts";
import type { OfferedLanguage } from "~/lib/locale.ts";
import { forgetPending, newRequestKey, postLead, storedUtm } from "~/lib/outbox.ts";
import { FormFieldInput } from "./FormField.tsx";
import { PrivacyNotice } from "./PrivacyNotice.tsx";

export interface LeadFormProps {
  formKey: FormKey;
  form: FormDefinition;
  texts: FormTexts;
  language: OfferedLanguage;
  formToken: string;
  requestKey: string;
  plan: { id: string; annual: boolean } | null;
  /** Server state after a no-JavaScript post (the action's data). */
  flow?: FlowResult;
}

type Banner = { tone: "info" | "success" | "warning" | "error"; text: string } | null;

/** B §9.5: pauses that let the visitor read what is happening. */
const CAPTURE_PAUSE_MS = 1_000;
const FINISH_PAUSE_MS = 1_500;
const MESSAGE_CLEAR_MS = 5_000;
const SCROLL_DELAY_MS = 100;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/**
 * The multi-step lead form screen (B §2.6, §4.3). Without JavaScript every button posts the form
 * to the route's action, which validates and stores; with JavaScript the same rules run here first
 * and the lead goes to /api/leads, with the spec's pauses and messages.
 */
export function LeadForm({
  formKey,
  form,
  texts,
  language,
  formToken,
  requestKey,
  plan,
  flow,
}: LeadFormProps) {
  const [step, setStep] = useState(flow?.step ?? 0);
  const [answers, setAnswers] = useState<Answers>(flow?.answers ?? {});
  const [errors, setErrors] = useState<FieldErrors>(flow?.errors ?? {});
  const [lead, setLead] = useState({
    leadId: flow?.leadId,
    accessToken: flow?.accessToken,
    protocol: flow?.protocol,
  });
  const [banner, setBanner] = useState<Banner>(
    flow?.status ? { tone: statusTone(flow.status), text: statusText(flow.status, texts) } : null,
  );
  const [busy, setBusy] = useState(false);
  const [completed, setCompleted] = useState(flow?.completed ?? null);
  const keys = useRef<{ capture: string; finish: string }>({
    capture: flow?.requestKey ?? requestKey,
    finish: newRequestKey(),
  });
  const top = useRef<HTMLDivElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const messages = messagesForLanguage(language);

  // Creation messages clear after 5 s (B §4.3).
  useEffect(() => {
    if (!banner || banner.tone === "info") return;
    const timer = setTimeout(() => setBanner(null), MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const goTo = (next: number) => {
    setStep(next);
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

  if (completed)
    return (
      <SuccessScreen form={form} texts={texts} answers={answers} completed={completed} banner={banner} />
    );

  const current = form.steps[step];
  if (!current) {
    return (
      <section className="form-screen form-screen--error" aria-labelledby="erro-navegacao">
        <h1 id="erro-navegacao">{texts.navErrorTitle}</h1>
        <p>{texts.navErrorText(step + 1, form.steps.length)}</p>
        <SiteLink to="?" className="button button--primary" onClick={() => setStep(0)}>
          {texts.backToStart}
        </SiteLink>
      </section>
    );
  }

  const isLast = step === form.steps.length - 1;
  const temperature = computeTemperature(form, answers);

  const submission = (stage: "capture" | "complete", requestKeyValue: string) => ({
    form: formKey,
    stage,
    answers,
    leadId: stage === "complete" ? lead.leadId : undefined,
    accessToken: stage === "complete" ? lead.accessToken : undefined,
    requestKey: requestKeyValue,
    formToken,
    website: honeypot.current?.value || undefined,
    tracking: { page: window.location.href, referrer: document.referrer || undefined, utm: storedUtm() },
    context: plan ? { planId: plan.id, annual: plan.annual } : {},
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const intent =
      ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value ?? "next";
    if (intent === "back") {
      goTo(Math.max(0, step - 1));
      return;
    }
    const stepErrors = validateStep(current, answers, messages);
    if (Object.keys(stepErrors).length) {
      setErrors(stepErrors);
      const first = current.fields.find((f) => stepErrors[f.name]);
      document.getElementById(`campo-${first?.name}`)?.querySelector<HTMLElement>("input")?.focus();
      document.getElementById(`campo-${first?.name}`)?.focus();
      return;
    }
    const needsCapture = current.type === "lead_capture" && !lead.leadId && !isLast;
    if (!needsCapture && !isLast) {
      goTo(step + 1);
      return;
    }
    setBusy(true);
    setBanner({ tone: "info", text: isLast ? texts.finishing : texts.registering });
    await wait(isLast ? FINISH_PAUSE_MS : CAPTURE_PAUSE_MS);
    const result = await postLead(
      submission(isLast ? "complete" : "capture", isLast ? keys.current.finish : keys.current.capture),
    );
    setBusy(false);
    if (result.kind === "invalid") {
      setBanner({ tone: "error", text: texts.fixErrors });
      setErrors(result.errors);
      const firstBad = form.steps.findIndex((s) => s.fields.some((f) => result.errors[f.name]));
      if (firstBad >= 0) goTo(firstBad);
      return;
    }
    // The complete form carries every answer: a first-step capture still waiting in this browser
    // would make a second lead (and ticket) when it is finally sent.
    if (isLast && (result.kind === "ok" || result.kind === "saved-locally")) {
      forgetPending(keys.current.capture);
    }
    const answer = result.kind === "ok" ? result.answer : null;
    const status: FlowStatus = answer
      ? {
          kind: isLast
            ? answer.simulated || /SIM|ERR/.test(answer.protocol)
              ? "finished-simulated"
              : "finished"
            : answer.simulated || /SIM|ERR/.test(answer.protocol)
              ? "created-simulated"
              : "created",
          key: answer.protocol,
        }
      : { kind: isLast ? "finish-failed" : "create-failed" };
    setBanner({ tone: statusTone(status), text: statusText(status, texts) });
    if (answer)
      setLead({ leadId: answer.leadId, accessToken: answer.accessToken, protocol: answer.protocol });
    if (isLast) {
      setCompleted({
        protocol: answer?.protocol ?? lead.protocol ?? null,
        level: answer?.temperature.level ?? temperature.level,
        responseHours: answer?.responseHours ?? null,
      });
      window.scrollTo({ top: 0 });
    } else {
      goTo(step + 1);
    }
  };

  return (
    <div className="form-screen" ref={top}>
      {form.hero && (
        <header className="form-hero">
          <h1>{form.hero.title}</h1>
          {form.hero.subtitle && <p className="form-hero__subtitle">{form.hero.subtitle}</p>}
        </header>
      )}
      {form.hero && (form.hero.description || form.hero.benefits.length > 0) && (
        <div className="form-hero-details">
          {form.hero.description && <p>{form.hero.description}</p>}
          {form.hero.benefits.length > 0 && (
            <ul className="form-hero__benefits">
              {form.hero.benefits.map((benefit) => (
                <li key={benefit.title}>
                  <strong>{benefit.title}</strong>
                  {benefit.description && <span>{benefit.description}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div className="form-card">
        {!form.hero && <h1 className="form-card__title">{form.title}</h1>}
        {plan && <p className="form-card__plan">{texts.plan(plan.id, plan.annual)}</p>}
        {form.steps.length > 1 && (
          <ol className="step-indicator" aria-label={texts.steps}>
            {form.steps.map((s, index) => (
              <li
                key={s.id}
                className={index === step ? "is-current" : index < step ? "is-done" : undefined}
                aria-current={index === step ? "step" : undefined}
              >
                <span className="step-indicator__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="step-indicator__title">{s.title}</span>
              </li>
            ))}
          </ol>
        )}

        {form.infolead && (
          <p className={`lead-badge lead-badge--${temperature.level}`} aria-live="polite">
            {texts.qualification}: <strong>{texts.temperature[temperature.level]}</strong> (
            {temperature.score}/100)
          </p>
        )}

        <div aria-live="polite" className="form-card__status">
          {banner && <p className={`banner banner--${banner.tone}`}>{banner.text}</p>}
        </div>

        <Form method="post" noValidate onSubmit={onSubmit} className="lead-form">
          <h2 className="lead-form__step-title">
            {form.steps.length > 1 && (
              <span className="visually-hidden">{texts.stepOf(step + 1, form.steps.length)}: </span>
            )}
            {current.title}
          </h2>
          {current.description && <p className="lead-form__step-description">{current.description}</p>}
          {Object.keys(errors).length > 0 && (
            <p className="banner banner--error" role="alert">
              {texts.fixErrors}
            </p>
          )}

          {current.fields.map((field) => (
            <FormFieldInput
              key={field.name}
              field={field}
              value={answers[field.name]}
              error={errors[field.name]}
              texts={texts}
              onChange={(value) =>
                setValue(field.name, typeof value === "string" ? applyMask(field.mask, value) : value)
              }
              onToggle={(option) =>
                setValue(
                  field.name,
                  toggleSelection(
                    Array.isArray(answers[field.name]) ? (answers[field.name] as string[]) : [],
                    option,
                    field.maxSelect,
                  ),
                )
              }
            />
          ))}

          {/* Answers of the other steps travel with the form, so it works without JavaScript. */}
          {form.steps
            .filter((_, index) => index !== step)
            .flatMap((s) => s.fields)
            .flatMap((field) => {
              const value = answers[field.name];
              const values = Array.isArray(value) ? value : value ? [value] : [];
              return values.map((v) => (
                <input key={`${field.name}-${v}`} type="hidden" name={field.name} value={v} />
              ));
            })}
          <input type="hidden" name="_step" value={step} />
          <input
            type="hidden"
            name="_requestKey"
            value={isLast ? keys.current.finish : keys.current.capture}
          />
          <input type="hidden" name="formToken" value={formToken} />
          {lead.leadId && <input type="hidden" name="_leadId" value={lead.leadId} />}
          {lead.accessToken && <input type="hidden" name="_accessToken" value={lead.accessToken} />}
          {lead.protocol && <input type="hidden" name="_protocol" value={lead.protocol} />}
          {plan && <input type="hidden" name="_planId" value={plan.id} />}
          {plan?.annual && <input type="hidden" name="_annual" value="1" />}
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="campo-website">{texts.honeypot}</label>
            <input
              ref={honeypot}
              id="campo-website"
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>

          <PrivacyNotice privacy={form.privacy} purposeLabel={texts.purpose} />

          <div className="lead-form__actions">
            <button
              type="submit"
              name="_intent"
              value="back"
              className="button button--outline"
              disabled={step === 0 || busy}
              formNoValidate
            >
              {texts.previous}
            </button>
            <button
              type="submit"
              name="_intent"
              value={isLast ? "finish" : "next"}
              className="button button--primary"
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {isLast ? texts.finish : texts.next}
            </button>
          </div>
        </Form>

        {form.debug && (
          <details className="form-debug">
            <summary>{texts.debug}</summary>
            <pre>
              {JSON.stringify(
                { step, answers, temperature, lead: { ...lead, accessToken: undefined } },
                null,
                2,
              )}
            </pre>
          </details>
        )}
      </div>
    </div>
  );
}

function SuccessScreen({
  form,
  texts,
  answers,
  completed,
  banner,
}: {
  form: FormDefinition;
  texts: FormTexts;
  answers: Answers;
  completed: { protocol: string | null; level: TemperatureLevel | null; responseHours: number | null };
  banner: Banner;
}) {
  const groups = groupedAnswers(form, answers);
  const hours = defaultSlaHours(form.type, completed.level ?? "warm");
  const urgent = form.success.urgentContact;
  const utm = typeof window === "undefined" ? undefined : storedUtm();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="form-screen form-success" aria-labelledby="sucesso-titulo">
      <div className="form-card">
        {banner && <p className={`banner banner--${banner.tone}`}>{banner.text}</p>}
        <h1 id="sucesso-titulo" ref={heading} tabIndex={-1}>
          {form.success.title}
        </h1>
        <p>{form.success.description}</p>
        {form.logs && completed.protocol && (
          <p className="form-success__protocol">
            {texts.protocol}: <strong data-testid="protocolo">{completed.protocol}</strong>
          </p>
        )}
        <p>{texts.responseTime(hours)}</p>

        {form.success.nextSteps.length > 0 && (
          <>
            <h2>{texts.nextSteps}</h2>
            <ol className="form-success__steps">
              {form.success.nextSteps.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </>
        )}

        <h2>{texts.summary}</h2>
        {groups.map((group) => (
          <div key={group.title} className="form-success__group">
            <h3>{group.title}</h3>
            <dl>
              {group.rows.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
        {utm && Object.keys(utm).length > 0 && (
          <div className="form-success__group">
            <h3>{texts.tracking}</h3>
            <dl>
              <div>
                <dt>{texts.trackingCampaign}</dt>
                <dd>
                  {Object.entries(utm)
                    .map(([k, v]) => `${k}=${v}`)
                    .join(" · ")}
                </dd>
              </div>
            </dl>
          </div>
        )}

        {urgent && (
          <aside className="form-success__urgent" aria-labelledby="contato-urgente">
            <h2 id="contato-urgente">{urgent.title}</h2>
            {urgent.subtitle && <p>{urgent.subtitle}</p>}
            <p>
              {texts.phone}: <a href={`tel:${urgent.phone.replace(/[^\d+]/g, "")}`}>{urgent.phone}</a> ·{" "}
              {texts.whatsapp}:{" "}
              <a href={`https://wa.me/${urgent.whatsapp}`} target="_blank" rel="noopener noreferrer">
                {urgent.whatsapp.replace(/^55(\d{2})(\d{5})(\d{4})$/, "($1) $2-$3")}
              </a>
            </p>
          </aside>
        )}
        <p>
          <SiteLink to="/" className="button button--primary">
            {texts.backToSite}
          </SiteLink>
        </p>
      </div>
    </section>
  );
}
