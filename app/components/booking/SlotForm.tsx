import { SAO_PAULO, slotDays } from "@domain/booking/slot-format.ts";
import { bookingTexts } from "@domain/booking/texts.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { Form, useNavigation } from "react-router";

/**
 * A demonstration's free slots as the buttons of one form, in Brasília's time (decision 138): the
 * booking and reschedule pages, which work without JavaScript. Each button posts its slot.
 */
export function SlotForm({
  language,
  slots,
  hidden,
  intent,
}: {
  language: OfferedLanguage;
  slots: readonly { start: string | Date }[];
  /** The form's other fields (the lead and its token, or the link's token). */
  hidden: Record<string, string>;
  intent?: string;
}) {
  const t = bookingTexts(language);
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" ? String(navigation.formData?.get("start") ?? "") : null;
  if (slots.length === 0) return <p>{t.none}</p>;
  return (
    <Form method="post" className="demo-booking">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {intent && <input type="hidden" name="intent" value={intent} />}
      <p className="demo-booking__zone">{t.brasiliaNote}</p>
      {slotDays(slots, language, SAO_PAULO).map((day) => (
        <fieldset key={day.day} className="demo-booking__day">
          <legend>{day.day}</legend>
          {day.slots.map((slot) => (
            <button
              key={slot.start}
              type="submit"
              name="start"
              value={slot.start}
              className="button button--outline demo-booking__slot"
              disabled={posting !== null}
            >
              {posting === slot.start ? t.booking : slot.time}
            </button>
          ))}
        </fieldset>
      ))}
    </Form>
  );
}
