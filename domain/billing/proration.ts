import { addMonths, daysBetween } from "./dates.ts";

/**
 * A plan change's price and pro-rata difference (decision 095): pure, in integer
 * centavos, over São Paulo days written YYYY-MM-DD. No I/O, no clock: the caller passes today.
 *
 * - A cycle is anchored on the day it started: monthly cycles renew on the same day of each month
 *   (or the month's last day, addMonths), annual ones on the same day of each year. A start day that
 *   is not today's cycle (billing renewed since, or it begins later) is moved by whole cycles to the
 *   cycle that contains today.
 * - The change takes effect today, and today counts as a day of the new plan: the days remaining
 *   are from today to the renewal (the first day of a cycle leaves all of it, the last day one).
 * - Same cycle (monthly → monthly, annual → annual): the renewal stays; the rest of the current
 *   cycle costs (new price − current price) × days remaining / days in the cycle: positive is
 *   charged, negative (a downgrade) is a credit.
 * - Cycle change (monthly ↔ annual): a new cycle of the new kind starts today; the unused part of
 *   the current cycle (current price × days remaining / days in the cycle) is credited against the
 *   new cycle's price. Due at the change: new price − credit (negative: a credit carried over).
 * - No current plan: the first cycle of the new one starts today and costs its full price.
 * - No cycle start known: nothing to prorate (0); a new cycle starts today, and billing settles the
 *   difference (the screens say so).
 * - Rounding: once per figure, to the nearest centavo, halves away from zero (a credit mirrors the
 *   charge of the opposite change), in integer arithmetic.
 */

export const BILLING_CYCLES = ["monthly", "annual"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export function isBillingCycle(value: unknown): value is BillingCycle {
  return value === "monthly" || value === "annual";
}

/** Months in a cycle. */
export function cycleMonths(cycle: BillingCycle): number {
  return cycle === "annual" ? 12 : 1;
}

/** numerator / denominator to the nearest integer, halves away from zero (integers in, integer out). */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0)
    throw new RangeError(`not a division of integers: ${numerator} / ${denominator}`);
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.floor((2 * Math.abs(numerator) + denominator) / (2 * denominator));
  return magnitude === 0 ? 0 : sign * magnitude;
}

/** What a price per cycle is per month: the monthly price, or the annual one / 12 (A §9), rounded. */
export function monthlyEquivalent(priceCentavos: number, cycle: BillingCycle): number {
  return cycle === "annual" ? divideRounded(priceCentavos, 12) : priceCentavos;
}

/**
 * The cycle that contains `today`, anchored on `startedOn`: its first day and its renewal (the
 * first day of the next cycle, not included).
 */
export function currentCycle(
  startedOn: string,
  cycle: BillingCycle,
  today: string,
): { start: string; renewsOn: string } {
  const months = cycleMonths(cycle);
  const [sy, sm] = startedOn.split("-").map(Number) as [number, number];
  const [ty, tm] = today.split("-").map(Number) as [number, number];
  // A first guess from the months between them, then whole cycles either way until it fits.
  let k = Math.floor(((ty - sy) * 12 + (tm - sm)) / months);
  while (addMonths(startedOn, k * months) > today) k--;
  while (addMonths(startedOn, (k + 1) * months) <= today) k++;
  return { start: addMonths(startedOn, k * months), renewsOn: addMonths(startedOn, (k + 1) * months) };
}

export interface PricedCycle {
  /** The plan's price per cycle, in centavos. */
  priceCentavos: number;
  cycle: BillingCycle;
}

export interface ProrationInput {
  /** The plan the company is on, or null when it has none. */
  current: PricedCycle | null;
  /** The day its current (or any earlier) cycle started, or null when not known. */
  cycleStartedOn: string | null;
  /** Today in São Paulo: the day the change takes effect. */
  today: string;
  /** The plan and cycle asked for. */
  next: PricedCycle;
}

export type ProrationBasis = "same-cycle" | "cycle-change" | "new-plan" | "unknown-cycle";

export interface Proration {
  basis: ProrationBasis;
  /** The new plan's price per cycle. */
  priceCentavos: number;
  /** The same per month (annual / 12). */
  monthlyCentavos: number;
  /** Charged (positive) or credited (negative) at the change, besides the renewals. */
  prorataCentavos: number;
  /** The unused part of the current cycle credited against a new cycle (cycle change), else 0. */
  creditCentavos: number;
  /** The day the change takes effect (today). */
  effectiveOn: string;
  /** The first day of the cycle the company is in after the change. */
  cycleStartsOn: string;
  /** The renewal after the change. */
  renewsOn: string;
  /** Days from today to the current cycle's renewal, today included; null when not known. */
  remainingDays: number | null;
  /** Days in the current cycle; null when not known. */
  cycleDays: number | null;
}

function checkPrice(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what}: not centavos: ${value}`);
}

export function prorate(input: ProrationInput): Proration {
  const { current, cycleStartedOn, today, next } = input;
  checkPrice(next.priceCentavos, "new price");
  if (current) checkPrice(current.priceCentavos, "current price");
  const base = {
    priceCentavos: next.priceCentavos,
    monthlyCentavos: monthlyEquivalent(next.priceCentavos, next.cycle),
    effectiveOn: today,
  };
  const freshCycle = { cycleStartsOn: today, renewsOn: addMonths(today, cycleMonths(next.cycle)) };
  if (!current) {
    return {
      ...base,
      ...freshCycle,
      basis: "new-plan",
      prorataCentavos: next.priceCentavos,
      creditCentavos: 0,
      remainingDays: null,
      cycleDays: null,
    };
  }
  if (!cycleStartedOn) {
    return {
      ...base,
      ...freshCycle,
      basis: "unknown-cycle",
      prorataCentavos: 0,
      creditCentavos: 0,
      remainingDays: null,
      cycleDays: null,
    };
  }
  const { start, renewsOn } = currentCycle(cycleStartedOn, current.cycle, today);
  const cycleDays = daysBetween(start, renewsOn);
  const remainingDays = daysBetween(today, renewsOn);
  if (current.cycle === next.cycle) {
    return {
      ...base,
      basis: "same-cycle",
      prorataCentavos: divideRounded((next.priceCentavos - current.priceCentavos) * remainingDays, cycleDays),
      creditCentavos: 0,
      cycleStartsOn: start,
      renewsOn,
      remainingDays,
      cycleDays,
    };
  }
  const credit = divideRounded(current.priceCentavos * remainingDays, cycleDays);
  return {
    ...base,
    ...freshCycle,
    basis: "cycle-change",
    prorataCentavos: next.priceCentavos - credit,
    creditCentavos: credit,
    remainingDays,
    cycleDays,
  };
}
