import type { NewsletterData } from "@domain/content/schemas.ts";
import type { FormTexts } from "@domain/forms/texts.ts";
import { placeLink } from "@domain/inline-link.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { trackLead } from "~/browser/consent/lead-events.ts";
import { newRequestKey, postLead, storedUtm } from "~/browser/outbox.ts";
import { SiteLink } from "~/components/SiteLink.tsx";
import { useFormChallenge } from "~/react/form-token.ts";

/** The newsletter's message clears after 5000 ms (A §9). */
export const NEWSLETTER_CLEAR_MS = 5_000;

export type NewsletterOutcome =
  | { kind: "sent" | "simulated"; key: string }
  | { kind: "error" }
  /** Posted without JavaScript, so without a challenge: drawn again to confirm (decision 122). */
  | { kind: "confirm"; email: string; challenge: string; requestKey: string };

export function newsletterMessage(
  outcome: NewsletterOutcome,
  texts: FormTexts,
): { tone: "info" | "success" | "warning"; text: string } {
  if (outcome.kind === "sent") return { tone: "success", text: texts.newsletterSent(outcome.key) };
  if (outcome.kind === "simulated") return { tone: "warning", text: texts.newsletterSimulated };
  if (outcome.kind === "confirm") return { tone: "info", text: texts.newsletterConfirm };
  return { tone: "warning", text: texts.newsletterError };
}

interface Props {
  data: NewsletterData;
  texts: FormTexts;
  /** The result of a plain (no JavaScript) post, when the page shows one. */
  outcome?: NewsletterOutcome | null;
}

/** The newsletter section of A §2: e-mail, button, and a message that clears itself. */
export function NewsletterSection({ data, texts, outcome: initial }: Props) {
  const legal = data.legalText ? placeLink(data.legalText, texts.chatPrivacyLink) : null;
  const drawn = initial?.kind === "confirm" ? initial : null;
  const [email, setEmail] = useState(drawn?.email ?? "");
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<NewsletterOutcome | null>(initial ?? null);
  const [hydrated, setHydrated] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // A page is the same for every visitor (decision 122): the key is made at the first send.
  const key = useRef(drawn?.requestKey ?? "");
  const challenge = useFormChallenge("newsletter", drawn?.challenge);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!outcome || outcome.kind === "confirm") return;
    const timer = setTimeout(() => setOutcome(null), NEWSLETTER_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An empty or whitespace-only submit does nothing (A §5).
    if (submitting || email.trim() === "") return;
    setSubmitting(true);
    key.current ||= newRequestKey();
    const result = await postLead({
      form: "newsletter",
      stage: "complete",
      answers: { email: email.trim() },
      requestKey: key.current,
      formToken: await challenge.token(),
      website: honeypot.current?.value || undefined,
      tracking: { page: window.location.href, referrer: document.referrer || undefined, utm: storedUtm() },
    });
    setSubmitting(false);
    key.current = newRequestKey();
    if (result.kind === "invalid" || result.kind === "refused") {
      // Nothing was stored: the address stays in the field and the server's reason is shown the way
      // the browser shows its own e-mail check (A §5 keeps the data's errorMessage off the page).
      const input = field.current;
      if (input) {
        input.setCustomValidity(
          result.kind === "invalid" ? (Object.values(result.errors)[0] ?? result.message) : result.message,
        );
        input.reportValidity();
      }
      return;
    }
    challenge.spent();
    if (result.kind === "ok") trackLead({ form: "newsletter", temperature: result.answer.temperature.level });
    setOutcome(
      result.kind === "ok"
        ? { kind: result.answer.simulated ? "simulated" : "sent", key: result.answer.protocol }
        : // Kept in this browser and sent again on the next page view: "registrada localmente".
          { kind: "error" },
    );
    setEmail("");
  };

  const message = outcome ? newsletterMessage(outcome, texts) : null;
  return (
    // data-funnel: the funnel's beacon watches this form (decision 104); -done while a stored
    // subscription's message shows.
    <section
      className="newsletter"
      aria-labelledby="newsletter-titulo"
      data-funnel="newsletter"
      data-funnel-done={outcome && outcome.kind !== "confirm" ? "" : undefined}
    >
      <div className="newsletter__inner">
        <div>
          <h2 id="newsletter-titulo">{data.title}</h2>
          {data.subtitle && <p>{data.subtitle}</p>}
        </div>
        <form
          method="post"
          action="/newsletter"
          onSubmit={hydrated ? onSubmit : undefined}
          onFocus={challenge.arm}
          onPointerDown={challenge.arm}
          className="newsletter__form"
        >
          <label htmlFor="newsletter-email" className="visually-hidden">
            {texts.newsletterEmailLabel}
          </label>
          <input
            ref={field}
            id="newsletter-email"
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder={data.form.email.placeholder}
            disabled={submitting}
            maxLength={200}
            value={email}
            onChange={(e) => {
              e.target.setCustomValidity("");
              setEmail(e.target.value);
            }}
          />
          <input type="hidden" name="formToken" value={drawn?.challenge ?? ""} />
          <input type="hidden" name="_requestKey" value={drawn?.requestKey ?? ""} />
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="newsletter-website">{texts.honeypot}</label>
            <input
              ref={honeypot}
              id="newsletter-website"
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <button type="submit" className="button button--primary" disabled={submitting}>
            {submitting ? texts.newsletterRegistering : data.form.button.text}
          </button>
        </form>
        <div aria-live="polite" className="newsletter__status">
          {message && (
            <div className={`banner banner--${message.tone}`}>
              {outcome?.kind !== "error" && outcome?.kind !== "confirm" && (
                <p className="newsletter__success-title">{texts.newsletterSuccessTitle}</p>
              )}
              <p>{message.text}</p>
            </div>
          )}
        </div>
        {legal && (
          <p className="newsletter__legal">
            {legal.before}
            <SiteLink to="/politicas" className="newsletter__link">
              {legal.label}
            </SiteLink>
            {legal.after}
          </p>
        )}
      </div>
    </section>
  );
}
