import type { DemoOffer } from "@domain/booking/offer.ts";
import { booksDemo, type FormKey } from "@domain/forms/manifest.ts";
import type { Logger } from "../logger.ts";
import type { BookingService } from "./service.ts";

/**
 * The demonstration's slots for a form just completed, sent with the submission's answer (the JSON
 * one and the page drawn without JavaScript), so the success screen shows them at once, with no
 * second request and nothing moving in after it is drawn. Only for the forms that book demos; null
 * when nobody takes them, and when finding them fails (the lead is stored either way: logged only).
 */
export async function offerAfterForm(
  services: { booking: BookingService; logger: Logger },
  formKey: FormKey,
  lead: { leadId: string; accessToken: string } | null,
): Promise<DemoOffer | null> {
  if (!lead || !booksDemo(formKey)) return null;
  try {
    const offer = await services.booking.offer(lead.leadId, lead.accessToken);
    if (!offer) return null;
    return {
      seller: offer.seller.name,
      meetingMinutes: offer.meetingMinutes,
      slots: offer.slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
    };
  } catch (error) {
    services.logger.warn({ err: error, form: formKey }, "demo slots not offered");
    return null;
  }
}
