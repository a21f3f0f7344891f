import { booksDemo } from "@domain/forms/manifest.ts";
import { computeTemperature } from "@domain/forms/scoring.ts";
import { Form } from "react-router";
import { SiteLink } from "~/components/SiteLink.tsx";
import { FormFieldInput } from "./FormField.tsx";
import { FormHero } from "./lead-form/FormHero.tsx";
import { StepIndicator } from "./lead-form/StepIndicator.tsx";
import { SuccessScreen } from "./lead-form/SuccessScreen.tsx";
import { type LeadFormOptions, useLeadForm } from "./lead-form/useLeadForm.ts";
import { PrivacyNotice } from "./PrivacyNotice.tsx";

export type LeadFormProps = LeadFormOptions;

/**
 * The multi-step lead form screen (B §2.6, §4.3). Without JavaScript every button posts the form
 * to the route's action, which follows the same rules (domain/forms/flow.ts) and stores; with
 * JavaScript useLeadForm runs them here and the lead goes to /api/leads.
 */
export function LeadForm(props: LeadFormProps) {
  const { form, texts, plan, embedded } = props;
  const state = useLeadForm(props);
  const { step, answers, errors, lead, banner, busy, completed } = state;

  if (completed)
    return (
      <SuccessScreen
        form={form}
        texts={texts}
        answers={answers}
        completed={completed}
        banner={banner}
        plan={plan}
        booking={
          booksDemo(props.formKey) && completed.lead && completed.booking
            ? { lead: completed.lead, offer: completed.booking, language: props.language }
            : null
        }
      />
    );

  const current = form.steps[step];
  if (!current) {
    return (
      <section className="form-screen form-screen--error" aria-labelledby="erro-navegacao">
        <h1 id="erro-navegacao">{texts.navErrorTitle}</h1>
        <p>{texts.navErrorText(step + 1, form.steps.length)}</p>
        <SiteLink to="?" className="button button--primary" onClick={() => state.setStep(0)}>
          {texts.backToStart}
        </SiteLink>
      </section>
    );
  }

  const isLast = step === form.steps.length - 1;
  const temperature = computeTemperature(form, answers);

  return (
    // The funnel's beacon reads the form and the step shown from these (decision 104).
    <div className="form-screen" ref={state.top} data-funnel={form.id} data-funnel-step={step}>
      {form.hero && !embedded && <FormHero hero={form.hero} />}

      <div className="form-card">
        {embedded ? (
          <>
            <h2 className="form-card__title">{embedded.title || form.title}</h2>
            {embedded.description && <p className="form-card__description">{embedded.description}</p>}
          </>
        ) : (
          !form.hero && <h1 className="form-card__title">{form.title}</h1>
        )}
        {plan && <p className="form-card__plan">{texts.plan(plan.name, plan.annual)}</p>}
        <StepIndicator steps={form.steps} current={step} label={texts.steps} />

        {form.infolead && (
          <p className={`lead-badge lead-badge--${temperature.level}`} aria-live="polite">
            {texts.qualification}: <strong>{texts.temperature[temperature.level]}</strong> (
            {temperature.score}/100)
          </p>
        )}

        <div aria-live="polite" className="form-card__status">
          {banner && <p className={`banner banner--${banner.tone}`}>{banner.text}</p>}
        </div>

        <Form
          method="post"
          action={embedded?.action}
          noValidate
          onSubmit={state.onSubmit}
          onFocus={state.arm}
          onPointerDown={state.arm}
          className="lead-form"
        >
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
              {...state.handlersFor(field)}
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
          <input type="hidden" name="_requestKey" value={state.requestKey} />
          <input type="hidden" name="formToken" value={props.flow?.challenge ?? ""} />
          {lead.leadId && <input type="hidden" name="_leadId" value={lead.leadId} />}
          {lead.accessToken && <input type="hidden" name="_accessToken" value={lead.accessToken} />}
          {lead.protocol && <input type="hidden" name="_protocol" value={lead.protocol} />}
          {plan && <input type="hidden" name="_planId" value={plan.id} />}
          {plan?.annual && <input type="hidden" name="_annual" value="1" />}
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="campo-website">{texts.honeypot}</label>
            <input
              ref={state.honeypot}
              id="campo-website"
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>

          <PrivacyNotice privacy={form.privacy} purposeLabel={texts.purpose} />

          <div className="lead-form__actions">
            {/* No way back from the first step: a disabled Anterior there only looked broken. The
                server draws a step without JavaScript with this component too. */}
            {step > 0 && (
              <button
                type="submit"
                name="_intent"
                value="back"
                className="button button--outline"
                disabled={busy}
                formNoValidate
              >
                {texts.previous}
              </button>
            )}
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
