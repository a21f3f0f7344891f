import type { DemoOffer } from "@domain/booking/offer.ts";
import { meetingWhen, SAO_PAULO, zoneName } from "@domain/booking/slot-format.ts";
import { bookingTexts } from "@domain/booking/texts.ts";
import type { OfferedLanguage } from "@domain/languages.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useHref } from "react-router";
import { SlotButtons } from "~/components/booking/SlotButtons.tsx";

type Lead = { leadId: string; accessToken: string };
type Booked = { start: string; seller: string; meetingUrl?: string | null };

function visitorZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || SAO_PAULO;
  } catch {
    return SAO_PAULO;
  }
}

/**
 * "Agende sua demonstração" on the demo's and the trial's success screens (decision 138): the
 * seller's next free slots, sent with the submission's answer so they are drawn with the screen.
 * Each slot is a button of a form posting to the booking page (/agendar), which books without
 * JavaScript; with it, the same click books in place and the times read in the visitor's zone,
 * São Paulo's beside them. Nothing is drawn when nobody takes demonstrations.
 */
export function DemoBooking({
  lead,
  offer,
  language,
}: {
  lead: Lead;
  offer: DemoOffer;
  language: OfferedLanguage;
}) {
  const t = bookingTexts(language);
  const action = useHref("/agendar");
  const [slots, setSlots] = useState(offer.slots);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Drawn in São Paulo's time (the server's, and without JavaScript); the visitor's once hydrated.
  const [zone, setZone] = useState(SAO_PAULO);
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => setZone(visitorZone()), []);
  useEffect(() => {
    if (booked) done.current?.focus();
  }, [booked]);

  const book = async (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const start = submitter?.value;
    if (!start) return;
    event.preventDefault();
    setBusy(start);
    setRefusal(null);
    try {
      const res = await fetch("/api/bookings", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...lead, start, timeZone: zone }),
      });
      const body = (await res.json()) as { meeting?: Booked; message?: string; slots?: DemoOffer["slots"] };
      if (res.ok && body.meeting) setBooked(body.meeting);
      else {
        if (body.slots) setSlots(body.slots);
        setRefusal(body.message ?? t.failed);
      }
    } catch {
      setRefusal(t.failed);
    } finally {
      setBusy(null);
    }
  };

  if (booked)
    return (
      // The funnel's beacon counts the booking from this attribute (decision 104).
      <section className="demo-booking" aria-labelledby="agendar-titulo" data-funnel-booked="">
        <h2 id="agendar-titulo" ref={done} tabIndex={-1}>
          {t.bookedTitle}
        </h2>
        <p role="status" className="banner banner--success">
          {t.booked(meetingWhen(booked.start, language, zone), booked.seller)}
        </p>
        <p>{t.inviteSent}</p>
        {booked.meetingUrl && (
          <p>
            {t.joinAt}: <a href={booked.meetingUrl}>{booked.meetingUrl}</a>
          </p>
        )}
      </section>
    );

  return (
    <section className="demo-booking" aria-labelledby="agendar-titulo">
      <h2 id="agendar-titulo">{t.title}</h2>
      {slots.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <form method="post" action={action} onSubmit={book}>
          <input type="hidden" name="leadId" value={lead.leadId} />
          <input type="hidden" name="accessToken" value={lead.accessToken} />
          <p>{t.intro(offer.seller, offer.meetingMinutes)}</p>
          {refusal && (
            <p role="alert" className="banner banner--warning">
              {refusal}
            </p>
          )}
          <p className="demo-booking__zone">
            {zone === SAO_PAULO ? t.brasiliaNote : t.zoneNote(zoneName(zone))}
          </p>
          <SlotButtons slots={slots} language={language} zone={zone} busy={busy} />
        </form>
      )}
    </section>
  );
}
