import { authTexts } from "@domain/auth/texts.ts";
import { SITE_NAME } from "@domain/site.ts";
import { z } from "@domain/zod.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { SiteLink } from "~/components/SiteLink.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import type { Route } from "./+types/forgot-password";

export const headers = passOnHeaders;

export function loader({ context }: Route.LoaderArgs) {
  return data(
    { language: context.request.uiLanguage, available: context.services.passwordReset.available },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Always the same answer, known e-mail or not, so nobody learns who has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = z
    .email()
    .max(200)
    .safeParse(String(form.get("email") ?? "").trim());
  if (email.success && context.services.passwordReset.available) {
    // Not awaited: the answer takes the same time whether the e-mail has an account (a link is
    // stored and mailed) or not. A mail failure is logged and never shown.
    context.services.passwordReset.request(email.data).catch((error: unknown) => {
      context.services.logger.error({ err: error }, "password reset e-mail failed");
    });
  }
  return { sent: true };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${authTexts(data?.language ?? "pt").forgotTitle} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = authTexts(loaderData.language);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="auth-page auth-page--inline">
      <div className="auth-card">
        <h1>{t.forgotTitle}</h1>
        {!loaderData.available ? (
          <p className="banner banner--warning" role="status">
            {t.forgotUnavailable} <SiteLink to="/contato">{t.forgotUnavailableContact}</SiteLink>.
          </p>
        ) : actionData?.sent ? (
          <p className="banner banner--success" role="status">
            {t.forgotSent}
          </p>
        ) : (
          <>
            <p className="auth-card__subtitle">{t.forgotLead}</p>
            <Form method="post">
              <div className="field">
                <label htmlFor="esqueci-email" className="field__label">
                  {t.email}
                </label>
                <input id="esqueci-email" name="email" type="email" autoComplete="email" required />
              </div>
              <button type="submit" className="button button--primary auth-card__submit" disabled={busy}>
                {t.forgotSubmit}
              </button>
            </Form>
          </>
        )}
        <p className="auth-card__footer">
          <Link to="/login">{t.backToLogin}</Link>
        </p>
      </div>
    </section>
  );
}
