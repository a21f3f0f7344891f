import { INTEGRATION_CATEGORIES } from "@domain/content/schemas.ts";
import { integrationTexts } from "@domain/portal/integration-texts.ts";
import type { IntegrationCategory } from "@domain/portal/integrations.ts";
import { can } from "@domain/portal/permissions.ts";
import { refusalText } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { data, Form, Link } from "react-router";
import { Icon } from "~/components/Icon.tsx";
import type { Route } from "./+types/integrations";
import { ticketFormat } from "./ticket-ui.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, company } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const wanted = url.searchParams.get("categoria") ?? "";
  const category = (INTEGRATION_CATEGORIES as readonly string[]).includes(wanted)
    ? (wanted as IntegrationCategory)
    : null;
  try {
    const { catalogue, views } = await context.services.integrations.list(actor, language, {
      category: category ?? undefined,
      search: search || undefined,
    });
    const connected = (await context.services.integrations.connections(actor.companyId)).filter(
      (c) => c.status !== "disconnected",
    ).length;
    return data(
      {
        language,
        companyName: company.tradeName || company.legalName,
        canRequest: can(actor.role, "integrations.manage"),
        categories: catalogue.categories,
        search,
        category,
        views,
        connected,
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    // A role that does not see integrations (finance) gets the same answer as a page that is not there.
    if (DomainError.is(error, "not-found"))
      throw data({ message: refusalText(error, language) }, { status: 404 });
    throw error;
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = integrationTexts(loaded?.language ?? "pt");
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/**
 * The integrations catalogue with the company's connections: status as the vendor's
 * platform reports it, last sync, the partner's documentation; a category filter and a search as
 * the query string (works without JavaScript).
 */
export default function Integrations({ loaderData }: Route.ComponentProps) {
  const { language, companyName, canRequest, categories, search, category, views, connected } = loaderData;
  const t = integrationTexts(language);
  const format = ticketFormat(language);
  const filtered = Boolean(search || category);
  return (
    <section className="portal integrations" aria-labelledby="integracoes-titulo">
      <header className="portal__header">
        <div>
          <h1 id="integracoes-titulo">{t.title}</h1>
          <p>{t.intro(companyName)}</p>
          <p className="portal__meta">{t.connectedCount(connected)}</p>
        </div>
        {canRequest && (
          <Link to="/user/integracoes/nova" className="button button--primary">
            {t.request}
          </Link>
        )}
      </header>

      <Form method="get" className="ticket-filters" role="search" aria-label={t.filters}>
        <div className="field ticket-filters__search">
          <label htmlFor="busca" className="field__label">
            {t.search}
          </label>
          <p id="busca-dica" className="field__hint">
            {t.searchHint}
          </p>
          <input
            id="busca"
            type="search"
            name="q"
            defaultValue={search}
            maxLength={100}
            aria-describedby="busca-dica"
          />
        </div>
        <div className="field">
          <label htmlFor="categoria" className="field__label">
            {t.category}
          </label>
          <select id="categoria" name="categoria" defaultValue={category ?? ""}>
            <option value="">{t.all}</option>
            {INTEGRATION_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {categories[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="ticket-filters__actions">
          <button type="submit" className="button button--outline">
            {t.apply}
          </button>
          {filtered && (
            <Link to="/user/integracoes" className="ticket-filters__clear">
              {t.clear}
            </Link>
          )}
        </div>
      </Form>

      <p className="portal__meta" role="status">
        {t.total(views.length)}
      </p>
      {views.length === 0 ? (
        <p className="portal__empty">{t.noMatch}</p>
      ) : (
        <ul className="integration-grid">
          {views.map((view) => {
            const status = view.connection?.status ?? null;
            return (
              <li key={view.id} className="integration-card">
                <div className="integration-card__head">
                  <Icon name={view.icon} size={28} className="integration-card__icon" />
                  <div>
                    <h2 className="integration-card__name">{view.name}</h2>
                    <p className="integration-card__category">{categories[view.category]}</p>
                  </div>
                  <span className={`connection-badge connection-badge--${status ?? "none"}`}>
                    {status ? t.statuses[status] : t.notConnected}
                  </span>
                </div>
                {view.description && <p className="integration-card__text">{view.description}</p>}
                {view.connection && (
                  <p className="integration-card__sync">
                    {t.lastSync}:{" "}
                    {view.connection.lastSyncAt ? (
                      <time dateTime={view.connection.lastSyncAt}>
                        {format.dateTime(view.connection.lastSyncAt)}
                      </time>
                    ) : (
                      t.never
                    )}
                    {view.connection.detail && (
                      <span className="integration-card__detail">{view.connection.detail}</span>
                    )}
                  </p>
                )}
                <p className="integration-card__links">
                  {view.docsUrl && (
                    <a href={view.docsUrl} target="_blank" rel="noopener noreferrer">
                      {t.docsShort}
                      <span className="visually-hidden"> — {view.name}</span>
                    </a>
                  )}
                  {canRequest && !view.connection && (
                    <Link to={`/user/integracoes/nova?integracao=${encodeURIComponent(view.id)}`}>
                      {t.request}
                      <span className="visually-hidden"> — {view.name}</span>
                    </Link>
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
