import { isBrazilianNationalHoliday } from "../leads/holidays.ts";
import type { LeadSettings } from "../leads/lead-settings.ts";
import type { LeadRouting } from "../leads/routing.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { meetingNote } from "./meeting-note.ts";
import { meetingReminder } from "./reminder.ts";
import { BookingService } from "./service.ts";

/** Demonstrations booked on the spot (decision 138): sellers' availability, slots and bookings. */
export function buildBooking(
  { db, signer, seams, config, worker, jira, mailer }: Platform,
  uses: { leadSettings: LeadSettings; leadRouting: LeadRouting },
) {
  const booking = new BookingService({
    db,
    signer,
    leadSettings: uses.leadSettings,
    leadRouting: uses.leadRouting,
    isHoliday: isBrazilianNationalHoliday,
    publicBaseUrl: config.publicBaseUrl,
    kick: () => void worker.kick(),
    now: seams.now,
  });
  return {
    services: {
      /** The free slots of a lead's seller, the booking, and the sellers' availability staff edit. */
      booking,
    },
    handlers: {
      meeting_note: meetingNote(db, jira),
      meeting_reminder: meetingReminder(db, mailer, (meeting, language) =>
        booking.manageUrl(meeting, language),
      ),
    },
  } satisfies DomainParts<object>;
}
