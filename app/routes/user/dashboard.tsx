import { type AuthTexts, authTexts } from "@domain/auth/texts.ts";
import type { UserDashboardData } from "@domain/content/schemas.ts";
import { formatDateTime, formatDay, formatNumber, formatPrice } from "@domain/format.ts";
import { dashboardTexts } from "@domain/portal/dashboard-texts.ts";
import { CONNECTION_STATUS_LABELS } from "@domain/portal/integrations.ts";
import { useEffect, useState } from "react";
import { Link, type MetaArgs, useRouteLoaderData } from "react-router";
import { dashboardLabel } from "~/portal/screens.ts";
import type { loader as layoutLoader } from "./layout.tsx";

type State =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "loaded"; data: UserDashboardData };

/** The page's title, in the user area's language (this route has no loader of its own). */
export function meta({ matches }: MetaArgs) {
  const layout = matches.find((match) => match?.id === "routes/user/layout")?.data as
    | { language?: "pt" | "en" }
    | undefined;
  // /user/afiliados shows this same page (the spec's route), under this page's name.
  return [
    { title: `${dashboardLabel(layout?.language ?? "pt")} | Vértice` },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The user dashboard (B §2.9, §3.8), read from GET /api/json/user-dashboard with its loading and
 * error states: the company's figures, its recent tickets and replies (each linked to its ticket),
 * the actions the person's role allows, and plain empty states for what has no data yet.
 */
export default function UserDashboard() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/user/layout");
  const language = layout?.language ?? "pt";
  const t = authTexts(language);
  const [state, setState] = useState<State>({ status: "loading" });

  useEffect(() => {
    let cancelled = false;
    fetch("/api/json/user-dashboard", { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(async (response) => {
        const body = await response.json().catch(() => ({}));
        // The API words its refusals in Portuguese (decision 115): an English page says its own.
        const message = language === "pt" ? (body as { message?: string }).message : undefined;
        if (!response.ok) throw new Error(message ?? t.dashboardErrorDefault);
        if (!cancelled) setState({ status: "loaded", data: body as UserDashboardData });
      })
      .catch((error: Error) => {
        if (!cancelled) setState({ status: "error", message: error.message || t.dashboardErrorDefault });
      });
    return () => {
      cancelled = true;
    };
  }, [t]);

  if (state.status === "loading") {
    return (
      <p className="section-state" role="status">
        <span className="spinner" aria-hidden="true" /> {t.loading}
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <div className="section-state section-state--error" role="alert">
        <p className="section-state__title">{t.dashboardError}</p>
        <p>{state.message}</p>
        <button type="button" className="button button--outline" onClick={() => window.location.reload()}>
          {t.tryAgain}
        </button>
      </div>
    );
  }
  return <DashboardView data={state.data} t={t} language={language} />;
}

function DashboardView({
  data,
  t,
  language,
}: {
  data: UserDashboardData;
  t: AuthTexts;
  language: "pt" | "en";
}) {
  const d = dashboardTexts(language);
  // The connection's status arrives as words of the page's language: "Conectado" reads as healthy.
  const connectedLabels = new Set(Object.values(CONNECTION_STATUS_LABELS).map((labels) => labels.connected));
  const money = (value: number) => formatPrice(value, language);
  const number = (value: number) => formatNumber(value, language);
  // Activities carry ISO instants, shown in Brasília time; a layout document's words stay as written.
  const when = (time: string) => formatDateTime(time, language);
  return (
    <div className="user-dashboard">
      <header>
        <h1>{data.header.title}</h1>
        <p>{data.header.subtitle}</p>
      </header>
      {data.stats.length > 0 && (
        <ul className="stat-grid">
          {data.stats.map((stat) => (
            <li key={stat.id} className="card stat">
              <p className="stat__title">{stat.title}</p>
              <p className="stat__value">
                {number(stat.value)}
                {stat.total !== null && (
                  <span className="stat__total">
                    {" "}
                    {d.page.of} {number(stat.total)}
                  </span>
                )}
              </p>
              <p className="stat__description">{stat.description}</p>
              {stat.trend && <p className="stat__trend">{stat.trend}</p>}
            </li>
          ))}
        </ul>
      )}
      <div className="user-dashboard__grid">
        <section className="card user-dashboard__activities" aria-labelledby="atividades">
          <h2 id="atividades">{t.activities}</h2>
          {data.recentActivities.length === 0 ? (
            <p className="muted">{d.page.noActivities}</p>
          ) : (
            <ul className="activity-list">
              {data.recentActivities.map((activity) => (
                <li key={activity.id}>
                  {activity.link ? (
                    <Link to={activity.link}>{activity.text}</Link>
                  ) : (
                    <span>{activity.text}</span>
                  )}
                  <time className="muted" dateTime={activity.time}>
                    {when(activity.time)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>
        {data.quickActions.length > 0 && (
          <section className="card" aria-labelledby="acoes-rapidas">
            <h2 id="acoes-rapidas">{t.quickActions}</h2>
            <ul className="action-list">
              {data.quickActions.map((action) => (
                <li key={action.id}>
                  <Link to={action.link} className="action-list__link">
                    <strong>{action.title}</strong>
                    <span className="muted">{action.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {data.systemStats.length > 0 && (
          <section className="card" aria-labelledby="uso">
            <h2 id="uso">{d.page.usage}</h2>
            <ul className="plain-list">
              {data.systemStats.map((stat) => (
                <li key={stat.id}>
                  <label htmlFor={`uso-${stat.id}`}>
                    {stat.label}: <strong>{number(stat.value)}%</strong>{" "}
                    <span className="muted">({stat.description})</span>
                  </label>
                  <progress id={`uso-${stat.id}`} max={100} value={Math.min(stat.value, 100)} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="card" aria-labelledby="integracoes">
          <h2 id="integracoes">{t.integrations}</h2>
          {data.integrations.length === 0 ? (
            <p className="muted">{d.page.noIntegrations}</p>
          ) : (
            <ul className="plain-list">
              {data.integrations.map((integration) => (
                <li key={integration.id}>
                  <strong>{integration.name}</strong>{" "}
                  <span
                    className={
                      connectedLabels.has(integration.status) ? "status status--ok" : "status status--warn"
                    }
                  >
                    {integration.status}
                  </span>
                  {integration.lastSync && (
                    <>
                      <br />
                      <span className="muted">
                        {t.lastSync}: {when(integration.lastSync)}
                      </span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="pagamento">
          <h2 id="pagamento">{t.nextPayment}</h2>
          {data.nextPayment ? (
            <>
              <p className="stat__value">{money(data.nextPayment.amount)}</p>
              <p>
                {t.dueDate}: {formatDay(data.nextPayment.dueDate, language)} · {data.nextPayment.status}
              </p>
              <Link to={data.nextPayment.paymentLink} className="button button--primary">
                {t.pay}
              </Link>
            </>
          ) : (
            <p className="muted">{d.page.noPayment}</p>
          )}
        </section>
      </div>
    </div>
  );
}
