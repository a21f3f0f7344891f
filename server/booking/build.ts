import { isBrazilianNationalHoliday } from "../leads/holidays.ts";
import type { LeadSettings } from "../leads/lead-settings.ts";
import type { LeadRouting } from "../leads/routing.ts";
import { PeriodicJob } from "../platform/jobs/periodic-job.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { meetingNote } from "./meeting-note.ts";
import { meetingReminder } from "./reminder.ts";
import { SELLER_CALENDARS_INTERVAL_MS, SellerCalendars } from "./seller-calendars.ts";
import { BookingService } from "./service.ts";

/** Demonstrations booked on the spot (decision 138): sellers' availability, slots and bookings. */
export function buildBooking(
  { db, signer, seams, config, worker, jira, mailer, logger }: Platform,
  uses: { leadSettings: LeadSettings; leadRouting: LeadRouting },
) {
  const sellerCalendars = new SellerCalendars({ db, now: seams.now });
  const calendarReads = new PeriodicJob({
    db,
    name: "seller-calendars",
    leaseMs: 4 * 60_000,
    intervalMs: SELLER_CALENDARS_INTERVAL_MS,
    logger,
    failureMessage: "reading the sellers' calendars failed; tried again next time",
    now: seams.now,
    work: async () => {
      const report = await sellerCalendars.readAll();
      if (report.failed > 0) logger.warn(report, "some sellers' calendars could not be read");
      return report;
    },
  });
  const booking = new BookingService({
    db,
    signer,
    leadSettings: uses.leadSettings,
    leadRouting: uses.leadRouting,
    isHoliday: isBrazilianNationalHoliday,
    calendarBusy: (seller) => sellerCalendars.busyOf(seller),
    publicBaseUrl: config.publicBaseUrl,
    kick: () => void worker.kick(),
    now: seams.now,
  });
  return {
    services: {
      /** The free slots of a lead's seller, the booking, and the sellers' availability staff edit. */
      booking,
      /** The sellers' private calendars, read every few minutes: their busy times block slots. */
      sellerCalendars,
    },
    jobs: [calendarReads],
    handlers: {
      meeting_note: meetingNote(db, jira),
      meeting_reminder: meetingReminder(db, mailer, (meeting, language) =>
        booking.manageUrl(meeting, language),
      ),
    },
  } satisfies DomainParts<object>;
}
