import { addBusinessHours } from "@domain/leads/business-hours.ts";
import Holidays from "date-holidays";

/**
 * Brazil's national public holidays (decision 105: response deadlines skip them), from date-holidays'
 * calendar: fixed dates (Tiradentes, Consciência Negra…) and the moving ones (Sexta-Feira Santa).
 * Carnival is not a national holiday there (an optional day), and state or city holidays are not
 * counted. Each year's list is worked out once.
 */
const calendar = new Holidays("BR");
const years = new Map<number, ReadonlySet<string>>();

export function isBrazilianNationalHoliday(day: string): boolean {
  const year = Number(day.slice(0, 4));
  let dates = years.get(year);
  if (!dates) {
    dates = new Set(
      calendar
        .getHolidays(year)
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    years.set(year, dates);
  }
  return dates.has(day);
}

/** When sales must have answered a lead that arrived at `arrival` (B §9.2 hours, in business hours: B §9.4). */
export function respondBy(arrival: Date, hours: number): Date {
  return addBusinessHours(arrival, hours, isBrazilianNationalHoliday);
}
