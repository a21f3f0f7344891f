import { formatDateTime } from "@domain/format.ts";
import {
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
} from "@domain/portal/tickets.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { deskFilter } from "@server/portal/support-desk.ts";
import { data, Form, Link } from "react-router";
import { ScrollBox } from "~/admin/ScrollBox.tsx";
import { supportTexts as t } from "~/admin/support-texts.ts";
import type { Route } from "./+types/support";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "support");
  const params = new URL(request.url).searchParams;
  const filter = deskFilter(params);
  const list = await context.services.supportDesk.list(filter);
  return data(
    {
      ...list,
      filter: {
        q: filter.search ?? "",
        status: filter.status ?? "",
        priority: filter.priority ?? "",
        waiting: filter.waiting ?? false,
        companyId: filter.companyId ?? "",
      },
      filtering: Boolean(
        filter.search || filter.status || filter.priority || filter.waiting || filter.companyId,
      ),
      jira: context.services.jira !== null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** The address of a page of the list with the current filters. */
function pageHref(
  filter: { q: string; status: string; priority: string; waiting: boolean; companyId: string },
  page: number,
) {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("situacao", filter.status);
  if (filter.priority) params.set("prioridade", filter.priority);
  if (filter.waiting) params.set("aguardando", "1");
  if (filter.companyId) params.set("empresa", filter.companyId);
  if (page > 1) params.set("pagina", String(page));
  const search = params.toString();
  return search ? `/admin/suporte?${search}` : "/admin/suporte";
}

/**
 * Every company's support tickets (decision 130): filters in the address (a GET form, so it works
 * without JavaScript), those waiting for our answer marked, newest activity first.
 */
export default function SupportInbox({ loaderData }: Route.ComponentProps) {
  const { items, filter, filtering, total, page, pages } = loaderData;
  return (
    <section aria-labelledby="suporte-titulo">
      <h1 id="suporte-titulo">{t.title}</h1>
      <p>{t.intro}</p>
      {!loaderData.jira && <p className="banner banner--info">{t.noJira}</p>}
      <p className="support-counts">{t.counts(loaderData.open, loaderData.waiting)}</p>
      <Form method="get" className="inbox-filters" role="search">
        <label className="field">
          <span className="field__label">{t.search}</span>
          <input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={100}
            placeholder={t.searchHint}
            aria-describedby="suporte-busca-dica"
          />
          <span id="suporte-busca-dica" className="visually-hidden">
            {t.searchHint}
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t.status}</span>
          <select name="situacao" defaultValue={filter.status}>
            <option value="">{t.allStatuses}</option>
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {TICKET_STATUS_LABELS.pt[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.priority}</span>
          <select name="prioridade" defaultValue={filter.priority}>
            <option value="">{t.allPriorities}</option>
            {TICKET_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {TICKET_PRIORITY_LABELS.pt[priority]}
              </option>
            ))}
          </select>
        </label>
        <label className="field field--check">
          <input type="checkbox" name="aguardando" value="1" defaultChecked={filter.waiting} />
          <span>{t.waiting}</span>
        </label>
        {filter.companyId && <input type="hidden" name="empresa" value={filter.companyId} />}
        <button type="submit" className="button button--primary">
          {t.apply}
        </button>
        {filtering && (
          <Link to="/admin/suporte" className="button button--outline">
            {t.clear}
          </Link>
        )}
      </Form>
      <p role="status">{t.total(total)}</p>
      {items.length === 0 ? (
        <p className="admin-empty">{filtering ? t.none : t.empty}</p>
      ) : (
        <ScrollBox label={t.table}>
          <table className="admin-table support-table">
            <caption className="visually-hidden">{t.table}</caption>
            <thead>
              <tr>
                <th scope="col">{t.subject}</th>
                <th scope="col">{t.company}</th>
                <th scope="col">{t.priority}</th>
                <th scope="col">{t.statusColumn}</th>
                <th scope="col">{t.activity}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((ticket) => (
                <tr key={ticket.id} className={ticket.waiting ? "support-table__waiting" : undefined}>
                  <td>
                    <Link to={`/admin/suporte/${ticket.id}`}>{ticket.subject}</Link>
                    {ticket.waiting && <span className="badge badge--danger">{t.waitingBadge}</span>}
                    <span className="admin-table__sub">
                      {ticket.trackerKey ?? ticket.protocol} · {ticket.reporterName} ·{" "}
                      {t.replies(ticket.replies)}
                    </span>
                  </td>
                  <td>
                    <Link to={pageHref({ ...filter, companyId: ticket.company.id }, 1)}>
                      {ticket.company.name}
                    </Link>
                  </td>
                  <td>{TICKET_PRIORITY_LABELS.pt[ticket.priority]}</td>
                  <td>
                    {TICKET_STATUS_LABELS.pt[ticket.status]}
                    {ticket.statusName && (
                      <span className="admin-table__sub">{t.jiraStatus(ticket.statusName)}</span>
                    )}
                  </td>
                  <td className="nowrap">{formatDateTime(ticket.activityAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label={t.pagination}>
          <p>{t.page(page, pages)}</p>
          <ul>
            {page > 1 && (
              <li>
                <Link to={pageHref(filter, page - 1)}>{t.previous}</Link>
              </li>
            )}
            {page < pages && (
              <li>
                <Link to={pageHref(filter, page + 1)}>{t.next}</Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </section>
  );
}
