import { unsubscribeTexts } from "@domain/newsletter/unsubscribe-texts.ts";
import { SITE_NAME } from "@domain/site.ts";
import { DomainError } from "@server/domain-errors.ts";
import { data, Form, useNavigation } from "react-router";
import { SiteLink } from "~/components/SiteLink.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const headers = passOnHeaders;

/** The link names a subscription only for whoever holds it: never cached, never sent on as a referrer. */
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };

/**
 * GET /newsletter/cancelar?token=… (and /en/…): the welcome e-mail's unsubscribe link. Opening it
 * changes nothing (link scanners open every address of a message); the page asks to confirm with
 * a button that posts back here (decision 102).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await context.services.newsletterConsent.inspect(token);
  return data(
    {
      language: context.request.uiLanguage,
      token,
      state: link.state,
      email: "email" in link ? link.email : null,
    },
    { headers: PRIVATE },
  );
}

/** The confirmation: records the withdrawal of the subscriber's consent (a second one is harmless). */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  const { newsletterConsent } = context.services;
  const link = await newsletterConsent.inspect(token);
  if (link.state === "invalid" || link.state === "expired")
    return data({ outcome: link.state }, { status: 400, headers: PRIVATE });
  try {
    const { already } = await newsletterConsent.withdraw(token, "page");
    return data({ outcome: already ? ("withdrawn" as const) : ("done" as const) }, { headers: PRIVATE });
  } catch (error) {
    // The subscription went away in between (a discarded lead): the link names nothing any more.
    if (DomainError.is(error, "invalid"))
      return data({ outcome: "invalid" as const }, { status: 400, headers: PRIVATE });
    throw error;
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${unsubscribeTexts(data?.language ?? "pt").title} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = unsubscribeTexts(loaderData.language);
  const busy = useNavigation().state === "submitting";
  // After a post, what it did (or why it was refused); before, what the link names.
  const state = actionData?.outcome ?? loaderData.state;
  const content = {
    subscribed: { title: t.title, text: t.confirmLead(loaderData.email) },
    done: { title: t.doneTitle, text: t.done },
    withdrawn: { title: t.alreadyTitle, text: t.already },
    invalid: { title: t.invalidTitle, text: t.invalid },
    expired: { title: t.expiredTitle, text: t.expired },
  }[state];
  const failed = state === "invalid" || state === "expired";
  return (
    <section className="auth-page auth-page--inline" aria-labelledby="cancelar-titulo">
      <div className="auth-card unsubscribe-card">
        <h1 id="cancelar-titulo">{content.title}</h1>
        <p className={failed ? "banner banner--error" : undefined} role={actionData ? "status" : undefined}>
          {content.text}
        </p>
        {state === "subscribed" && (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <p className="auth-card__subtitle">{t.consentNote}</p>
            <button type="submit" className="button button--primary auth-card__submit" disabled={busy}>
              {busy ? t.confirming : t.confirm}
            </button>
          </Form>
        )}
        {state === "done" && <p className="auth-card__subtitle">{t.doneNote}</p>}
        <p className="auth-card__footer">
          {failed && (
            <>
              <SiteLink to="/contato">{t.contact}</SiteLink>
              {" · "}
            </>
          )}
          <SiteLink to="/">{t.backToSite}</SiteLink>
        </p>
      </div>
    </section>
  );
}
