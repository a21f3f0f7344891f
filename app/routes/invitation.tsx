import { portalTexts } from "@domain/portal/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import { SITE_NAME } from "@domain/site.ts";
import { sessionCookie } from "@server/auth/tokens.ts";
import { DomainError } from "@server/domain-errors.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { passOnHeaders } from "~/react/route-headers.ts";
import portalStylesheet from "~/styles/portal.css?url";
import type { Route } from "./+types/invitation";

export const headers = passOnHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: portalStylesheet }];

/** The secret is in the address: nobody keeps this page, and no other site learns the address. */
const PRIVATE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const language = context.request.uiLanguage;
  try {
    const invitation = await context.services.members.pending(params.token);
    return data({ language, invitation, error: null }, { headers: PRIVATE });
  } catch (error) {
    if (!DomainError.is(error)) throw error;
    return data(
      { language, invitation: null, error: refusalText(error, language) },
      { status: 404, headers: PRIVATE },
    );
  }
}

/** Creates the invited person's account in the company and signs them in (decision 091). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const language = context.request.uiLanguage;
  const t = portalTexts(language);
  const form = await request.formData();
  const name = String(form.get("name") ?? "").slice(0, 100);
  const password = String(form.get("password") ?? "").slice(0, 200);
  if (password !== String(form.get("confirm") ?? "")) return { message: t.accept.mismatch, name };
  try {
    const user = await context.services.members.accept(params.token, { name, password });
    const session = await context.services.sessions.login(user.email, password, {
      remember: false,
      userAgent: request.headers.get("user-agent") ?? undefined,
    });
    return redirect("/user/dashboard", {
      headers: {
        "Set-Cookie": sessionCookie(session.token, {
          maxAgeMs: null,
          secure: context.services.config.publicBaseUrl.startsWith("https:"),
        }),
      },
    });
  } catch (error) {
    if (DomainError.is(error)) return { message: refusalText(error, language), name };
    throw error;
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = portalTexts(loaded?.language ?? "pt");
  return [{ title: `${t.accept.title} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
}

/** The invitation page: who invited whom to which company; name and password, then the portal. */
export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const { language, invitation, error } = loaderData;
  const t = portalTexts(language);
  const busy = useNavigation().state === "submitting";
  if (!invitation) {
    return (
      <section className="auth-page auth-page--inline" aria-labelledby="convite-titulo">
        <div className="auth-card">
          <h1 id="convite-titulo">{t.accept.invalidTitle}</h1>
          <p>{error}</p>
          <p>
            <Link to="/" className="button button--primary">
              {t.accept.home}
            </Link>
          </p>
        </div>
      </section>
    );
  }
  return (
    <section className="auth-page auth-page--inline" aria-labelledby="convite-titulo">
      <div className="auth-card">
        <h1 id="convite-titulo">{t.accept.title}</h1>
        <p>{t.accept.intro(invitation.companyName, t.roles[invitation.role])}</p>
        {actionData?.message && (
          <p className="banner banner--error" role="alert">
            {actionData.message}
          </p>
        )}
        <Form method="post" className="portal-form">
          <label className="field">
            <span className="field__label">{t.accept.email}</span>
            <input type="email" value={invitation.email} readOnly autoComplete="username" />
          </label>
          <label className="field">
            <span className="field__label">{t.accept.name}</span>
            <input
              type="text"
              name="name"
              required
              minLength={2}
              maxLength={100}
              autoComplete="name"
              defaultValue={actionData?.name ?? ""}
            />
          </label>
          {/* The hint is outside the label, so the field's name stays 'Senha'; it is read as its description. */}
          <div className="field">
            <label htmlFor="convite-senha" className="field__label">
              {t.accept.password}
            </label>
            <input
              id="convite-senha"
              type="password"
              name="password"
              required
              minLength={8}
              maxLength={200}
              autoComplete="new-password"
              aria-describedby="senha-dica"
            />
            <span id="senha-dica" className="field__hint">
              {t.accept.passwordHint}
            </span>
          </div>
          <label className="field">
            <span className="field__label">{t.accept.confirm}</span>
            <input
              type="password"
              name="confirm"
              required
              minLength={8}
              maxLength={200}
              autoComplete="new-password"
            />
          </label>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t.accept.submit}
          </button>
        </Form>
      </div>
    </section>
  );
}
