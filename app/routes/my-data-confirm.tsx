import { leadCopyTexts } from "@domain/privacy/texts.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { data, Form } from "react-router";
import { SiteLink } from "~/components/SiteLink.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import type { Route } from "./+types/my-data-confirm";

export const headers = passOnHeaders;

/**
 * A public page without React Router in the browser (decision 108): nothing on it needs JavaScript
 * (a plain form post), so only the site's header and chat are hydrated.
 */
export const handle: RouteHandle = { islands: true };

/** The link is for its owner only: never cached, never sent on as a referrer. */
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };

/**
 * GET /meus-dados/confirmar?token=… (and /en/…): the confirmation e-mail's link. Opening it sends
 * nothing (mail scanners open every link of a message); its button posts back here, and only the
 * post queues the copy, to the address the signed token names. The page never shows the data.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = context.services.leadCopy.inspect(token);
  return data(
    {
      language: context.request.uiLanguage,
      token: link.ok ? token : "",
      state: link.ok ? ("valid" as const) : link.reason,
    },
    { headers: PRIVATE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = (await request.formData()).get("token");
  const reading = await context.services.leadCopy.confirm(typeof token === "string" ? token : "");
  if (!reading.ok) return data({ outcome: reading.reason }, { status: 400, headers: PRIVATE });
  return data({ outcome: "sent" as const }, { headers: PRIVATE });
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${leadCopyTexts(data?.language ?? "pt").confirmTitle} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function MyDataConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = leadCopyTexts(loaderData.language);
  const state = actionData?.outcome ?? loaderData.state;
  const content = {
    valid: { title: t.confirmTitle, text: t.confirmLead },
    sent: { title: t.sentTitle, text: t.sent },
    invalid: { title: t.invalidTitle, text: t.invalid },
    expired: { title: t.expiredTitle, text: t.expired },
  }[state];
  const failed = state === "invalid" || state === "expired";
  return (
    <section className="auth-page auth-page--inline" aria-labelledby="confirmar-titulo">
      <div className="auth-card">
        <h1 id="confirmar-titulo">{content.title}</h1>
        <p
          className={
            failed ? "banner banner--error" : state === "sent" ? "banner banner--success" : undefined
          }
          role={actionData ? "status" : undefined}
        >
          {content.text}
        </p>
        {state === "valid" && (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="button button--primary auth-card__submit">
              {t.confirm}
            </button>
          </Form>
        )}
        <p className="auth-card__footer">
          {failed && (
            <>
              <SiteLink to="/meus-dados">{t.newRequest}</SiteLink>
              {" · "}
            </>
          )}
          <SiteLink to="/">{t.backToSite}</SiteLink>
        </p>
      </div>
    </section>
  );
}
