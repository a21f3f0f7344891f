import { formatCentavos } from "@domain/billing/money.ts";
import type { BillingCycle } from "@domain/billing/proration.ts";
import { formatDay, formatInstantDay } from "@domain/format.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { type PlanRequestStatus, planTexts } from "@domain/portal/plan-texts.ts";
import type { PlanRequestView } from "@server/portal/plan-changes.ts";

/** The pieces the plan page and the change page share (decision 095). */

/** "R$ 299,90/mês", or "R$ 2.999,00/ano" with its monthly equivalent (annual / 12, A §9) beneath. */
export function PriceLine({
  priceCentavos,
  monthlyCentavos,
  cycle,
  language,
  className = "plan-price",
}: {
  priceCentavos: number;
  monthlyCentavos: number;
  cycle: BillingCycle;
  language: OfferedLanguage;
  className?: string;
}) {
  const t = planTexts(language);
  return (
    <p className={className}>
      <span className={`${className}__amount`}>{formatCentavos(priceCentavos, language)}</span>
      <span className={`${className}__per`}>{t.per[cycle]}</span>
      {cycle === "annual" && (
        <span className={`${className}__monthly`}>
          {t.plan.monthlyEquivalent(formatCentavos(monthlyCentavos, language))}
        </span>
      )}
    </p>
  );
}

/** A request's state in words; the colour only repeats them. */
export function RequestStatus({
  status,
  language,
}: {
  status: PlanRequestStatus;
  language: OfferedLanguage;
}) {
  return <span className={`plan-status plan-status--${status}`}>{planTexts(language).statuses[status]}</span>;
}

/** What the change costs at the change, in words: due, a credit, or left to finance. */
export function prorataWords(
  request: Pick<PlanRequestView, "prorataCentavos" | "basis">,
  language: OfferedLanguage,
): string {
  const t = planTexts(language).plan;
  if (request.basis === "unknown-cycle") return t.prorataByFinance;
  const amount = formatCentavos(Math.abs(request.prorataCentavos), language);
  if (request.prorataCentavos < 0) return t.prorataCredit(amount);
  return t.prorataCharge(amount);
}

/** A request's facts: the plan asked for, when and by whom, its price and pro-rata, and the answer. */
export function RequestFacts({ request, language }: { request: PlanRequestView; language: OfferedLanguage }) {
  const t = planTexts(language);
  const price = `${formatCentavos(request.priceCentavos, language)}${t.per[request.toCycle]}`;
  return (
    <dl className="plan-facts">
      <div>
        <dt>{t.plan.requestedPlan}</dt>
        <dd>
          {request.toPlanName} ({t.cycleNouns[request.toCycle]})
        </dd>
      </div>
      <div>
        <dt>{t.plan.requestedOn}</dt>
        <dd>
          <time dateTime={request.requestedOn}>{formatDay(request.requestedOn, language)}</time>
        </dd>
      </div>
      <div>
        <dt>{t.plan.requestedBy}</dt>
        <dd>{request.requesterName}</dd>
      </div>
      <div>
        <dt>{t.plan.newPrice}</dt>
        <dd>{price}</dd>
      </div>
      {request.status === "requested" && (
        <div>
          <dt>{t.plan.prorata}</dt>
          <dd>{prorataWords(request, language)}</dd>
        </div>
      )}
      {request.decidedAt && (
        <div>
          <dt>{t.plan.decidedOn}</dt>
          <dd>
            <time dateTime={request.decidedAt}>{formatInstantDay(request.decidedAt, language)}</time>
          </dd>
        </div>
      )}
      {request.trackerKey && (
        <div>
          <dt>{t.plan.reference}</dt>
          <dd>{request.trackerKey}</dd>
        </div>
      )}
    </dl>
  );
}
