import type { OfferedLanguage } from "@domain/locale.ts";
import {
  formatPrice,
  limitLines,
  type Plan,
  type PlansData,
  type PlansTexts,
  planIcon,
  plansTexts,
  shownPrice,
  trialLink,
} from "@domain/plans.ts";
import { useState } from "react";
import { SiteLink } from "~/components/SiteLink.tsx";

type HeadingLevel = 1 | 2 | 3;
const HEADINGS = { 1: "h1", 2: "h2", 3: "h3", 4: "h4" } as const;

interface Props {
  data: PlansData;
  language: OfferedLanguage;
  /** Level of the section title; plan names sit one level below. Default 2 (h1 on the plans page). */
  headingLevel?: HeadingLevel;
  /** Language prefix of the page's URL (/en, /pt, /es), kept in the trial links. */
  pathLanguage?: string | null;
}

/**
 * The plans section (A §2, §4): a monthly/annual toggle that starts on monthly, and one card
 * per plan; the whole card (through its button's stretched link) leads to the free trial with
 * the plan id and the billing choice. Everything renders on the server from `data`.
 */
export function PlansSection({ data, language, headingLevel = 2, pathLanguage = null }: Props) {
  const [annual, setAnnual] = useState(false);
  const t = plansTexts(language);
  // A fixed id (one plans section per page, /planos): useId's would differ between the server's
  // render of the whole page and the browser's of the island alone, which is a root of its own.
  const titleId = "planos-titulo";
  const Title = HEADINGS[headingLevel];
  const PlanTitle = HEADINGS[(headingLevel + 1) as 2 | 3 | 4];
  return (
    <section className="plans" aria-labelledby={titleId}>
      <div className="plans__header">
        <Title id={titleId} className="plans__title">
          {data.title}
        </Title>
        {data.subtitle && <p className="plans__subtitle">{data.subtitle}</p>}
        <fieldset className="plans__toggle">
          <legend className="visually-hidden">{t.billingPeriod}</legend>
          <button
            type="button"
            className="plans__toggle-option"
            aria-pressed={!annual}
            onClick={() => setAnnual(false)}
          >
            {data.toggle.monthly}
          </button>
          <button
            type="button"
            className="plans__toggle-option"
            aria-pressed={annual}
            onClick={() => setAnnual(true)}
          >
            {data.toggle.annual}
            {data.toggle.savings && <span className="plans__toggle-savings">{data.toggle.savings}</span>}
          </button>
        </fieldset>
      </div>
      <ul className="plans__grid">
        {data.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            data={data}
            annual={annual}
            language={language}
            pathLanguage={pathLanguage}
            t={t}
            Heading={PlanTitle}
          />
        ))}
      </ul>
    </section>
  );
}

interface CardProps {
  plan: Plan;
  data: PlansData;
  annual: boolean;
  language: OfferedLanguage;
  pathLanguage: string | null;
  t: PlansTexts;
  Heading: "h2" | "h3" | "h4";
}

function PlanCard({ plan, data, annual, language, pathLanguage, t, Heading }: CardProps) {
  const icon = planIcon(plan);
  const limits = limitLines(plan.limits, data.limits_labels, language);
  const price = (yearly: boolean) => formatPrice(shownPrice(plan, yearly), language);
  return (
    <li className={`plan-card${plan.popular ? " plan-card--popular" : ""}`} data-plan={plan.id}>
      {plan.popular && <p className="plan-card__badge">{data.popular_badge}</p>}
      <div className="plan-card__head">
        {icon && (
          <img className="plan-card__icon" src={icon} alt="" width={48} height={48} decoding="async" />
        )}
        <Heading className="plan-card__name">{plan.name}</Heading>
      </div>
      <p className="plan-card__description">{plan.description}</p>
      {/* Both billing variants are laid out in the same cell; only the chosen one is visible, so
          switching never moves the rest of the card. */}
      <div className="plan-card__pricing">
        <div className="plan-card__variant" data-active={!annual}>
          <p className="plan-card__price">
            <span className="plan-card__amount">{price(false)}</span>
            <span className="plan-card__period">{t.perMonth}</span>
          </p>
          <p className="plan-card__billing">{data.monthly_billing_text}</p>
        </div>
        <div className="plan-card__variant" data-active={annual}>
          <p className="plan-card__price">
            <span className="plan-card__amount">{price(true)}</span>
            <span className="plan-card__period">{t.perMonth}</span>
          </p>
          <p className="plan-card__billing">
            {data.annual_savings_text && (
              <span className="plan-card__savings">{data.annual_savings_text}</span>
            )}
            <span>{t.billedAnnually(formatPrice(plan.annual_price, language))}</span>
          </p>
        </div>
      </div>
      <SiteLink
        to={trialLink(plan.id, annual, pathLanguage)}
        className={`button ${plan.popular ? "button--primary" : "button--outline"} plan-card__cta`}
      >
        {data.cta_button}
        <span className="visually-hidden">{t.ctaPlan(plan.name)}</span>
      </SiteLink>
      {limits.length > 0 ? (
        <ul className="plan-card__limits">
          {limits.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <span />
      )}
      {plan.features.basic.length > 0 ? (
        <div className="plan-card__features">
          {data.features_title && <p className="plan-card__features-title">{data.features_title}</p>}
          <ul>
            {plan.features.basic.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      ) : (
        <span />
      )}
    </li>
  );
}
