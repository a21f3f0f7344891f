import { describe, expect, it } from "vitest";
import { addDays, addMonths, daysBetween, isDay, saoPauloDay } from "./dates.ts";
import { invoiceStatus } from "./invoice-status.ts";
import { formatCentavos, reaisToCentavos } from "./money.ts";

describe("billing days are São Paulo's", () => {
  it("the day changes at midnight in São Paulo, not UTC", () => {
    expect(saoPauloDay(new Date("2026-11-27T02:59:59Z"))).toBe("2026-11-26");
    expect(saoPauloDay(new Date("2026-11-27T03:00:00Z"))).toBe("2026-11-27");
  });
  it("an open invoice is overdue from the day after its due date, across midnight", () => {
    const invoice = { status: "open" as const, dueOn: "2026-11-26" };
    expect(invoiceStatus(invoice, new Date("2026-11-27T02:59:59Z"))).toBe("em-aberto");
    expect(invoiceStatus(invoice, new Date("2026-11-27T03:00:00Z"))).toBe("vencida");
    expect(invoiceStatus({ ...invoice, status: "paid" }, new Date("2027-01-01T00:00:00Z"))).toBe("paga");
    expect(invoiceStatus({ ...invoice, status: "cancelled" }, new Date("2027-01-01T00:00:00Z"))).toBe(
      "cancelada",
    );
  });
  it("adds days and months, keeping the month's end", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-11-15", 12)).toBe("2027-11-15");
    expect(daysBetween("2026-11-01", "2026-12-01")).toBe(30);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("2026-02-28")).toBe(true);
  });
});

describe("money is integer centavos", () => {
  it("formats centavos in reais with 2 decimals", () => {
    expect(formatCentavos(123456)).toBe("R$ 1.234,56");
    expect(formatCentavos(0)).toBe("R$ 0,00");
    expect(formatCentavos(123456, "en")).toBe("R$1,234.56");
    expect(() => formatCentavos(12.5)).toThrow(RangeError);
  });
  it("reads plans-data prices once, rounded", () => {
    expect(reaisToCentavos(299.9)).toBe(29990);
    expect(reaisToCentavos(0.1 + 0.2)).toBe(30);
  });
});
