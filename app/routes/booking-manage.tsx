import { manageFormSchema } from "@domain/booking/requests.ts";
import { meetingWhen } from "@domain/booking/slot-format.ts";
import { bookingTexts } from "@domain/booking/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import { SITE_NAME } from "@domain/site.ts";
import { DomainError } from "@server/domain-errors.ts";
import { data, Form, useNavigation } from "react-router";
import { SlotForm } from "~/components/booking/SlotForm.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import type { Route } from "./+types/booking-manage";

export const headers = passOnHeaders;

/** The address is the invitation's key: never cached, never sent on as a referrer, not indexed. */
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };

type View =
  | { state: "invalid"; message: string }
  | { state: "meeting"; start: string; seller: string; slots: { start: string }[]; refusal?: string }
  | { state: "rescheduled"; start: string; seller: string }
  | { state: "cancelled" };

/**
 * GET /agenda/:meetingId?t=… (and /en/…): the invitation's link to reschedule or cancel a
 * demonstration, without an account (decision 138). Opening it changes nothing (mail scanners open
 * every link); each change is a button that posts back here.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const language = context.request.uiLanguage;
  return data(
    { language, token, view: await viewOf(context, params.meetingId, token, language) },
    { headers: PRIVATE },
  );
}

async function viewOf(
  context: Route.LoaderArgs["context"],
  meetingId: string,
  token: string,
  language: "pt" | "en",
  refusal?: string,
): Promise<View> {
  try {
    const { booking } = context.services;
    const meeting = await booking.byLink(meetingId, token);
    const offer = await booking.rescheduleOffer(meetingId, token);
    return {
      state: "meeting",
      start: meeting.startsAt.toISOString(),
      seller: meeting.sellerName,
      slots: offer.slots.map((slot) => ({ start: slot.start.toISOString() })),
      ...(refusal ? { refusal } : {}),
    };
  } catch (error) {
    if (DomainError.is(error)) return { state: "invalid", message: refusalText(error, language) };
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const posted = manageFormSchema.safeParse(Object.fromEntries(await request.formData()));
  const token = posted.data?.t ?? "";
  const language = context.request.uiLanguage;
  const { booking } = context.services;
  try {
    if (!posted.success) throw new DomainError("conflict", "booking.linkInvalid");
    if (posted.data.intent === "cancel") {
      await booking.cancel(params.meetingId, token);
      return data({ view: { state: "cancelled" } as View }, { headers: PRIVATE });
    }
    // A slot that is no instant is no free slot.
    if (!posted.data.start) throw new DomainError("conflict", "booking.slotUnavailable");
    const moved = await booking.reschedule(params.meetingId, token, new Date(posted.data.start));
    // The new revision has new links (the new invitation carries them): this page follows.
    const view: View = {
      state: "rescheduled",
      start: moved.startsAt.toISOString(),
      seller: moved.sellerName,
    };
    return data({ view, token: booking.manageToken(moved) }, { headers: PRIVATE });
  } catch (error) {
    if (!DomainError.is(error)) throw error;
    const view = await viewOf(context, params.meetingId, token, language, refusalText(error, language));
    return data({ view }, { status: 409, headers: PRIVATE });
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${bookingTexts(data?.language ?? "pt").manageTitle} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function BookingManage({ loaderData, actionData }: Route.ComponentProps) {
  const { language } = loaderData;
  const t = bookingTexts(language);
  const view = actionData?.view ?? loaderData.view;
  const busy = useNavigation().state === "submitting";
  const title = {
    invalid: t.invalidTitle,
    meeting: t.manageTitle,
    rescheduled: t.rescheduledTitle,
    cancelled: t.cancelledTitle,
  }[view.state];
  return (
    <section className="auth-page auth-page--inline" aria-labelledby="agenda-titulo">
      <div className="auth-card booking-card">
        <h1 id="agenda-titulo">{title}</h1>
        {view.state === "invalid" && <p className="banner banner--error">{view.message}</p>}
        {view.state === "cancelled" && (
          <p role="status" className="banner banner--success">
            {t.cancelled}
          </p>
        )}
        {view.state === "rescheduled" && (
          <>
            <p role="status" className="banner banner--success">
              {t.rescheduled(meetingWhen(view.start, language), view.seller)}
            </p>
            <p>{t.inviteSent}</p>
          </>
        )}
        {view.state === "meeting" && (
          <>
            <p>{t.scheduledFor(meetingWhen(view.start, language), view.seller)}</p>
            {view.refusal && (
              <p role="alert" className="banner banner--warning">
                {view.refusal}
              </p>
            )}
            <h2>{t.reschedule}</h2>
            <p>{t.rescheduleIntro}</p>
            <SlotForm
              language={language}
              slots={view.slots.filter((slot) => slot.start !== view.start)}
              hidden={{ t: loaderData.token }}
              intent="reschedule"
            />
            <h2>{t.cancel}</h2>
            <Form method="post">
              <input type="hidden" name="t" value={loaderData.token} />
              <input type="hidden" name="intent" value="cancel" />
              <p>{t.cancelConfirm}</p>
              <button type="submit" className="button button--danger" disabled={busy}>
                {busy ? t.cancelling : t.cancel}
              </button>
            </Form>
          </>
        )}
        <p className="auth-card__footer">
          {view.state !== "meeting" && view.state !== "rescheduled" && (
            <>
              <SiteLink to="/demonstracao">{t.requestDemo}</SiteLink>
              {" · "}
            </>
          )}
          <SiteLink to="/">{t.backToSite}</SiteLink>
        </p>
      </div>
    </section>
  );
}
