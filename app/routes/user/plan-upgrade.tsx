import { formatCentavos } from "@domain/billing/money.ts";
import { BILLING_CYCLES, type BillingCycle } from "@domain/billing/proration.ts";
import { formatDay } from "@domain/format.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { can } from "@domain/portal/permissions.ts";
import { planTexts } from "@domain/portal/plan-texts.ts";
import { refusalText, refusalWording } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import type { PlanQuote } from "@server/portal/plan-changes.ts";
import { data, Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/plan-upgrade";
import { PriceLine } from "./plan-ui.tsx";

/** The cycle as the address writes it (?ciclo=anual) and as the service knows it. */
const CYCLE_PARAMS: Record<string, BillingCycle> = {
  mensal: "monthly",
  anual: "annual",
  monthly: "monthly",
  annual: "annual",
};
const PARAM_OF: Record<BillingCycle, string> = { monthly: "mensal", annual: "anual" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, company } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const url = new URL(request.url);
  const wantedPlan = (url.searchParams.get("plano") ?? "").trim().slice(0, 60);
  const wantedCycle = CYCLE_PARAMS[url.searchParams.get("ciclo") ?? ""] ?? null;
  const { planChanges } = context.services;
  const [view, choices] = await Promise.all([
    planChanges.view(company, language),
    planChanges.choices(language),
  ]);
  let quote: PlanQuote | null = null;
  let problem: string | null = null;
  if (wantedPlan) {
    try {
      quote = await planChanges.quote(company, wantedPlan, wantedCycle ?? company.billingCycle, language);
    } catch (error) {
      if (!DomainError.is(error)) throw error;
      problem = refusalText(error, language);
    }
  }
  return data(
    {
      language,
      canRequest: can(actor.role, "plan.request"),
      current: view.plan ? { id: view.plan.id, name: view.plan.name, cycle: view.cycle } : null,
      open: view.open,
      choices,
      chosen: {
        plan: choices.some((c) => c.id === wantedPlan) ? wantedPlan : null,
        cycle: wantedCycle ?? company.billingCycle,
      },
      quote,
      problem,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The confirmation: the request is stored and sent to sales; the plan page then shows it 'Solicitado'. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  if (!can(actor.role, "plan.request"))
    return data({ ok: false, message: refusalWording(language, "plans.forbidden") }, { status: 403 });
  const form = await request.formData();
  const plan = form.get("plano");
  const cycle = CYCLE_PARAMS[String(form.get("ciclo") ?? "")];
  if (typeof plan !== "string" || !plan || !cycle)
    return data({ ok: false, message: refusalWording(language, "plans.invalid") }, { status: 400 });
  try {
    await context.services.planChanges.request(actor, plan.slice(0, 60), cycle);
    return redirect("/user/plano?pedido=1");
  } catch (error) {
    if (DomainError.is(error, "not-found"))
      throw data({ message: refusalText(error, language) }, { status: 404 });
    return refusalAnswer(error, language);
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = planTexts(loaded?.language ?? "pt");
  return [{ title: `${t.upgrade.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** What the change costs, line by line, as the proration worked it out. */
function QuoteLines({ quote, language }: { quote: PlanQuote; language: OfferedLanguage }) {
  const t = planTexts(language).upgrade;
  const money = (centavos: number) => formatCentavos(centavos, language);
  const lines: [string, string][] = [];
  if (quote.basis === "same-cycle") {
    lines.push([
      quote.prorataCentavos < 0 ? t.sameCycleCredit : t.sameCycleCharge,
      money(Math.abs(quote.prorataCentavos)),
    ]);
  } else if (quote.basis === "cycle-change") {
    lines.push([t.newCycle, money(quote.priceCentavos)]);
    lines.push([t.credit, `− ${money(quote.creditCentavos)}`]);
    lines.push([quote.prorataCentavos < 0 ? t.creditLeft : t.dueNow, money(Math.abs(quote.prorataCentavos))]);
  } else if (quote.basis === "new-plan") {
    lines.push([t.firstCycle, money(quote.prorataCentavos)]);
  }
  return (
    <>
      {lines.length > 0 && (
        <dl className="plan-quote__lines">
          {lines.map(([label, value], index) => (
            <div key={label} className={index === lines.length - 1 ? "plan-quote__total" : undefined}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {quote.basis === "unknown-cycle" && <p className="banner banner--info">{t.unknownCycle}</p>}
      {quote.remainingDays !== null && quote.cycleDays !== null && quote.basis === "same-cycle" && (
        <p className="plan-quote__note">
          {t.remaining(quote.remainingDays, quote.cycleDays, formatDay(quote.renewsOn, language))}
        </p>
      )}
    </>
  );
}

/**
 * Changing plan (decision 095): every plan with both cycles' prices, chosen with radios in a GET form
 * (works without JavaScript; with it, a choice updates the summary at once); the summary shows the
 * new price and the pro-rata difference, and owners and admins confirm the request.
 */
export default function PlanUpgrade({ loaderData, actionData }: Route.ComponentProps) {
  const { language, canRequest, current, open, choices, chosen, quote, problem } = loaderData;
  const t = planTexts(language);
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const money = (centavos: number) => formatCentavos(centavos, language);
  return (
    <section className="portal plan-upgrade" aria-labelledby="mudar-plano-titulo">
      <p className="portal__back">
        <Link to="/user/plano">← {t.upgrade.back}</Link>
      </p>
      <h1 id="mudar-plano-titulo">{t.upgrade.title}</h1>
      <p>{t.upgrade.intro}</p>
      <p className="portal__meta">
        {current ? t.upgrade.current(current.name, t.cycleNouns[current.cycle]) : t.upgrade.noCurrent}
      </p>
      {open && (
        <p className="banner banner--info">
          {t.upgrade.openRequest(
            open.toPlanName,
            t.cycleNouns[open.toCycle],
            formatDay(open.requestedOn, language),
          )}
        </p>
      )}
      {!canRequest && <p className="banner banner--info">{t.upgrade.onlyOwners}</p>}
      <ActionResult result={actionData} />

      <Form
        method="get"
        className="plan-choice"
        preventScrollReset
        onChange={(event) => {
          const form = event.currentTarget;
          if (new FormData(form).get("plano")) submit(form, { replace: true, preventScrollReset: true });
        }}
      >
        <h2 className="plan-choice__title">{t.upgrade.choose}</h2>
        <fieldset className="plan-choice__group">
          <legend>{t.upgrade.planLegend}</legend>
          <div className="plan-options">
            {choices.map((option) => (
              <label key={option.id} className="plan-option">
                <input
                  type="radio"
                  name="plano"
                  value={option.id}
                  defaultChecked={chosen.plan === option.id}
                  required
                />
                <span className="plan-option__body">
                  <span className="plan-option__name">
                    {option.name}
                    {current?.id === option.id && <span className="tag">{t.upgrade.currentTag}</span>}
                  </span>
                  {option.description && (
                    <span className="plan-option__description">{option.description}</span>
                  )}
                  <span className="plan-option__prices">
                    <span>{t.upgrade.monthlyPrice(money(option.monthlyCentavos))}</span>
                    <span>
                      {t.upgrade.annualPrice(
                        money(option.annualCentavos),
                        money(option.annualMonthlyCentavos),
                      )}
                    </span>
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="plan-choice__group">
          <legend>{t.upgrade.cycleLegend}</legend>
          <div className="plan-cycles">
            {BILLING_CYCLES.map((cycle) => (
              <label key={cycle} className="plan-option plan-option--cycle">
                <input
                  type="radio"
                  name="ciclo"
                  value={PARAM_OF[cycle]}
                  defaultChecked={chosen.cycle === cycle}
                />
                <span className="plan-option__body">
                  <span className="plan-option__name">{t.cycles[cycle]}</span>
                  <span className="plan-option__description">
                    {cycle === "annual" ? t.upgrade.annualSavings : t.upgrade.monthlyHint}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="button button--outline">
          {t.upgrade.calculate}
        </button>
      </Form>

      <div aria-live="polite">
        {problem && <p className="banner banner--warning">{problem}</p>}
        {quote && (
          <section className="card plan-quote" aria-labelledby="resumo-mudanca">
            <h2 id="resumo-mudanca">{t.upgrade.summary}</h2>
            <dl className="plan-quote__change">
              <div>
                <dt>{t.upgrade.from}</dt>
                <dd>{quote.from ? `${quote.from.name} (${t.cycleNouns[quote.from.cycle]})` : "—"}</dd>
              </div>
              <div>
                <dt>{t.upgrade.to}</dt>
                <dd>
                  <strong>
                    {quote.to.name} ({t.cycleNouns[quote.to.cycle]})
                  </strong>
                </dd>
              </div>
              <div>
                <dt>{t.upgrade.newPrice}</dt>
                <dd>
                  <PriceLine
                    priceCentavos={quote.priceCentavos}
                    monthlyCentavos={quote.monthlyCentavos}
                    cycle={quote.to.cycle}
                    language={language}
                    className="plan-quote-price"
                  />
                </dd>
              </div>
            </dl>
            <QuoteLines quote={quote} language={language} />
            <p className="plan-quote__note">
              {t.upgrade.effective(formatDay(quote.effectiveOn, language))}{" "}
              {t.upgrade.nextRenewal(formatDay(quote.renewsOn, language))}
            </p>
            {canRequest && !open && (
              <Form method="post" className="plan-quote__confirm">
                <input type="hidden" name="plano" value={quote.to.planId} />
                <input type="hidden" name="ciclo" value={PARAM_OF[quote.to.cycle]} />
                <button type="submit" className="button button--primary" disabled={busy}>
                  {busy ? t.upgrade.sending : t.upgrade.confirm}
                </button>
              </Form>
            )}
          </section>
        )}
      </div>
    </section>
  );
}
