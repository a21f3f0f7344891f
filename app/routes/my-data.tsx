import { emailProblem, leadCopyTexts } from "@domain/privacy/texts.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { leadCopyEmailSchema } from "@server/privacy/lead-copy.ts";
import { data, Form } from "react-router";
import { SiteLink } from "~/components/SiteLink.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import type { Route } from "./+types/my-data";

export const headers = passOnHeaders;

/**
 * A public page without React Router in the browser (decision 108): nothing on it needs JavaScript
 * (a plain form post), so only the site's header and chat are hydrated.
 */
export const handle: RouteHandle = { islands: true };

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

/**
 * GET /meus-dados (and /en/…): a visitor asks, by the e-mail they used, for a copy of their leads
 * (decision 111, LGPD art. 18 II). The answer is the same whether or not the address sent us anything;
 * the copy goes to that address after a confirmation link (server/privacy/lead-copy.ts). A plain
 * form post: it works without JavaScript.
 */
export function loader({ context }: Route.LoaderArgs) {
  return data({ language: context.request.uiLanguage }, { headers: PRIVATE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const language = context.request.uiLanguage;
  const raw = (await request.formData()).get("email");
  const text = typeof raw === "string" ? raw : "";
  const email = leadCopyEmailSchema.safeParse(text);
  if (!email.success)
    return data(
      {
        ok: false as const,
        email: text.slice(0, 200),
        error: emailProblem(language, text.trim() === "" ? "missing" : "invalid"),
      },
      { status: 400, headers: PRIVATE },
    );
  await context.services.leadCopy.request(email.data, language);
  return data({ ok: true as const, email: "", error: null }, { headers: PRIVATE });
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${leadCopyTexts(data?.language ?? "pt").title} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const t = leadCopyTexts(loaderData.language);
  const error = actionData && !actionData.ok ? actionData.error : null;
  return (
    <section className="auth-page auth-page--inline" aria-labelledby="meus-dados-titulo">
      <div className="auth-card">
        <h1 id="meus-dados-titulo">{t.title}</h1>
        {actionData?.ok ? (
          <p className="banner banner--success" role="status">
            {t.requested}
          </p>
        ) : (
          <>
            <p className="auth-card__subtitle">{t.intro}</p>
            {error && (
              <p className="banner banner--error" role="alert">
                {error}
              </p>
            )}
            <Form method="post" noValidate>
              <div className="field">
                <label htmlFor="meus-dados-email" className="field__label">
                  {t.emailLabel}
                </label>
                <input
                  id="meus-dados-email"
                  type="email"
                  name="email"
                  required
                  maxLength={200}
                  autoComplete="email"
                  defaultValue={actionData?.email ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "meus-dados-erro" : "meus-dados-nota"}
                />
                {error ? (
                  <span id="meus-dados-erro" className="field__error">
                    {error}
                  </span>
                ) : (
                  <span id="meus-dados-nota" className="field__hint">
                    {t.note}
                  </span>
                )}
              </div>
              <button type="submit" className="button button--primary auth-card__submit">
                {t.submit}
              </button>
            </Form>
          </>
        )}
        <p className="auth-card__footer">
          <SiteLink to="/politicas">{t.privacyPolicy}</SiteLink>
          {" · "}
          <SiteLink to="/">{t.backToSite}</SiteLink>
        </p>
      </div>
    </section>
  );
}
