import { describe, expect, it } from "vitest";
import { lastRunSlot, monthsBefore, retentionCutoff, retentionDue } from "./retention.ts";

describe("the retention cutoff (São Paulo calendar days)", () => {
  it("counts calendar months back, clamping the day to the month's end", () => {
    expect(monthsBefore("2026-11-26", 24)).toBe("2024-11-26");
    expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
    expect(monthsBefore("2028-03-31", 1)).toBe("2028-02-29");
    expect(monthsBefore("2026-01-15", 13)).toBe("2024-12-15");
    expect(monthsBefore("2026-11-26", 120)).toBe("2016-11-26");
  });

  it("is São Paulo midnight of the day N months before today in São Paulo", () => {
    // 26 Nov 2026, 01:00 in São Paulo is 04:00 UTC: the day is the 26th.
    expect(retentionCutoff(new Date("2026-11-26T04:00:00Z"), 24).toISOString()).toBe(
      "2024-11-26T03:00:00.000Z",
    );
    // 26 Nov 2026, 23:30 in São Paulo is already the 27th in UTC: still the 26th here.
    expect(retentionCutoff(new Date("2026-11-27T02:30:00Z"), 24).toISOString()).toBe(
      "2024-11-26T03:00:00.000Z",
    );
    expect(retentionCutoff(new Date("2026-11-27T03:00:00Z"), 6).toISOString()).toBe(
      "2026-05-27T03:00:00.000Z",
    );
  });

  it("keeps a lead through the whole day N months later", () => {
    const lead = new Date("2024-11-26T14:00:00Z");
    const cutoffOn = (iso: string) => retentionCutoff(new Date(iso), 24).getTime();
    expect(lead.getTime() < cutoffOn("2026-11-26T12:00:00Z")).toBe(false);
    expect(lead.getTime() < cutoffOn("2026-11-27T06:00:00Z")).toBe(true);
  });
});

describe("once per São Paulo night after 03:00", () => {
  it("names the last 03:00 in São Paulo", () => {
    expect(lastRunSlot(new Date("2026-11-26T07:00:00Z")).toISOString()).toBe("2026-11-26T06:00:00.000Z");
    expect(lastRunSlot(new Date("2026-11-26T05:59:00Z")).toISOString()).toBe("2026-11-25T06:00:00.000Z");
  });

  it("is due when no run succeeded since that slot", () => {
    const now = new Date("2026-11-26T07:00:00Z");
    expect(retentionDue(now, null)).toBe(true);
    expect(retentionDue(now, new Date("2026-11-26T05:00:00Z"))).toBe(true);
    expect(retentionDue(now, new Date("2026-11-26T06:10:00Z"))).toBe(false);
    // The hourly look before 03:00 records a success that does not count for the night.
    expect(retentionDue(new Date("2026-11-26T06:05:00Z"), new Date("2026-11-26T05:05:00Z"))).toBe(true);
  });
});
