import {
  CAMPAIGN_PERIODS,
  CAMPAIGN_SORTS,
  type CampaignPeriod,
  type CampaignSort,
  campaignPeriod,
} from "@domain/attribution/campaigns.ts";
import { formatDay } from "@domain/format.ts";
import { campaignReport } from "@server/admin/campaign-report.ts";
import { saoPauloDay } from "@server/funnel/service.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { Fragment } from "react";
import { data, Form, Link } from "react-router";
import { campaignTexts as t } from "~/admin/campaign-texts.ts";
import { sourceLabel } from "~/admin/funnel-texts.ts";
import { ScrollBox } from "~/admin/ScrollBox.tsx";
import type { Route } from "./+types/campaigns";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "campaigns");
  const params = new URL(request.url).searchParams;
  const period = campaignPeriod(params, saoPauloDay(context.services.funnel.now()));
  const asked = params.get("ordem") ?? "";
  const sort: CampaignSort = (CAMPAIGN_SORTS as readonly string[]).includes(asked)
    ? (asked as CampaignSort)
    : "firstHot";
  const report = await campaignReport(context.services.database.db, period, sort);
  return data({ period, sort, ...report }, { headers: { "Cache-Control": "private, no-store" } });
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** The report's address with its period and an order. */
function reportHref(period: CampaignPeriod, sort: CampaignSort): string {
  const params = new URLSearchParams();
  if (period.days) params.set("periodo", String(period.days));
  else {
    params.set("de", period.from);
    params.set("ate", period.to);
  }
  params.set("ordem", sort);
  return `/admin/campanhas?${params}`;
}

/** The leads of a campaign over the period, in the leads list (either touch). */
function leadsHref(period: CampaignPeriod, campaign: string): string {
  const params = new URLSearchParams({ campanha: campaign, from: period.from, to: period.to });
  return `/admin/leads?${params}`;
}

const GROUPS = [
  ["first", ["firstLeads", "firstHot"]],
  ["last", ["lastLeads", "lastHot", "completed"]],
  ["held", ["held"]],
] as const;

/**
 * Which campaign brought the leads, and the hot ones (decision 131): a period (presets or days), both
 * touches side by side, the held leads apart, each column sortable by a link (no JavaScript needed),
 * each campaign opening its leads.
 */
export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { period, sort, rows } = loaderData;
  const header = (column: CampaignSort, label: string) => (
    <th
      scope="col"
      aria-sort={sort === column ? (column === "campaign" ? "ascending" : "descending") : undefined}
    >
      {sort === column ? (
        <span title={t.sortedBy(label)}>{t.columns[column]} ▾</span>
      ) : (
        <Link to={reportHref(period, column)} aria-label={t.sortBy(label)} preventScrollReset>
          {t.columns[column]}
        </Link>
      )}
    </th>
  );
  return (
    <section aria-labelledby="campanhas-titulo">
      <h1 id="campanhas-titulo">{t.title}</h1>
      <p>{t.intro}</p>
      <Form method="get" className="inbox-filters" aria-label={t.period}>
        <label className="field">
          <span className="field__label">{t.period}</span>
          <select name="periodo" defaultValue={period.days ? String(period.days) : ""}>
            {CAMPAIGN_PERIODS.map((days) => (
              <option key={days} value={days}>
                {t.periodOption(days)}
              </option>
            ))}
            {!period.days && <option value="">{t.custom}</option>}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t.from}</span>
          <input type="date" name="de" defaultValue={period.days ? "" : period.from} />
        </label>
        <label className="field">
          <span className="field__label">{t.to}</span>
          <input type="date" name="ate" defaultValue={period.days ? "" : period.to} />
        </label>
        <input type="hidden" name="ordem" value={sort} />
        <button type="submit" className="button button--primary">
          {t.show}
        </button>
      </Form>
      <p role="status">
        {t.summary(loaderData.leads, loaderData.held, formatDay(period.from), formatDay(period.to))}
      </p>
      {rows.length === 0 ? (
        <p className="admin-empty">
          {t.empty} <Link to="/admin/leads">{t.seeAllLeads}</Link>
        </p>
      ) : (
        <ScrollBox label={t.table}>
          <table className="admin-table campaign-table">
            <caption className="visually-hidden">{t.table}</caption>
            <thead>
              <tr>
                <td colSpan={3} />
                {GROUPS.map(([group, columns]) => (
                  <th key={group} scope="colgroup" colSpan={columns.length}>
                    {t.groups[group]}
                  </th>
                ))}
              </tr>
              <tr>
                {header("campaign", t.columns.campaign)}
                <th scope="col">{t.source}</th>
                <th scope="col">{t.medium}</th>
                {GROUPS.map(([group, columns]) =>
                  columns.map((column) => (
                    <Fragment key={column}>
                      {header(column, `${t.columns[column]} (${t.groups[group].toLowerCase()})`)}
                    </Fragment>
                  )),
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.source}|${row.medium}|${row.campaign}`}>
                  <th scope="row">
                    {row.campaign ? (
                      <Link to={leadsHref(period, row.campaign)} aria-label={t.seeLeads(row.campaign)}>
                        {row.campaign}
                      </Link>
                    ) : (
                      t.noCampaign
                    )}
                  </th>
                  <td>{sourceLabel(row.source)}</td>
                  <td>{sourceLabel(row.medium)}</td>
                  <td>{row.firstLeads}</td>
                  <td>{row.firstHot}</td>
                  <td>{row.lastLeads}</td>
                  <td>{row.lastHot}</td>
                  <td>{row.completed}</td>
                  <td>{t.heldCell(row.held, row.heldHot)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
