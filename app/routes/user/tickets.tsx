import { can } from "@domain/portal/permissions.ts";
import { portalTexts } from "@domain/portal/texts.ts";
import { TICKET_STATUSES, type TicketStatus } from "@domain/portal/tickets.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { data, Form, Link } from "react-router";
import { Icon } from "~/components/Icon.tsx";
import type { Route } from "./+types/tickets";
import { StatusBadge, ticketFormat } from "./ticket-ui.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, company } = await requirePortalMember(request, context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const wanted = url.searchParams.get("status") ?? "";
  const status = (TICKET_STATUSES as readonly string[]).includes(wanted) ? (wanted as TicketStatus) : null;
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const list = await context.services.tickets.list(actor, {
    search: search || undefined,
    status: status ?? undefined,
    page,
  });
  return data(
    {
      language: context.request.uiLanguage,
      companyName: company.tradeName || company.legalName,
      wholeCompany: can(actor.role, "tickets.viewCompany"),
      search,
      status,
      ...list,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = portalTexts(loaded?.language ?? "pt");
  return [{ title: `${t.tickets.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/**
 * The support tickets a person may see (decision 094): their own, or the whole company's for owners and
 * admins. Search and the status filter are the query string (a GET form: works without JavaScript).
 */
export default function Tickets({ loaderData }: Route.ComponentProps) {
  const { language, companyName, wholeCompany, search, status, items, total, page, pages } = loaderData;
  const t = portalTexts(language);
  const format = ticketFormat(language);
  const filtered = Boolean(search || status);
  const pageLink = (n: number) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (status) params.set("status", status);
    if (n > 1) params.set("page", String(n));
    const query = params.toString();
    return `/user/suporte${query ? `?${query}` : ""}`;
  };
  return (
    <section className="portal tickets">
      <header className="portal__header">
        <div>
          <h1 id="chamados-titulo">{t.tickets.title}</h1>
          <p>{wholeCompany ? t.tickets.introCompany(companyName) : t.tickets.introMine}</p>
          <p className="portal__meta ticket-hours">
            <Icon name="clock" size={18} /> {t.tickets.hours}
          </p>
        </div>
        <Link to="/user/suporte/novo" className="button button--primary">
          {t.tickets.open}
        </Link>
      </header>

      {total === 0 && !filtered ? (
        <div className="ticket-empty">
          <Icon name="headset" size={40} className="ticket-empty__icon" />
          <h2>{t.tickets.emptyTitle}</h2>
          <p>{t.tickets.emptyText}</p>
          <p>
            <Link to="/user/suporte/novo" className="button button--primary">
              {t.tickets.open}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <Form method="get" className="ticket-filters" role="search" aria-label={t.tickets.filters}>
            <div className="field ticket-filters__search">
              <label htmlFor="busca" className="field__label">
                {t.tickets.search}
              </label>
              <p id="busca-dica" className="field__hint">
                {t.tickets.searchHint}
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
              <label htmlFor="situacao" className="field__label">
                {t.tickets.status}
              </label>
              <select id="situacao" name="status" defaultValue={status ?? ""}>
                <option value="">{t.tickets.all}</option>
                {TICKET_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {t.tickets.statuses[value]}
                  </option>
                ))}
              </select>
            </div>
            <div className="ticket-filters__actions">
              <button type="submit" className="button button--outline">
                {t.tickets.apply}
              </button>
              {filtered && (
                <Link to="/user/suporte" className="ticket-filters__clear">
                  {t.tickets.clear}
                </Link>
              )}
            </div>
          </Form>

          <p className="portal__meta" role="status">
            {t.tickets.total(total)}
          </p>

          {items.length === 0 ? (
            <p className="portal__empty">{t.tickets.noMatch}</p>
          ) : (
            <ul className="ticket-list">
              {items.map((ticket) => (
                <li key={ticket.id} className={`ticket-row${ticket.unread ? " ticket-row--unread" : ""}`}>
                  <div className="ticket-row__main">
                    <p className="ticket-row__subject">
                      <Link to={`/user/suporte/${ticket.id}`}>{ticket.subject}</Link>
                      {ticket.unread && (
                        <>
                          {" "}
                          <span className="tag tag--new">{t.tickets.newReply}</span>
                          <span className="visually-hidden"> {t.tickets.newReplyHidden}</span>
                        </>
                      )}
                    </p>
                    <p className="ticket-row__meta">
                      <span>
                        <span className="visually-hidden">{t.tickets.protocol}: </span>
                        {ticket.protocol}
                      </span>
                      {ticket.trackerKey && (
                        <span>
                          <span className="visually-hidden">{t.tickets.jiraKey}: </span>
                          {ticket.trackerKey}
                        </span>
                      )}
                      <span>
                        <span className="visually-hidden">{t.tickets.category}: </span>
                        {t.tickets.categories[ticket.category]}
                      </span>
                      {wholeCompany && (
                        <span>{`${t.tickets.openedBy} ${ticket.mine ? t.tickets.you : ticket.reporterName}`}</span>
                      )}
                    </p>
                  </div>
                  <div className="ticket-row__side">
                    <StatusBadge status={ticket.status} t={t} />
                    <p className="ticket-row__date">
                      {t.tickets.lastActivity}{" "}
                      <time dateTime={ticket.activityAt}>{format.dateTime(ticket.activityAt)}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}

          {pages > 1 && (
            <nav aria-label={t.tickets.pagination} className="ticket-pages">
              <ul>
                <li>
                  {page > 1 ? (
                    <Link to={pageLink(page - 1)} rel="prev">
                      ← {t.tickets.previous}
                    </Link>
                  ) : (
                    <span aria-hidden="true" className="ticket-pages__off">
                      ← {t.tickets.previous}
                    </span>
                  )}
                </li>
                <li aria-current="page">{t.tickets.page(page, pages)}</li>
                <li>
                  {page < pages ? (
                    <Link to={pageLink(page + 1)} rel="next">
                      {t.tickets.next} →
                    </Link>
                  ) : (
                    <span aria-hidden="true" className="ticket-pages__off">
                      {t.tickets.next} →
                    </span>
                  )}
                </li>
              </ul>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
