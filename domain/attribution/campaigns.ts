/**
 * The campaign report's rules (decision 131): which campaign brought the leads, and the hot ones, by
 * the first touch (the visit that first brought the person, kept 90 days) and by the last (the visit
 * that sent the form), side by side; held leads counted apart, never left out. Plain functions.
 */

/** Source, medium and campaign: the report's key. */
export interface CampaignKey {
  source: string;
  medium: string;
  campaign: string;
}

/** One lead as the report reads it. */
export interface CampaignLead {
  first: CampaignKey;
  last: CampaignKey;
  hot: boolean;
  completed: boolean;
  /** Held for review (spam rules): counted in its own columns, so a held hot lead is still seen. */
  held: boolean;
}

export interface CampaignRow extends CampaignKey {
  /** Leads whose first touch is this campaign, and the hot ones among them. */
  firstLeads: number;
  firstHot: number;
  /** Leads whose last touch (the visit that sent the form) is this campaign. */
  lastLeads: number;
  lastHot: number;
  /** Of the last-touch leads: the ones that finished the form. */
  completed: number;
  /** Held leads of this campaign (last touch), and the hot ones among them. */
  held: number;
  heldHot: number;
}

export const CAMPAIGN_SORTS = [
  "firstHot",
  "lastHot",
  "firstLeads",
  "lastLeads",
  "completed",
  "held",
  "campaign",
] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

const keyOf = (key: CampaignKey) => JSON.stringify([key.source, key.medium, key.campaign]);

/** Counts each lead under its first and its last touch (one row per campaign met either way). */
export function aggregateCampaigns(items: readonly CampaignLead[]): CampaignRow[] {
  const rows = new Map<string, CampaignRow>();
  const rowOf = (key: CampaignKey) => {
    const id = keyOf(key);
    let row = rows.get(id);
    if (!row) {
      row = {
        ...key,
        firstLeads: 0,
        firstHot: 0,
        lastLeads: 0,
        lastHot: 0,
        completed: 0,
        held: 0,
        heldHot: 0,
      };
      rows.set(id, row);
    }
    return row;
  };
  for (const lead of items) {
    const last = rowOf(lead.last);
    if (lead.held) {
      last.held++;
      if (lead.hot) last.heldHot++;
      continue;
    }
    const first = rowOf(lead.first);
    first.firstLeads++;
    if (lead.hot) first.firstHot++;
    last.lastLeads++;
    if (lead.hot) last.lastHot++;
    if (lead.completed) last.completed++;
  }
  return [...rows.values()];
}

/** Sorted by a column, most first (the campaign's name: A to Z); ties by leads, then by name. */
export function sortCampaigns(rows: readonly CampaignRow[], by: CampaignSort): CampaignRow[] {
  const name = (row: CampaignRow) => `${row.campaign}\u0000${row.source}\u0000${row.medium}`;
  return [...rows].sort((a, b) => {
    if (by === "campaign") return name(a).localeCompare(name(b), "pt-BR");
    return (
      b[by] - a[by] ||
      b.firstLeads + b.lastLeads - (a.firstLeads + a.lastLeads) ||
      name(a).localeCompare(name(b), "pt-BR")
    );
  });
}

/** The period presets offered, in days (today included). */
export const CAMPAIGN_PERIODS = [7, 30, 90, 365] as const;

export interface CampaignPeriod {
  /** São Paulo days, inclusive: "2026-11-04" … "2026-12-03". */
  from: string;
  to: string;
  /** The preset chosen, or null for days typed in. */
  days: number | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function shift(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function isDay(value: string | null): value is string {
  return value !== null && DAY.test(value) && shift(value, 0) === value;
}

/**
 * The period of the address: `?periodo=90` (a preset), or `?de=2026-11-01&ate=2026-11-30` (typed
 * days, swapped when given backwards, at most a year and a half); 30 days by default.
 */
export function campaignPeriod(params: URLSearchParams, today: string): CampaignPeriod {
  const from = params.get("de");
  const to = params.get("ate");
  if (isDay(from) || isDay(to)) {
    let start = isDay(from) ? from : shift(isDay(to) ? to : today, -29);
    let end = isDay(to) ? to : today;
    if (start > end) [start, end] = [end, start];
    if (start < shift(end, -547)) start = shift(end, -547);
    return { from: start, to: end, days: null };
  }
  const preset = Number(params.get("periodo"));
  const days = (CAMPAIGN_PERIODS as readonly number[]).includes(preset) ? preset : 30;
  return { from: shift(today, -(days - 1)), to: today, days };
}
