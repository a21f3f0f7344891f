import { describe, expect, it } from "vitest";
import { aggregateCampaigns, type CampaignLead, campaignPeriod, sortCampaigns } from "./campaigns.ts";

const google = { source: "google", medium: "cpc", campaign: "erp-agro" };
const meta = { source: "facebook", medium: "cpc", campaign: "black-friday" };
const direct = { source: "direct", medium: "(none)", campaign: "" };
const lead = (over: Partial<CampaignLead>): CampaignLead => ({
  first: google,
  last: google,
  hot: false,
  completed: true,
  held: false,
  ...over,
});

describe("campaign report: both touches with their hot leads, held leads apart (decision 131)", () => {
  it("counts a lead under its first touch and under its last", () => {
    const rows = aggregateCampaigns([
      lead({ first: google, last: direct, hot: true }),
      lead({ first: google, last: google }),
      lead({ first: meta, last: google, hot: true, completed: false }),
    ]);
    const row = (key: { campaign: string }) => rows.find((r) => r.campaign === key.campaign)!;
    expect(row(google)).toMatchObject({ firstLeads: 2, firstHot: 1, lastLeads: 2, lastHot: 1, completed: 1 });
    expect(row(meta)).toMatchObject({ firstLeads: 1, firstHot: 1, lastLeads: 0, lastHot: 0 });
    expect(row(direct)).toMatchObject({ firstLeads: 0, lastLeads: 1, lastHot: 1, completed: 1 });
  });

  it("a held lead is counted as held (its hot ones too), not as a lead", () => {
    const [row] = aggregateCampaigns([lead({ held: true, hot: true }), lead({ held: true })]);
    expect(row).toMatchObject({ held: 2, heldHot: 1, firstLeads: 0, lastLeads: 0 });
  });

  it("sorts by any column, most first; by campaign A to Z", () => {
    const rows = aggregateCampaigns([
      lead({ first: meta, last: meta, hot: true }),
      lead({ first: meta, last: google, hot: true }),
      lead({}),
      lead({}),
      lead({}),
    ]);
    expect(sortCampaigns(rows, "firstHot").map((r) => r.campaign)).toEqual(["black-friday", "erp-agro"]);
    expect(sortCampaigns(rows, "lastLeads").map((r) => r.campaign)).toEqual(["erp-agro", "black-friday"]);
    expect(sortCampaigns(rows, "campaign").map((r) => r.campaign)).toEqual(["black-friday", "erp-agro"]);
  });
});

describe("campaign report's period", () => {
  const today = "2026-12-03";
  const of = (query: string) => campaignPeriod(new URLSearchParams(query), today);
  it("30 days by default, today included; a preset from the list", () => {
    expect(of("")).toEqual({ from: "2026-11-04", to: today, days: 30 });
    expect(of("periodo=7")).toEqual({ from: "2026-11-27", to: today, days: 7 });
    expect(of("periodo=365")).toEqual({ from: "2025-12-04", to: today, days: 365 });
    expect(of("periodo=12")).toEqual({ from: "2026-11-04", to: today, days: 30 });
  });
  it("typed days win over a preset; backwards days are swapped; an invalid day is ignored", () => {
    expect(of("de=2026-11-01&ate=2026-11-30&periodo=7")).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
      days: null,
    });
    expect(of("de=2026-11-30&ate=2026-11-01")).toEqual({ from: "2026-11-01", to: "2026-11-30", days: null });
    expect(of("de=2026-11-01")).toEqual({ from: "2026-11-01", to: today, days: null });
    expect(of("de=2026-02-30")).toEqual({ from: "2026-11-04", to: today, days: 30 });
  });
  it("at most a year and a half back from its end", () => {
    expect(of("de=2020-01-01&ate=2026-12-03").from).toBe("2025-06-04");
  });
});
