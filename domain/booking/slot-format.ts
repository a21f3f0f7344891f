import type { OfferedLanguage } from "../languages.ts";
import { isValidTimezone } from "../time-zone.ts";

/**
 * How a demonstration's times read (decision 138): in the visitor's time zone, with São Paulo's
 * beside it when that differs ("08:00 · Brasília 09:00"), grouped by the visitor's days.
 */
export const SAO_PAULO = "America/Sao_Paulo";
const LOCALES: Record<OfferedLanguage, string> = { pt: "pt-BR", en: "en-GB" };
const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: OfferedLanguage, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

const DAY: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long" };
const TIME: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** A time zone the runtime knows, else São Paulo's (a browser may report none, or an odd one). */
export function knownTimeZone(zone: string | null | undefined): string {
  return zone && isValidTimezone(zone) ? zone : SAO_PAULO;
}

/** A zone's readable name: "America/Manaus" → "Manaus". */
export function zoneName(zone: string): string {
  return (zone.split("/").pop() ?? zone).replace(/_/g, " ");
}

export interface SlotLabel {
  /** The instant, as the booking posts it. */
  start: string;
  /** In the visitor's zone: "08:00". */
  time: string;
  /** São Paulo's, when the visitor's zone shows another time: "09:00". */
  brasilia: string | null;
}

/** Slots grouped by the visitor's days: "segunda-feira, 23 de novembro" and its times. */
export function slotDays(
  slots: readonly { start: Date | string }[],
  language: OfferedLanguage,
  timeZone: string,
): { day: string; slots: SlotLabel[] }[] {
  const days: { day: string; slots: SlotLabel[] }[] = [];
  for (const slot of slots) {
    const start = new Date(slot.start);
    const day = format(language, timeZone, DAY).format(start);
    const time = format(language, timeZone, TIME).format(start);
    const brasilia = format(language, SAO_PAULO, TIME).format(start);
    const label = { start: start.toISOString(), time, brasilia: brasilia === time ? null : brasilia };
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(label);
    else days.push({ day, slots: [label] });
  }
  return days;
}

/**
 * A meeting's moment in a sentence: "segunda-feira, 23 de novembro, às 09:00 (horário de Brasília)",
 * or in the visitor's zone with Brasília's beside it: "…, às 08:00 (09:00 em Brasília)".
 */
export function meetingWhen(start: Date | string, language: OfferedLanguage, timeZone = SAO_PAULO): string {
  const at = new Date(start);
  const day = format(language, timeZone, DAY).format(at);
  const time = format(language, timeZone, TIME).format(at);
  const brasilia = format(language, SAO_PAULO, TIME).format(at);
  if (language === "en")
    return `${day}, at ${time} (${brasilia === time && timeZone === SAO_PAULO ? "Brasília time" : `${brasilia} in Brasília`})`;
  return `${day}, às ${time} (${brasilia === time && timeZone === SAO_PAULO ? "horário de Brasília" : `${brasilia} em Brasília`})`;
}
