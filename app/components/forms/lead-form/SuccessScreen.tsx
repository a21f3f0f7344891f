import type { DemoOffer } from "@domain/booking/offer.ts";
import type { Answers, FormDefinition } from "@domain/forms/definition.ts";
import { successScreenHours } from "@domain/forms/scoring.ts";
import { groupedAnswers } from "@domain/forms/summary.ts";
import type { FormTexts } from "@domain/forms/texts.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { useEffect, useRef } from "react";
import { SiteLink } from "~/components/SiteLink.tsx";
import { DemoBooking } from "./DemoBooking.tsx";
import type { Banner, ChosenPlan, Completed } from "./types.ts";

/**
 * The success screen (B §2.6): the configured title and description, the protocol (unless the
 * logs setting is off), the visitor's own answers grouped, next steps and urgent contact. The
 * tracking data (page, campaign tags, click ids) stays with the lead for staff (decision 126).
 */
export function SuccessScreen({
  form,
  texts,
  answers,
  completed,
  banner,
  plan,
  booking = null,
}: {
  form: FormDefinition;
  texts: FormTexts;
  answers: Answers;
  completed: Completed;
  banner: Banner;
  plan: ChosenPlan | null;
  /** Where the visitor may book a demonstration at once (the demo's and the trial's, decision 138). */
  booking?: {
    lead: { leadId: string; accessToken: string };
    offer: DemoOffer;
    language: OfferedLanguage;
  } | null;
}) {
  const groups = groupedAnswers(form, answers);
  const hours = successScreenHours(form.type, completed);
  const urgent = form.success.urgentContact;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    // A submitted form for the funnel's beacon (decision 104).
    <section
      className="form-screen form-success"
      aria-labelledby="sucesso-titulo"
      data-funnel={form.id}
      data-funnel-done=""
    >
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
        {booking && <DemoBooking lead={booking.lead} offer={booking.offer} language={booking.language} />}

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
        {plan && <p className="form-success__plan">{texts.plan(plan.name, plan.annual)}</p>}
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
