import type { Interval } from "@domain/booking/slots.ts";
import { eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sellerAvailability, sellerCalendarBusy } from "../db/schema.ts";
import { readUpTo } from "../platform/bounded-read.ts";
import { busyTimesOf } from "./calendar-busy.ts";

/** Why a calendar could not be read: its address answered an error (`status:404`), or one of these. */
export type CalendarFailure = `status:${number}` | "timeout" | "unreachable" | "not-ical" | "too-large";

/** What the admin shows under a seller's calendar address. */
export interface CalendarStatus {
  readAt: Date | null;
  busyCount: number;
  failedAt: Date | null;
  failure: CalendarFailure | null;
}

export interface SellerCalendarsOptions {
  db: Database;
  now?: () => Date;
  /** The HTTP client (the runtime's fetch). */
  fetch?: typeof fetch;
  /** How long one read may take (10 s). */
  timeoutMs?: number;
}

/** A calendar file larger than this is refused: a seller's published calendar is far smaller. */
export const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;
/** How far ahead busy times are kept: beyond the furthest a visitor may book (60 business days). */
const HORIZON_MS = 100 * 24 * 3600_000;
/** How often the periodic read runs (decision 140): a meeting put in a calendar blocks its slot minutes later. */
export const SELLER_CALENDARS_INTERVAL_MS = 5 * 60_000;

/** `webcal://` is how calendar programs name an https address to subscribe to. */
export function feedAddress(calendarUrl: string): string {
  return calendarUrl.replace(/^webcals?:\/\//i, "https://");
}

/**
 * The sellers' private calendars (decision 140): read from their iCalendar address every few
 * minutes and when staff save one, their busy times kept in `seller_calendar_busy`, where a slot
 * query finds them without waiting on anyone's calendar server. A read that fails keeps the last
 * good busy times (a meeting is safer blocked than double-booked) and records why.
 */
export class SellerCalendars {
  private readonly now: () => Date;

  constructor(private readonly options: SellerCalendarsOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** The busy times last read from the seller's address (none when it was never read). */
  async busyOf(seller: { accountId: string; calendarUrl: string | null }): Promise<Interval[]> {
    const row = await this.snapshotOf(seller.accountId, seller.calendarUrl);
    const now = this.now().getTime();
    return (row?.busy ?? [])
      .map((b) => ({ start: new Date(b.start), end: new Date(b.end) }))
      .filter((b) => b.end.getTime() > now);
  }

  /** How the last reads of the seller's address went; null when it was never read. */
  async statusOf(accountId: string, calendarUrl: string | null): Promise<CalendarStatus | null> {
    const row = await this.snapshotOf(accountId, calendarUrl);
    if (!row) return null;
    return {
      readAt: row.readAt,
      busyCount: row.busy.length,
      failedAt: row.failedAt,
      failure: row.failure as CalendarFailure | null,
    };
  }

  /** Reads one seller's calendar now and keeps what it gave (or why it gave nothing). */
  async read(accountId: string, calendarUrl: string): Promise<CalendarStatus> {
    const now = this.now();
    const result = await this.fetchBusy(calendarUrl, now);
    const previous = await this.snapshotOf(accountId, calendarUrl);
    const values =
      "busy" in result
        ? {
            calendarUrl,
            busy: result.busy.map((b) => ({ start: b.start.toISOString(), end: b.end.toISOString() })),
            readAt: now,
            failedAt: null,
            failure: null,
          }
        : {
            calendarUrl,
            busy: previous?.busy ?? [],
            readAt: previous?.readAt ?? null,
            failedAt: now,
            failure: result.failure,
          };
    await this.options.db
      .insert(sellerCalendarBusy)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: sellerCalendarBusy.accountId, set: values });
    return {
      readAt: values.readAt,
      busyCount: values.busy.length,
      failedAt: values.failedAt,
      failure: values.failure,
    };
  }

  /** Reads every seller's calendar that has an address, one after the other; how many failed. */
  async readAll(): Promise<{ read: number; failed: number }> {
    const sellers = await this.options.db
      .select({ accountId: sellerAvailability.accountId, calendarUrl: sellerAvailability.calendarUrl })
      .from(sellerAvailability)
      .where(isNotNull(sellerAvailability.calendarUrl));
    let failed = 0;
    for (const seller of sellers) {
      const status = await this.read(seller.accountId, seller.calendarUrl!);
      if (status.failure) failed++;
    }
    return { read: sellers.length - failed, failed };
  }

  private async snapshotOf(accountId: string, calendarUrl: string | null) {
    if (!calendarUrl) return null;
    const [row] = await this.options.db
      .select()
      .from(sellerCalendarBusy)
      .where(eq(sellerCalendarBusy.accountId, accountId));
    return row && row.calendarUrl === calendarUrl ? row : null;
  }

  private async fetchBusy(
    calendarUrl: string,
    now: Date,
  ): Promise<{ busy: Interval[] } | { failure: CalendarFailure }> {
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    let text: string;
    try {
      const response = await (this.options.fetch ?? fetch)(feedAddress(calendarUrl), {
        headers: { accept: "text/calendar, */*;q=0.5" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return { failure: `status:${response.status}` };
      }
      const body = await boundedText(response, MAX_CALENDAR_BYTES);
      if (body === null) return { failure: "too-large" };
      text = body;
    } catch (error) {
      const name = (error as Error).name;
      return { failure: name === "TimeoutError" || name === "AbortError" ? "timeout" : "unreachable" };
    }
    try {
      return { busy: busyTimesOf(text, { start: now, end: new Date(now.getTime() + HORIZON_MS) }) };
    } catch {
      // Not a calendar, or one whose rules ical.js cannot follow: either way nothing to read.
      return { failure: "not-ical" };
    }
  }
}

/** The body as text, or null once it passes `limit` bytes (what is left is not read). */
async function boundedText(response: Response, limit: number): Promise<string | null> {
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return "";
  return (await readUpTo(response.body, limit, "cancel"))?.toString("utf8") ?? null;
}
