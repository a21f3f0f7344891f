import { formatDayAtTime } from "@domain/format.ts";
import { DELIVERY_STATUSES, LEAD_LEVELS, TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import { OUTCOME_LABELS, OUTCOMES } from "@domain/leads/outcomes.ts";
import { refusalText } from "@domain/refusals.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { inboxFiltersFrom } from "@server/leads/inbox.ts";
import { data, Form, Link } from "react-router";
import { formName } from "~/admin/form-names.ts";
import { inboxTexts as t } from "~/admin/lead-texts.ts";
import { ScrollBox } from "~/admin/ScrollBox.tsx";
import { ActionResult, TrackerLink, TrackerStatus } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/leads";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "leads");
  const url = new URL(request.url);
  const filters = inboxFiltersFrom(url);
  const [list, forms, owners] = await Promise.all([
    context.services.inbox.list(filters),
    context.services.inbox.forms(),
    context.services.inbox.owners(),
  ]);
  return data(
    { ...list, forms, owners, filters, search: url.search },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** A data subject's erasure (LGPD art. 18), recorded in the audit log by a hash of the e-mail. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "leads");
  const form = await request.formData();
  try {
    const result = await context.services.erasure.erase(admin, String(form.get("email") ?? ""));
    const redacted = result.trackerKeys.length - result.trackerFailures.length;
    return {
      ok: result.trackerFailures.length === 0,
      message: [
        t.erased(result.leads, redacted),
        result.trackerFailures.length ? t.erasureJiraFailed(result.trackerFailures.join(", ")) : "",
      ]
        .filter(Boolean)
        .join(" "),
    };
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

/** A moment in São Paulo's time (how deadlines are counted), the same on the server and in the browser. */
function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDayAtTime(value)}</time>;
}

/** The lead inbox (decision 072): filters and search in the URL, newest first, 50 a page, CSV export. */
export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, forms, owners, filters, search } = loaderData;
  const pageLink = (n: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(n));
    return `/admin/leads?${params}`;
  };
  return (
    <section aria-labelledby="leads-titulo">
      <h1 id="leads-titulo">{t.title}</h1>
      <Form method="get" className="inbox-filters" aria-label={t.filters}>
        <label className="field">
          <span className="field__label">{t.search}</span>
          <input type="search" name="q" defaultValue={filters.q ?? ""} maxLength={100} />
        </label>
        <label className="field">
          <span className="field__label">{t.form}</span>
          <select name="form" defaultValue={filters.form ?? ""}>
            <option value="">{t.all}</option>
            {forms.map((form) => (
              <option key={form} value={form}>
                {formName(form)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.level}</span>
          <select name="level" defaultValue={filters.level ?? ""}>
            <option value="">{t.all}</option>
            {LEAD_LEVELS.map((level) => (
              <option key={level} value={level}>
                {TEMPERATURE_LABELS.pt[level]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.status}</span>
          <select name="status" defaultValue={filters.status ?? ""}>
            <option value="">{t.all}</option>
            {DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t.statuses[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.result}</span>
          <select name="outcome" defaultValue={filters.outcome ?? ""}>
            <option value="">{t.all}</option>
            {OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {OUTCOME_LABELS[outcome]}
              </option>
            ))}
            <option value="none">{t.noResult}</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.owner}</span>
          <select name="owner" defaultValue={filters.owner ?? ""}>
            <option value="">{t.all}</option>
            {owners.map((owner) => (
              <option key={owner.accountId} value={owner.accountId}>
                {owner.name}
              </option>
            ))}
            <option value="none">{t.noOwner}</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.campaign}</span>
          <input type="text" name="campanha" defaultValue={filters.campaign ?? ""} maxLength={100} />
        </label>
        <label className="field field--check">
          <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue ?? false} />
          <span>{t.overdueOnly}</span>
        </label>
        <label className="field">
          <span className="field__label">{t.from}</span>
          <input type="date" name="from" defaultValue={filters.from ?? ""} />
        </label>
        <label className="field">
          <span className="field__label">{t.to}</span>
          <input type="date" name="to" defaultValue={filters.to ?? ""} />
        </label>
        <button type="submit" className="button button--primary">
          {t.apply}
        </button>
        <Link to="/admin/leads" className="button button--outline">
          {t.clear}
        </Link>
        <a href={`/admin/leads.csv${search}`} className="button button--outline" download>
          {t.export}
        </a>
      </Form>
      <p role="status">{t.total(total)}</p>
      {rows.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ScrollBox label={t.title}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.protocolAndForm}</th>
                <th scope="col">{t.contact}</th>
                <th scope="col">{t.level}</th>
                <th scope="col">{t.deliveryAndTracker}</th>
                <th scope="col">{t.handling}</th>
                <th scope="col">{t.result}</th>
              </tr>
            </thead>
            <tbody>
              {/* Six columns that fit the admin's width at 1280 px: what is read together is one cell. */}
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link to={`/admin/leads/${row.id}`} className="nowrap">
                      {row.protocol}
                    </Link>
                    <span className="admin-table__sub">{formName(row.form)}</span>
                    <span className="admin-table__sub">
                      <DateTime value={row.createdAt} />
                    </span>
                  </td>
                  <td>
                    {row.contact}
                    {row.consentWithdrawnAt && <span className="admin-table__sub">{t.consentWithdrawn}</span>}
                  </td>
                  <td>
                    {TEMPERATURE_LABELS.pt[row.level]} ({row.score})
                  </td>
                  <td>
                    <span className="inbox-status">{t.statuses[row.status]}</span>
                    <span className="admin-table__sub">
                      {row.trackerKey ? (
                        <TrackerLink trackerKey={row.trackerKey} trackerUrl={row.trackerUrl} />
                      ) : (
                        <span className="muted">{t.noTicket[row.status] ?? "—"}</span>
                      )}
                    </span>
                    {row.trackerStatus && (
                      <span className="admin-table__sub">
                        <TrackerStatus status={row.trackerStatus} />
                      </span>
                    )}
                  </td>
                  <td>
                    {row.owner ?? t.noOwner}
                    {row.respondBy && (
                      <span className="admin-table__sub">
                        {t.until} <DateTime value={row.respondBy} />
                      </span>
                    )}
                    {row.overdue && <span className="badge badge--danger">{t.overdue}</span>}
                  </td>
                  <td>{row.outcome ? OUTCOME_LABELS[row.outcome] : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <section aria-labelledby="apagar-titulo" className="erasure">
        <h2 id="apagar-titulo">{t.erasure}</h2>
        <p>{t.erasureHint}</p>
        <Form method="post" className="inbox-filters">
          <label className="field">
            <span className="field__label">{t.erasureEmail}</span>
            <input type="email" name="email" required maxLength={200} autoComplete="off" />
          </label>
          <button type="submit" className="button button--outline">
            {t.erase}
          </button>
        </Form>
        <ActionResult result={actionData} />
      </section>
      {pageCount > 1 && (
        <nav aria-label={t.page(page, pageCount)} className="pagination">
          <ul>
            {page > 1 && (
              <li>
                <Link to={pageLink(page - 1)}>{t.previous}</Link>
              </li>
            )}
            <li>{t.page(page, pageCount)}</li>
            {page < pageCount && (
              <li>
                <Link to={pageLink(page + 1)}>{t.next}</Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </section>
  );
}
