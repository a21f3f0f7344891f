/**
 * Times of scheduled publications (decision 100): staff choose a date and time in America/Sao_Paulo
 * (an `<input type="datetime-local">` value, "2026-11-26T15:30"); the server stores the instant in
 * UTC. Brazil has had no daylight saving time since 2019, but the conversion asks the time zone
 * database rather than assuming UTC−3, so it stays right if that ever changes again.
 */

export const SAO_PAULO_TZ = "America/Sao_Paulo";

/** One formatter per time zone: making one is slow, and few zones are ever asked for. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const LOCAL_VALUE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A zone's wall clock at an instant, as the fields of a date. */
function wallClock(
  instant: Date,
  timeZone: string,
): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts: Record<string, number> = {};
  for (const part of partsIn(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    y: parts.year!,
    mo: parts.month!,
    d: parts.day!,
    h: parts.hour!,
    mi: parts.minute!,
    s: parts.second!,
  };
}

/** How far a zone's wall clock is from UTC at an instant, in ms (−3 h gives −10 800 000). */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a wall-clock time ("2026-11-26T15:30", seconds optional) in a time zone of the
 * IANA database, or null when the value is not such a time. A time skipped by a clock change moves
 * forward to one that exists.
 */
export function fromZonedTime(value: string, timeZone: string): Date | null {
  const match = LOCAL_VALUE.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59) return null;
  // The offset at the first guess may differ from the offset at the answer: try both. When neither
  // shows the wall-clock time asked for, it was skipped by a clock change: the later one moves forward.
  const wallTime = value.trim().slice(0, 16);
  const first = asUtc - offsetAt(new Date(asUtc), timeZone);
  const second = asUtc - offsetAt(new Date(first), timeZone);
  for (const candidate of [second, first]) {
    if (toZonedTime(new Date(candidate), timeZone) === wallTime) return new Date(candidate);
  }
  return new Date(Math.max(first, second));
}

/** A zone's wall clock at an instant, as a datetime-local value: "2026-11-26T15:30". */
export function toZonedTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.y}-${two(w.mo)}-${two(w.d)}T${two(w.h)}:${two(w.mi)}`;
}

/** The instant of a São Paulo wall-clock time ("2026-11-26T15:30"), or null when it is not one. */
export function fromSaoPauloTime(value: string): Date | null {
  return fromZonedTime(value, SAO_PAULO_TZ);
}

/** The value of a datetime-local input showing an instant in São Paulo: "2026-11-26T15:30". */
export function toSaoPauloTime(instant: Date): string {
  return toZonedTime(instant, SAO_PAULO_TZ);
}

/** A schedule may be at most this far ahead. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 3600_000;

/**
 * Why a chosen time cannot be scheduled, as the code of its refusal (domain/refusals/content.ts),
 * or null. A time in the past minute is refused too.
 */
export function scheduleTimeProblem(
  runAt: Date | null,
  now: Date,
): "workflow.timeInvalid" | "workflow.timePast" | "workflow.timeTooFar" | null {
  if (!runAt || Number.isNaN(runAt.getTime())) return "workflow.timeInvalid";
  if (runAt.getTime() <= now.getTime()) return "workflow.timePast";
  if (runAt.getTime() - now.getTime() > MAX_SCHEDULE_AHEAD_MS) return "workflow.timeTooFar";
  return null;
}
