import type { DocumentName } from "@domain/content/schemas.ts";
import { formatDateTime } from "@domain/format.ts";
import { FORM_KEYS } from "@domain/forms/form-keys.ts";
import { TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import { spamReasonLabel } from "@domain/leads/held.ts";
import { dashboardFigures } from "@server/admin/dashboard.ts";
import {
  FUNNEL_PERIODS,
  funnelQuery,
  funnelReport,
  leadsBySource,
  leadsOfForm,
} from "@server/admin/funnel.ts";
import { outcomesReport } from "@server/admin/outcomes-report.ts";
import { formStructure } from "@server/content/structure.ts";
import type { ScheduleRow } from "@server/content/workflow.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Link } from "react-router";
import { auditEntryText } from "~/admin/audit-texts.ts";
import { CircuitNotices } from "~/admin/CircuitNotices.tsx";
import { toNotice } from "~/admin/circuit-texts.ts";
import { contentTexts } from "~/admin/content-texts.ts";
import { dashboardTexts } from "~/admin/dashboard-texts.ts";
import { FunnelSection } from "~/admin/FunnelSection.tsx";
import { formName } from "~/admin/form-names.ts";
import { LeadChart } from "~/admin/LeadChart.tsx";
import { OutcomeTable } from "~/admin/OutcomeTable.tsx";
import { ScheduledChanges } from "~/admin/ScheduledChanges.tsx";
import { ScrollBox } from "~/admin/ScrollBox.tsx";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "dashboard");
  const { services } = context;
  const segments = Object.entries(services.domains.subdomains).map(([value, { name }]) => ({
    value,
    label: name,
  }));
  const query = funnelQuery(
    new URL(request.url).searchParams,
    segments.map((s) => s.value),
  );
  const [circuits, figures, audit, schedules, funnel, leadSources, outcomes, leadsReceived] =
    await Promise.all([
      services.circuits.listOpen(),
      dashboardFigures(services.database.db),
      services.audit.recent(15),
      services.workflow.schedules(),
      funnelReport(services.funnel, services.forms, query),
      leadsBySource(services.database.db, {
        days: query.days,
        now: services.funnel.now(),
        isOwnHost: (host) => services.funnel.isOwnHost(host),
      }),
      outcomesReport(services.database.db),
      leadsOfForm(services.database.db, query, services.funnel.now()),
    ]);
  const labelled = (rows: ScheduleRow[]) =>
    rows.map((row) => ({ ...row, document: formStructure(row.name as DocumentName).header.label }));
  return data(
    {
      ...figures,
      // An outside service not answering, or refusing our credentials (decision 124).
      circuits: circuits.map(toNotice),
      outcomes,
      audit,
      schedules: { pending: labelled(schedules.pending), recent: labelled(schedules.recent) },
      funnel: {
        query: funnel.query,
        forms: FORM_KEYS,
        periods: FUNNEL_PERIODS,
        segments,
        stages: funnel.stages,
        booksDemo: funnel.booksDemo,
        bySource: funnel.bySource,
        leadsReceived,
        leadSources,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * The admin dashboard: leads of the last 30 days by form and temperature, deliveries, spam, the
 * form funnel and leads by source (decisions 104, 105), recent edits.
 */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const t = dashboardTexts.stats;
  const {
    leadsByForm,
    leadsByDay,
    deliveries,
    spam,
    unassigned,
    recentEdits,
    audit,
    schedules,
    funnel,
    outcomes,
    circuits,
    heldForReview,
  } = loaderData;
  const total = leadsByForm.reduce((sum, row) => sum + row.total, 0);
  const widest = Math.max(1, ...leadsByForm.map((row) => row.total));
  return (
    <section aria-labelledby="admin-titulo">
      <h1 id="admin-titulo">{dashboardTexts.title}</h1>
      <CircuitNotices notices={circuits} />
      {heldForReview.length > 0 && (
        <section className="card held-review" aria-labelledby="retidos-titulo">
          <h2 id="retidos-titulo">{t.heldTitle(heldForReview.length)}</h2>
          <p>{t.heldHint}</p>
          <ul>
            {heldForReview.map((lead) => (
              <li key={lead.id}>
                <Link to={`/admin/leads/${lead.id}`}>{lead.who}</Link>
                {" · "}
                {formName(lead.form)} · {TEMPERATURE_LABELS.pt[lead.level]} ({lead.score}) ·{" "}
                {formatDateTime(lead.at)} · <span>{spamReasonLabel(lead.spamReason)}</span>
              </li>
            ))}
          </ul>
          <Link to="/admin/leads?status=spam">{t.heldAll}</Link>
        </section>
      )}
      <ul className="stat-grid">
        {[
          [t.leads30, total],
          [t.pending, deliveries.pending],
          [t.failed, deliveries.failed],
          [t.spam, spam],
        ].map(([label, value]) => (
          <li key={String(label)} className="card stat">
            <p className="stat__title">{label}</p>
            <p className="stat__value">{value}</p>
          </li>
        ))}
      </ul>
      {unassigned > 0 && (
        <p className="banner banner--warning" role="status">
          {t.unassigned(unassigned)} <Link to="/admin/leads?owner=none">{t.seeUnassigned}</Link> ·{" "}
          <Link to="/admin/vendas">{t.setRouting}</Link>
        </p>
      )}
      <ScheduledChanges pending={schedules.pending} recent={schedules.recent} />
      <h2>{dashboardTexts.outcomes.title(outcomes.days)}</h2>
      <OutcomeTable
        rows={outcomes.byForm.map((row) => ({ ...row, key: formName(row.key) }))}
        caption={dashboardTexts.outcomes.byForm}
        keyLabel={dashboardTexts.outcomes.form}
      />
      <OutcomeTable
        rows={outcomes.bySource}
        caption={dashboardTexts.outcomes.bySource}
        keyLabel={dashboardTexts.outcomes.source}
      />
      <h2>{t.byDay}</h2>
      <LeadChart days={leadsByDay} />
      <h2>{t.byForm}</h2>
      {leadsByForm.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ScrollBox label={t.byForm}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.form}</th>
                <th scope="col">{TEMPERATURE_LABELS.pt.cold}</th>
                <th scope="col">{TEMPERATURE_LABELS.pt.warm}</th>
                <th scope="col">{TEMPERATURE_LABELS.pt.hot}</th>
                <th scope="col">{t.total}</th>
              </tr>
            </thead>
            <tbody>
              {leadsByForm.map((row) => (
                <tr key={row.form}>
                  <th scope="row">{formName(row.form)}</th>
                  <td>{row.cold}</td>
                  <td>{row.warm}</td>
                  <td>{row.hot}</td>
                  <td>
                    {/* A bar per form: cold, warm and hot in proportion to the busiest form. */}
                    <span className="lead-bar" aria-hidden="true">
                      <span className="lead-bar__cold" style={{ width: `${(row.cold / widest) * 100}%` }} />
                      <span className="lead-bar__warm" style={{ width: `${(row.warm / widest) * 100}%` }} />
                      <span className="lead-bar__hot" style={{ width: `${(row.hot / widest) * 100}%` }} />
                    </span>
                    {row.total}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <FunnelSection data={funnel} />
      <h2>{t.audit}</h2>
      {audit.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="edit-list">
          {audit.map((entry) => (
            <li key={`${entry.at}-${entry.action}-${entry.target}`}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> — {entry.actor}{" "}
              {auditEntryText(entry.action, entry.target)}
            </li>
          ))}
        </ul>
      )}
      <h2>{t.edits}</h2>
      {recentEdits.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="edit-list">
          {recentEdits.map((edit) => (
            <li key={`${edit.name}-${edit.segment}-${edit.lang}-${edit.version}`}>
              <Link to={`/admin/json/${edit.name}.json?segment=${edit.segment}&lang=${edit.lang}`}>
                {edit.name}.json ({contentTexts.levelName(edit.segment, edit.lang)}) v{edit.version}
              </Link>{" "}
              — {edit.author}, <time dateTime={edit.at}>{formatDateTime(edit.at)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
