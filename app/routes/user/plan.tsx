import { formatDay } from "@domain/format.ts";
import { can } from "@domain/portal/permissions.ts";
import { limitText, planTexts } from "@domain/portal/plan-texts.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { data, Form, Link, redirect } from "react-router";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/plan";
import { PriceLine, RequestFacts, RequestStatus } from "./plan-ui.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, company } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const view = await context.services.planChanges.view(company, language);
  return data(
    {
      language,
      companyName: company.tradeName || company.legalName,
      canRequest: can(actor.role, "plan.request"),
      sent: new URL(request.url).searchParams.has("pedido"),
      withdrawn: new URL(request.url).searchParams.has("retirado"),
      view,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The open request withdrawn by an owner or admin (a form post, so it works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const form = await request.formData();
  const id = form.get("pedido");
  try {
    if (form.get("intent") !== "withdraw" || typeof id !== "string")
      throw new DomainError("invalid", "plans.invalid");
    await context.services.planChanges.withdraw(actor, id.slice(0, 60));
    return redirect("/user/plano?retirado=1");
  } catch (error) {
    return refusalAnswer(error, language);
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = planTexts(loaded?.language ?? "pt");
  return [{ title: `${t.plan.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/**
 * The company's plan (decision 095): its name, cycle, price and renewal, its limits against use, and
 * the change request in flight ('Solicitado') or the last one answered. Everyone at the company
 * sees it; owners and admins get the way to change it.
 */
export default function PlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { language, companyName, canRequest, sent, withdrawn, view } = loaderData;
  const t = planTexts(language);
  const { plan, open, last } = view;
  return (
    <section className="portal plan-page" aria-labelledby="plano-titulo">
      <header className="portal__header">
        <div>
          <h1 id="plano-titulo">{t.plan.title}</h1>
          <p>{t.plan.intro(companyName)}</p>
        </div>
        {canRequest && !open && (
          <Link to="/user/plano/upgrade" className="button button--primary">
            {plan ? t.plan.change : t.plan.choosePlan}
          </Link>
        )}
      </header>
      <div aria-live="polite">
        {sent && <p className="banner banner--success">{t.plan.sent}</p>}
        {withdrawn && <p className="banner banner--success">{t.plan.withdrawn}</p>}
        <ActionResult result={actionData} />
      </div>

      {!plan ? (
        <div className="portal__empty">
          <p>
            <strong>{t.plan.noPlan}</strong>
          </p>
          {canRequest && <p>{t.plan.noPlanHint}</p>}
        </div>
      ) : (
        <div className="plan-layout">
          <section className="card current-plan" aria-labelledby="plano-atual">
            <p className="current-plan__eyebrow">{t.plan.current}</p>
            <h2 id="plano-atual" className="current-plan__name">
              {plan.name}
            </h2>
            {plan.description && <p className="current-plan__description">{plan.description}</p>}
            {view.priceCentavos !== null && view.monthlyCentavos !== null && (
              <PriceLine
                priceCentavos={view.priceCentavos}
                monthlyCentavos={view.monthlyCentavos}
                cycle={view.cycle}
                language={language}
              />
            )}
            <dl className="plan-facts">
              <div>
                <dt>{t.plan.cycle}</dt>
                <dd>{t.cycles[view.cycle]}</dd>
              </div>
              <div>
                <dt>{t.plan.cycleStart}</dt>
                <dd>
                  {view.cycleStartedOn ? (
                    <time dateTime={view.cycleStartedOn}>{formatDay(view.cycleStartedOn, language)}</time>
                  ) : (
                    t.plan.notInformed
                  )}
                </dd>
              </div>
              <div>
                <dt>{t.plan.renewal}</dt>
                <dd>
                  {view.renewsOn ? (
                    <time dateTime={view.renewsOn}>{formatDay(view.renewsOn, language)}</time>
                  ) : (
                    t.plan.notInformed
                  )}
                </dd>
              </div>
            </dl>
          </section>

          <section className="card plan-limits" aria-labelledby="limites">
            <h2 id="limites">{t.plan.limits}</h2>
            <ul className="plan-limits__list">
              {view.limits.map((row) => (
                <li key={row.key} className={`plan-limit${row.over ? " plan-limit--over" : ""}`}>
                  <span className="plan-limit__text">{limitText(row, language)}</span>
                  {row.percent !== null && (
                    <span className="plan-limit__bar" aria-hidden="true">
                      <span className="plan-limit__fill" style={{ width: `${row.percent}%` }} />
                    </span>
                  )}
                  {row.over && <span className="plan-limit__over">{t.plan.over}</span>}
                </li>
              ))}
            </ul>
            <p className="plan-limits__hint">{t.plan.limitsHint}</p>
          </section>
        </div>
      )}

      {open && (
        <section className="card plan-request" aria-labelledby="pedido-aberto">
          <div className="plan-request__head">
            <h2 id="pedido-aberto">{t.plan.request}</h2>
            <RequestStatus status={open.status} language={language} />
          </div>
          <RequestFacts request={open} language={language} />
          <p className="plan-request__hint">{t.plan.openHint}</p>
          {canRequest && (
            // A second step asks before withdrawing; a <details> needs no JavaScript.
            <details className="plan-request__withdraw">
              <summary className="button button--outline">{t.plan.withdraw}</summary>
              <Form method="post" className="plan-request__withdraw-form">
                <p>{t.plan.withdrawQuestion}</p>
                <input type="hidden" name="intent" value="withdraw" />
                <input type="hidden" name="pedido" value={open.id} />
                <button type="submit" className="button button--danger">
                  {t.plan.withdrawConfirm}
                </button>
              </Form>
            </details>
          )}
        </section>
      )}
      {!open && last && (
        <section className="card plan-request" aria-labelledby="ultimo-pedido">
          <div className="plan-request__head">
            <h2 id="ultimo-pedido">{t.plan.lastRequest}</h2>
            <RequestStatus status={last.status} language={language} />
          </div>
          <RequestFacts request={last} language={language} />
          {last.decisionNote && (
            <div className="plan-request__note">
              <h3>{t.plan.note}</h3>
              <p>{last.decisionNote}</p>
            </div>
          )}
        </section>
      )}

      {!canRequest && <p className="portal__meta plan-page__only">{t.plan.onlyOwners}</p>}
    </section>
  );
}
