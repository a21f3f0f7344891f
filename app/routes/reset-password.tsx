import { authTexts } from "@domain/auth/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import { SITE_NAME } from "@domain/site.ts";
import { DomainError } from "@server/domain-errors.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { passOnHeaders } from "~/react/route-headers.ts";
import type { Route } from "./+types/reset-password";

export const headers = passOnHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data(
    { language: context.request.uiLanguage, token },
    // "same-origin": the token in this address never goes to another site, while the form's own
    // post keeps its Origin ("no-referrer" made browsers send Origin: null, refused as cross-site).
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } },
  );
}

/** Sets the new password with a single-use link; every session of the user ends (B: revocable sessions). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  if (password !== confirm) return { error: "differ" as const };
  try {
    await context.services.passwordReset.reset(token, password);
  } catch (error) {
    if (DomainError.is(error, "invalid"))
      return { error: "message" as const, message: refusalText(error, context.request.uiLanguage) };
    throw error;
  }
  return redirect("/login?senha=alterada");
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${authTexts(data?.language ?? "pt").resetTitle} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = authTexts(loaderData.language);
  const busy = useNavigation().state === "submitting";
  const error =
    actionData?.error === "differ"
      ? t.passwordsDiffer
      : actionData?.error === "message"
        ? actionData.message
        : null;
  return (
    <section className="auth-page auth-page--inline">
      <div className="auth-card">
        <h1>{t.resetTitle}</h1>
        {error && (
          <p className="banner banner--error" role="alert">
            {error}
          </p>
        )}
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <div className="field">
            <label htmlFor="nova-senha" className="field__label">
              {t.newPassword}
            </label>
            <input
              id="nova-senha"
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
              aria-describedby="nova-senha-dica"
            />
            <p id="nova-senha-dica" className="field__hint">
              {t.passwordHint}
            </p>
          </div>
          <div className="field">
            <label htmlFor="confirmar-senha" className="field__label">
              {t.confirmPassword}
            </label>
            <input
              id="confirmar-senha"
              name="confirm"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
            />
          </div>
          <button type="submit" className="button button--primary auth-card__submit" disabled={busy}>
            {t.resetSubmit}
          </button>
        </Form>
        <p className="auth-card__footer">
          <Link to="/login">{t.backToLogin}</Link>
        </p>
      </div>
    </section>
  );
}
