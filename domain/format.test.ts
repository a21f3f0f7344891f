import { describe, expect, it } from "vitest";
import {
  formatCentavos,
  formatCnpjForDisplay,
  formatCompetence,
  formatDateTime,
  formatDay,
  formatDayAtTime,
  formatDayMonth,
  formatFileSize,
  formatInstantDay,
  formatNumber,
  formatPercent,
  formatPrice,
  formatTime,
} from "./format.ts";

describe("format: one way to write days, months, money and CNPJs", () => {
  it("writes a billing day as a calendar day, in either language, whatever the machine's zone", () => {
    expect(formatDay("2026-11-26")).toBe("26/11/2026");
    expect(formatDay("2026-01-01", "pt")).toBe("01/01/2026");
    expect(formatDay("2026-11-26", "en")).toBe("26 Nov 2026");
  });

  it("writes a competence as its month, and leaves a malformed one as it came", () => {
    expect(formatCompetence("2026-11")).toBe("novembro de 2026");
    expect(formatCompetence("2026-11", "en")).toBe("November 2026");
    expect(formatCompetence("11/2026")).toBe("11/2026");
  });

  it("is where money and CNPJs are written from too", () => {
    expect(formatCentavos(123456).replace(/\s/g, " ")).toBe("R$ 1.234,56");
    expect(formatCnpjForDisplay("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  });

  it("writes an instant in São Paulo's time by default, in the reader's zone when asked", () => {
    const at = "2026-11-26T17:05:09Z";
    expect(formatDateTime(at)).toBe("26/11/2026, 14:05");
    expect(formatDateTime(new Date(at), "en", { seconds: true })).toBe("26 Nov 2026, 14:05:09");
    // Never 01/12/2026 in English: the 1st of December, unambiguous.
    expect(formatDateTime(new Date("2026-12-01T17:05:00Z"), "en")).toBe("1 Dec 2026, 14:05");
    expect(formatDateTime(at, "pt", { timeZone: "UTC" })).toBe("26/11/2026, 17:05");
    expect(formatDateTime(at, "pt", { dateStyle: "long" })).toBe("26 de novembro de 2026 às 14:05");
    // Just after midnight UTC is still the day before in São Paulo.
    expect(formatInstantDay("2026-11-27T01:30:00Z")).toBe("26/11/2026");
    expect(formatInstantDay("2026-11-27T01:30:00Z", "en")).toBe("26 Nov 2026");
    expect(formatTime(at)).toBe("14:05");
    expect(formatDayAtTime(at)).toBe("26/11/2026 às 14:05");
    expect(formatDayAtTime(at, "en")).toBe("26 Nov 2026 at 14:05");
    expect(formatDayAtTime("amanhã")).toBe("amanhã");
    // Words of a content document stay as written, never "Invalid Date".
    expect(formatDateTime("ontem")).toBe("ontem");
  });

  it("writes numbers, prices, file sizes, shares and a chart's days in the reader's language", () => {
    expect(formatPrice(1234.5)).toBe("R$ 1.234,50");
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(12_595)).toBe("12,3 KB");
    expect(formatFileSize(1_572_864)).toBe("1,5 MB");
    expect(formatFileSize(1_572_864, "en")).toBe("1.5 MB");
    expect(formatPercent(0.4286)).toBe("42,9%");
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(0.4286, "en")).toBe("42.9%");
    expect(formatDayMonth(new Date("2026-11-26T00:00:00Z"))).toBe("26/11");
    expect(formatDayMonth(new Date("2026-11-26T00:00:00Z"), "en")).toBe("26 Nov");
  });
});
