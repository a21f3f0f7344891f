import { describe, expect, it } from "vitest";
import {
  type BillingCycle,
  currentCycle,
  divideRounded,
  monthlyEquivalent,
  type Proration,
  prorate,
} from "./proration.ts";

/** plans-data's prices in centavos: Essencial, Profissional, Empresarial. */
const ESSENCIAL = { monthly: 14_990, annual: 149_900 };
const PROFISSIONAL = { monthly: 29_990, annual: 299_900 };
const EMPRESARIAL = { monthly: 59_990, annual: 599_900 };

type Row = {
  name: string;
  current: { priceCentavos: number; cycle: BillingCycle } | null;
  startedOn: string | null;
  today: string;
  next: { priceCentavos: number; cycle: BillingCycle };
  expected: Partial<Proration>;
};

const monthly = (priceCentavos: number) => ({ priceCentavos, cycle: "monthly" as const });
const annual = (priceCentavos: number) => ({ priceCentavos, cycle: "annual" as const });

describe("prorate: the new price and the difference for the rest of the cycle, in centavos", () => {
  const rows: Row[] = [
    {
      name: "upgrade in the middle of a monthly cycle: half the difference",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-11-01",
      today: "2026-11-16",
      next: monthly(EMPRESARIAL.monthly),
      expected: {
        basis: "same-cycle",
        priceCentavos: 59_990,
        monthlyCentavos: 59_990,
        prorataCentavos: 15_000,
        creditCentavos: 0,
        remainingDays: 15,
        cycleDays: 30,
        cycleStartsOn: "2026-11-01",
        renewsOn: "2026-12-01",
        effectiveOn: "2026-11-16",
      },
    },
    {
      name: "downgrade: a credit (negative)",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-11-01",
      today: "2026-11-16",
      next: monthly(ESSENCIAL.monthly),
      expected: { basis: "same-cycle", prorataCentavos: -7_500, renewsOn: "2026-12-01" },
    },
    {
      name: "first day of the cycle: the whole difference",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-11-01",
      today: "2026-11-01",
      next: monthly(EMPRESARIAL.monthly),
      expected: { prorataCentavos: 30_000, remainingDays: 30, cycleDays: 30 },
    },
    {
      name: "last day of the cycle: one day of the difference",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-11-01",
      today: "2026-11-30",
      next: monthly(EMPRESARIAL.monthly),
      expected: { prorataCentavos: 1_000, remainingDays: 1, renewsOn: "2026-12-01" },
    },
    {
      name: "the renewal day is the first day of the next cycle",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-11-01",
      today: "2026-12-01",
      next: monthly(EMPRESARIAL.monthly),
      expected: { prorataCentavos: 30_000, remainingDays: 31, cycleDays: 31, cycleStartsOn: "2026-12-01" },
    },
    {
      name: "last day of February (28 days): rounded to the nearest centavo",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-02-01",
      today: "2026-02-28",
      next: monthly(EMPRESARIAL.monthly),
      expected: { prorataCentavos: 1_071, remainingDays: 1, cycleDays: 28 },
    },
    {
      name: "its downgrade credit rounds the same way (−535.71 → −536)",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-02-01",
      today: "2026-02-28",
      next: monthly(ESSENCIAL.monthly),
      expected: { prorataCentavos: -536 },
    },
    {
      name: "half a centavo rounds away from zero: up for a charge",
      current: monthly(29_990),
      startedOn: "2026-11-01",
      today: "2026-11-16",
      next: monthly(29_991),
      expected: { prorataCentavos: 1 },
    },
    {
      name: "half a centavo rounds away from zero: down for a credit",
      current: monthly(29_991),
      startedOn: "2026-11-01",
      today: "2026-11-16",
      next: monthly(29_990),
      expected: { prorataCentavos: -1 },
    },
    {
      name: "upgrade within an annual cycle",
      current: annual(PROFISSIONAL.annual),
      startedOn: "2026-01-10",
      today: "2026-11-16",
      next: annual(EMPRESARIAL.annual),
      // 300,000 × 55 / 365 = 45,205.48
      expected: {
        basis: "same-cycle",
        priceCentavos: 599_900,
        monthlyCentavos: 49_992,
        prorataCentavos: 45_205,
        remainingDays: 55,
        cycleDays: 365,
        renewsOn: "2027-01-10",
      },
    },
    {
      name: "monthly → annual: the unused part of the month is credited against the year",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-11-01",
      today: "2026-11-16",
      next: annual(PROFISSIONAL.annual),
      expected: {
        basis: "cycle-change",
        priceCentavos: 299_900,
        monthlyCentavos: 24_992,
        creditCentavos: 14_995,
        prorataCentavos: 284_905,
        cycleStartsOn: "2026-11-16",
        renewsOn: "2027-11-16",
        remainingDays: 15,
        cycleDays: 30,
      },
    },
    {
      name: "annual → monthly: the unused part of the year exceeds a month: a credit",
      current: annual(PROFISSIONAL.annual),
      startedOn: "2026-01-10",
      today: "2026-11-16",
      next: monthly(PROFISSIONAL.monthly),
      // 299,900 × 55 / 365 = 45,190.41
      expected: {
        basis: "cycle-change",
        creditCentavos: 45_190,
        prorataCentavos: 29_990 - 45_190,
        cycleStartsOn: "2026-11-16",
        renewsOn: "2026-12-16",
      },
    },
    {
      name: "cycle change on the last day: one day credited",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-11-01",
      today: "2026-11-30",
      next: annual(EMPRESARIAL.annual),
      // 29,990 / 30 = 999.67
      expected: { creditCentavos: 1_000, prorataCentavos: 598_900, renewsOn: "2027-11-30" },
    },
    {
      name: "a start day of an earlier cycle is moved to today's (31st: the month's last day)",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-01-31",
      today: "2026-11-16",
      next: monthly(EMPRESARIAL.monthly),
      expected: {
        cycleStartsOn: "2026-10-31",
        renewsOn: "2026-11-30",
        cycleDays: 30,
        remainingDays: 14,
        prorataCentavos: 14_000,
      },
    },
    {
      name: "a start day still ahead is moved back to the cycle that contains today",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: "2026-12-05",
      today: "2026-11-16",
      next: monthly(EMPRESARIAL.monthly),
      expected: {
        cycleStartsOn: "2026-11-05",
        renewsOn: "2026-12-05",
        remainingDays: 19,
        prorataCentavos: 19_000,
      },
    },
    {
      name: "no cycle start known: nothing prorated, a new cycle from today",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: null,
      today: "2026-11-16",
      next: monthly(EMPRESARIAL.monthly),
      expected: {
        basis: "unknown-cycle",
        prorataCentavos: 0,
        creditCentavos: 0,
        remainingDays: null,
        cycleDays: null,
        cycleStartsOn: "2026-11-16",
        renewsOn: "2026-12-16",
      },
    },
    {
      name: "no cycle start known, to annual: renews a year from today",
      current: monthly(PROFISSIONAL.monthly),
      startedOn: null,
      today: "2026-11-16",
      next: annual(PROFISSIONAL.annual),
      expected: { basis: "unknown-cycle", prorataCentavos: 0, renewsOn: "2027-11-16" },
    },
    {
      name: "no plan yet: the first cycle of the new one, in full",
      current: null,
      startedOn: "2026-11-01",
      today: "2026-11-16",
      next: annual(ESSENCIAL.annual),
      expected: {
        basis: "new-plan",
        prorataCentavos: 149_900,
        monthlyCentavos: 12_492,
        cycleStartsOn: "2026-11-16",
        renewsOn: "2027-11-16",
      },
    },
  ];

  it.each(rows)("$name", ({ current, startedOn, today, next, expected }) => {
    const result = prorate({ current, cycleStartedOn: startedOn, today, next });
    expect(result).toMatchObject(expected);
    for (const value of [
      result.priceCentavos,
      result.monthlyCentavos,
      result.prorataCentavos,
      result.creditCentavos,
    ])
      expect(Number.isSafeInteger(value)).toBe(true);
  });

  it("refuses a price that is not whole centavos", () => {
    expect(() =>
      prorate({ current: null, cycleStartedOn: null, today: "2026-11-16", next: monthly(299.9) }),
    ).toThrow(RangeError);
    expect(() =>
      prorate({
        current: monthly(-1),
        cycleStartedOn: "2026-11-01",
        today: "2026-11-16",
        next: monthly(100),
      }),
    ).toThrow(RangeError);
  });
});

