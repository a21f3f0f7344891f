import { bookFormSchema } from "@domain/booking/requests.ts";
import { meetingWhen } from "@domain/booking/slot-format.ts";
import { bookingTexts } from "@domain/booking/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import { SITE_NAME } from "@domain/site.ts";
import { DomainError } from "@server/domain-errors.ts";
import { data } from "react-router";
import { SlotForm } from "~/components/booking/SlotForm.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import type { Route } from "./+types/booking";

export const headers = passOnHeaders;

/** The address holds the lead's access token: never cached, never sent on as a referrer, not indexed. */
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };

type Slot = { start: string };
type View =
  | { state: "invalid"; message: string }
  | { state: "none" }
  | { state: "offer"; seller: string; meetingMinutes: number; slots: Slot[]; refusal?: string }
  | { state: "booked"; start: string; seller: string; meetingUrl: string | null };

const slotsOf = (slots: readonly { start: Date }[]): Slot[] =>
  slots.map((s) => ({ start: s.start.toISOString() }));

/**
 * GET /agendar?leadId=…&accessToken=… (and /en/…): the demo's and the trial's success screens link
 * here, for visitors without JavaScript (decision 138): the lead's seller's free slots as buttons.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const lead = { leadId: params.get("leadId") ?? "", accessToken: params.get("accessToken") ?? "" };
  const language = context.request.uiLanguage;
  return data({ language, lead, view: await viewOf(context, lead, language) }, { headers: PRIVATE });
}

async function viewOf(
  context: Route.LoaderArgs["context"],
  lead: { leadId: string; accessToken: string },
  language: "pt" | "en",
): Promise<View> {
  const { booking } = context.services;
  try {
    // The offer first: it checks the access token, so nobody reads a meeting by a lead's id alone.
    const offer = await booking.offer(lead.leadId, lead.accessToken);
    const meeting = await booking.meetingOf(lead.leadId);
    if (meeting)
      return {
        state: "booked",
        start: meeting.startsAt.toISOString(),
        seller: meeting.sellerName,
        meetingUrl: meeting.meetingUrl,
      };
    if (!offer) return { state: "none" };
    return {
      state: "offer",
      seller: offer.seller.name,
      meetingMinutes: offer.meetingMinutes,
      slots: slotsOf(offer.slots),
    };
  } catch (error) {
    if (DomainError.is(error)) return { state: "invalid", message: refusalText(error, language) };
    throw error;
  }
}

/** A slot's button: books it, or answers why not with the next free slots. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const posted = bookFormSchema.safeParse(Object.fromEntries(form));
  const lead = {
    leadId: posted.data?.leadId ?? String(form.get("leadId") ?? "").slice(0, 64),
    accessToken: posted.data?.accessToken ?? String(form.get("accessToken") ?? "").slice(0, 200),
  };
  const language = context.request.uiLanguage;
  try {
    // A slot that is no instant (or a form not sent by the page) is no free slot.
    if (!posted.success) throw new DomainError("conflict", "booking.slotUnavailable");
    const meeting = await context.services.booking.book({ ...lead, start: new Date(posted.data.start) });
    const view: View = {
      state: "booked",
      start: meeting.startsAt.toISOString(),
      seller: meeting.sellerName,
      meetingUrl: meeting.meetingUrl,
    };
    return data({ view }, { headers: PRIVATE });
  } catch (error) {
    if (!DomainError.is(error)) throw error;
    const current = await viewOf(context, lead, language);
    const slots = (error.details?.slots as { start: Date }[] | undefined) ?? null;
    const view: View =
      current.state === "offer"
        ? { ...current, ...(slots ? { slots: slotsOf(slots) } : {}), refusal: refusalText(error, language) }
        : current;
    return data({ view }, { status: 409, headers: PRIVATE });
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${bookingTexts(data?.language ?? "pt").title} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { language, lead } = loaderData;
  const t = bookingTexts(language);
  const view = actionData?.view ?? loaderData.view;
  return (
    <section className="auth-page auth-page--inline" aria-labelledby="agendar-titulo">
      <div className="auth-card booking-card">
        {view.state === "booked" ? (
          <>
            <h1 id="agendar-titulo">{t.bookedTitle}</h1>
            <p role="status" className="banner banner--success">
              {t.booked(meetingWhen(view.start, language), view.seller)}
            </p>
            <p>{t.inviteSent}</p>
            {view.meetingUrl && (
              <p>
                {t.joinAt}: <a href={view.meetingUrl}>{view.meetingUrl}</a>
              </p>
            )}
          </>
        ) : (
          <>
            <h1 id="agendar-titulo">{view.state === "invalid" ? t.invalidTitle : t.title}</h1>
            {view.state === "invalid" && <p className="banner banner--error">{view.message}</p>}
            {view.state === "none" && <p>{t.none}</p>}
            {view.state === "offer" && (
              <>
                <p>{t.intro(view.seller, view.meetingMinutes)}</p>
                {view.refusal && (
                  <p role="alert" className="banner banner--warning">
                    {view.refusal}
                  </p>
                )}
                <SlotForm language={language} slots={view.slots} hidden={lead} />
              </>
            )}
          </>
        )}
        <p className="auth-card__footer">
          <SiteLink to="/">{t.backToSite}</SiteLink>
        </p>
      </div>
    </section>
  );
}
