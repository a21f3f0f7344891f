import { SAO_PAULO } from "@domain/booking/slot-format.ts";
import { bookingTexts } from "@domain/booking/texts.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { Form, useNavigation } from "react-router";
import { SlotButtons } from "./SlotButtons.tsx";

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
      <SlotButtons slots={slots} language={language} zone={SAO_PAULO} busy={posting} />
    </Form>
  );
}