describe("the pieces", () => {
  it("divides integers to the nearest, halves away from zero", () => {
    expect(divideRounded(1, 2)).toBe(1);
    expect(divideRounded(-1, 2)).toBe(-1);
    expect(divideRounded(1, 3)).toBe(0);
    expect(divideRounded(-1, 3)).toBe(0);
    expect(divideRounded(2, 3)).toBe(1);
    expect(divideRounded(-2, 3)).toBe(-1);
    expect(divideRounded(299_900, 12)).toBe(24_992);
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
    expect(() => divideRounded(0.5, 2)).toThrow(RangeError);
  });
  it("the monthly view of an annual price is annual / 12 (A §9)", () => {
    expect(monthlyEquivalent(299_900, "annual")).toBe(24_992);
    expect(monthlyEquivalent(1_249_900, "annual")).toBe(104_158);
    expect(monthlyEquivalent(29_990, "monthly")).toBe(29_990);
  });
  it("finds the cycle that contains today, across a leap day", () => {
    expect(currentCycle("2027-06-01", "annual", "2028-02-29")).toEqual({
      start: "2027-06-01",
      renewsOn: "2028-06-01",
    });
    expect(currentCycle("2024-02-29", "annual", "2026-03-01")).toEqual({
      start: "2026-02-28",
      renewsOn: "2027-02-28",
    });
    expect(currentCycle("2026-11-16", "monthly", "2026-11-16")).toEqual({
      start: "2026-11-16",
      renewsOn: "2026-12-16",
    });
    expect(currentCycle("2026-11-16", "monthly", "2026-11-15")).toEqual({
      start: "2026-10-16",
      renewsOn: "2026-11-16",
    });
  });
});
