import { slotDays } from "@domain/booking/slot-format.ts";
import { bookingTexts } from "@domain/booking/texts.ts";
import type { OfferedLanguage } from "@domain/languages.ts";

/**
 * A demonstration's free slots as submit buttons, one group per day (decision 138): each posts its
 * slot as `start` in the form around it. In São Paulo's zone a slot reads its time; in another,
 * its time with Brasília's beside it. The slot being booked reads "Agendando…".
 */
export function SlotButtons({
  slots,
  language,
  zone,
  busy,
}: {
  slots: readonly { start: string | Date }[];
  language: OfferedLanguage;
  zone: string;
  /** The slot being booked, if one is: every button waits. */
  busy: string | null;
}) {
  const t = bookingTexts(language);
  return slotDays(slots, language, zone).map((day) => (
    <fieldset key={day.day} className="demo-booking__day">
      <legend>{day.day}</legend>
      {day.slots.map((slot) => (
        <button
          key={slot.start}
          type="submit"
          name="start"
          value={slot.start}
          className="button button--outline demo-booking__slot"
          disabled={busy !== null}
        >
          {busy === slot.start ? t.booking : slot.time}
          {slot.brasilia && busy !== slot.start && (
            <>
              {" "}
              <small>
                · {t.brasilia} {slot.brasilia}
              </small>
            </>
          )}
        </button>
      ))}
    </fieldset>
  ));
}
