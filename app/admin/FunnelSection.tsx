import { type FunnelStage, percent } from "@domain/funnel/dropoff.ts";
import type { TrafficSource } from "@domain/funnel/events.ts";
import { Form, Link } from "react-router";
import { FunnelChart } from "./FunnelChart.tsx";
import { formName } from "./form-names.ts";
import { sourceLabel, funnelTexts as t } from "./funnel-texts.ts";
import { ScrollBox } from "./ScrollBox.tsx";

export interface FunnelSectionData {
  query: { form: string; days: number; segment?: string };
  /** The form keys offered (from the server: importing FORM_KEYS here would split it out of the public bundle). */
  forms: readonly string[];
  periods: readonly number[];
  segments: { value: string; label: string }[];
  stages: FunnelStage[];
  /** The form books demonstrations: its sources show how many did. */
  booksDemo: boolean;
  bySource: (TrafficSource & {
    shown: number;
    touched: number;
    submitted: number;
    booked: number;
    conversion: number | null;
  })[];
  /** The form's leads of the period as the server stored them (the funnel counts browsers only). */
  leadsReceived: number;
  leadSources: (TrafficSource & { leads: number; hot: number; completed: number })[];
}

function SourceCells({ row }: { row: TrafficSource }) {
  return (
    <>
      <th scope="row">{sourceLabel(row.source)}</th>
      <td>{sourceLabel(row.medium)}</td>
      <td>{row.campaign || t.noCampaign}</td>
    </>
  );
}

/**
 * The dashboard's funnel (decision 104): a form and a period chosen in the address (a GET form,
 * so it works without JavaScript), the stages as bars and as a table with the drop-off, the funnel
 * per source, and the leads of the period by source, medium and campaign.
 */
export function FunnelSection({ data }: { data: FunnelSectionData }) {
  const { query, stages } = data;
  const shownForm = formName(query.form);
  const empty = stages.every((stage) => stage.count === 0);
  return (
    <section className="funnel" aria-labelledby="funil-titulo">
      <h2 id="funil-titulo">{t.title}</h2>
      <p className="funnel__intro">{t.intro}</p>
      <Form method="get" className="inbox-filters" aria-label={t.filters} preventScrollReset>
        <label className="field">
          <span className="field__label">{t.form}</span>
          <select name="funil" defaultValue={query.form}>
            {data.forms.map((key) => (
              <option key={key} value={key}>
                {formName(key)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.period}</span>
          <select name="periodo" defaultValue={String(query.days)}>
            {data.periods.map((days) => (
              <option key={days} value={days}>
                {t.periodOption(days)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.segment}</span>
          <select
            name="segmento"
            defaultValue={query.segment === undefined ? "" : query.segment || "principal"}
          >
            <option value="">{t.allSegments}</option>
            <option value="principal">{t.mainSite}</option>
            {data.segments.map((segment) => (
              <option key={segment.value} value={segment.value}>
                {segment.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t.show}
        </button>
      </Form>

      <p className="funnel__received">{t.received(data.leadsReceived, shownForm, query.days)}</p>
      {empty ? (
        <p className="funnel__empty">
          {data.leadsReceived > 0 ? t.emptyWithLeads(shownForm, data.leadsReceived) : t.empty(shownForm)}
        </p>
      ) : (
        <>
          <FunnelChart stages={stages} form={shownForm} days={query.days} />
          <ScrollBox label={t.tableCaption(shownForm, query.days)}>
            <table className="admin-table funnel__table">
              <caption className="visually-hidden">{t.tableCaption(shownForm, query.days)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.stage}</th>
                  <th scope="col">{t.visits}</th>
                  <th scope="col">{t.ofShown}</th>
                  <th scope="col">{t.dropOff}</th>
                </tr>
              </thead>
              <tbody>
                {stages.map((stage) => (
                  <tr key={stage.key}>
                    <th scope="row">{stage.label}</th>
                    <td>{stage.count}</td>
                    <td>{percent(stage.ofShown)}</td>
                    <td>{stage.dropOff === null ? "—" : t.lostOf(stage.lost, percent(stage.dropOff))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>

          <h3>{t.bySourceTitle}</h3>
          {data.bySource.length === 0 ? (
            <p>{t.bySourceEmpty}</p>
          ) : (
            <ScrollBox label={t.bySourceTitle}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t.source}</th>
                    <th scope="col">{t.medium}</th>
                    <th scope="col">{t.campaign}</th>
                    <th scope="col">{t.shown}</th>
                    <th scope="col">{t.touched}</th>
                    <th scope="col">{t.submitted}</th>
                    {data.booksDemo && <th scope="col">{t.booked}</th>}
                    <th scope="col">{t.conversion}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.bySource.map((row) => (
                    <tr key={`${row.source}|${row.medium}|${row.campaign}`}>
                      <SourceCells row={row} />
                      <td>{row.shown}</td>
                      <td>{row.touched}</td>
                      <td>{row.submitted}</td>
                      {data.booksDemo && <td>{row.booked}</td>}
                      <td>{percent(row.conversion)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
        </>
      )}

      <h2>{t.leadsTitle(query.days)}</h2>
      <p className="funnel__intro">
        {t.leadsNote} <Link to={`/admin/campanhas?periodo=${query.days}`}>{t.campaignsLink}</Link>
      </p>
      {data.leadSources.length === 0 ? (
        <p>{t.leadsEmpty}</p>
      ) : (
        <ScrollBox label={t.leadsTitle(query.days)}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t.source}</th>
                <th scope="col">{t.medium}</th>
                <th scope="col">{t.campaign}</th>
                <th scope="col">{t.leads}</th>
                <th scope="col">{t.completed}</th>
                <th scope="col">{t.hot}</th>
              </tr>
            </thead>
            <tbody>
              {data.leadSources.map((row) => (
                <tr key={`${row.source}|${row.medium}|${row.campaign}`}>
                  <SourceCells row={row} />
                  <td>{row.leads}</td>
                  <td>{row.completed}</td>
                  <td>{row.hot}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
