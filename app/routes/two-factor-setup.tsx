import { landingAfterSignIn } from "@domain/auth/redirect.ts";
import { securityTexts } from "@domain/auth/security-texts.ts";
import { isStaffRole } from "@domain/auth/staff.ts";
import { authTexts } from "@domain/auth/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { qrSvgPath } from "@server/billing/qr.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requestToken } from "@server/http/auth-guard.ts";
import { Fragment } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { QrCode } from "~/components/qr-code.tsx";
import { RecoveryCodes } from "~/components/RecoveryCodes.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import accountStylesheet from "~/styles/account.css?url";
import type { Route } from "./+types/two-factor-setup";

/**
 * Two-factor set-up (decision 112), /conta/dois-fatores: the QR code and its key as base32 text, a
 * 'Código' to confirm, then the ten recovery codes shown once. Staff come here straight after
 * their password (their session opens nothing else until it is done); anyone may come from the
 * security section of their account. Shown alone, like the login: in Portuguese for staff, like the
 * admin; in the site's language (Portuguese or English) for customers, like their portal.
 */
export const handle: RouteHandle = { standalone: true, hideChat: true };

const NO_STORE = { "Cache-Control": "private, no-store" };

async function signedIn(request: Request, context: Route.LoaderArgs["context"]) {
  const session = await context.services.sessions.sessionForToken(requestToken(request));
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return session;
}

/** The screen's language: staff read the admin's Portuguese; customers the language they chose. */
function languageOf(session: { user: { role: string } }, context: Route.LoaderArgs["context"]) {
  return isStaffRole(session.user.role) ? "pt" : context.request.uiLanguage;
}

/** The account screens' own styles (decision 112): not in the public pages' stylesheet. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStylesheet }];

/** The secret, the recovery codes and the sessions are never kept by a cache: the loader's `no-store` goes out. */
export const headers = passOnHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await signedIn(request, context);
  const redirectTo = landingAfterSignIn(
    session.user.role,
    new URL(request.url).searchParams.get("redirectTo"),
  );
  const staff = session.twoFactorSetupRequired;
  const language = languageOf(session, context);
  const status = await context.services.twoFactor.status(session.user.id);
  if (status.enabled)
    return data({ enabled: true as const, redirectTo, staff, language, setup: null }, { headers: NO_STORE });
  const setup = await context.services.twoFactor.beginSetup(session.user, session.sessionId);
  return data(
    {
      enabled: false as const,
      redirectTo,
      staff,
      language,
      setup: { secret: setup.secret, qr: qrSvgPath(setup.uri) },
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await signedIn(request, context);
  const form = await request.formData();
  const code = String(form.get("code") ?? "").slice(0, 20);
  const language = languageOf(session, context);
  const t = securityTexts(language);
  if (!code.trim()) return data({ error: t.codeMissing, codes: null }, { status: 400 });
  try {
    const codes = await context.services.twoFactor.confirmSetup(session.user.id, code, session.sessionId);
    // A change of the second factor ends every other session of the person (decision 112).
    await context.services.sessions.revokeOthers(session.user.id, requestToken(request));
    context.services.logger.info({ userId: session.user.id }, "two-factor sign-in turned on");
    return data({ error: null, codes }, { headers: NO_STORE });
  } catch (error) {
    if (DomainError.is(error, "invalid") || DomainError.is(error, "conflict"))
      return data({ error: refusalText(error, language), codes: null }, { status: 400, headers: NO_STORE });
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${securityTexts(loaderData?.language ?? "pt").setupTitle} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const s = securityTexts(loaderData.language);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const codes = actionData?.codes ?? null;
  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/" className="auth-card__logo" reloadDocument>
          <img src="/images/logo.svg" alt={SITE_NAME} width={148} height={36} />
        </Link>
        {codes ? (
          <>
            <h1>{s.enabledTitle}</h1>
            <h2>{s.recoveryTitle}</h2>
            <p>{s.recoveryLead}</p>
            <RecoveryCodes codes={codes} texts={s} />
            <a className="button button--primary auth-card__submit" href={loaderData.redirectTo}>
              {s.continue}
            </a>
          </>
        ) : loaderData.enabled ? (
          <>
            <h1>{s.enabledTitle}</h1>
            <a className="button button--primary auth-card__submit" href={loaderData.redirectTo}>
              {s.continue}
            </a>
          </>
        ) : (
          <>
            <h1>{s.setupTitle}</h1>
            <p className="auth-card__subtitle">{loaderData.staff ? s.setupLeadStaff : s.setupLead}</p>
            <ol className="two-factor__steps">
              <li>
                {s.setupStep1}
                <div className="two-factor__qr">
                  <QrCode
                    id="two-factor-qr-title"
                    size={loaderData.setup.qr.size}
                    path={loaderData.setup.qr.path}
                    title={s.qrTitle}
                  />
                </div>
              </li>
              <li>
                {s.setupStep2}
                <p className="two-factor__secret">
                  <span className="visually-hidden">{s.secretLabel}: </span>
                  {/* In groups of four, as apps and people read it; apps ignore the spaces. */}
                  <code data-testid="totp-secret">
                    {loaderData.setup.secret.match(/.{1,4}/g)?.map((group, i) => (
                      <Fragment key={group + String(i)}>
                        {i > 0 && " "}
                        <span>{group}</span>
                      </Fragment>
                    ))}
                  </code>
                </p>
              </li>
              <li>{s.setupStep3}</li>
            </ol>
            <Form method="post" noValidate>
              <div className="field">
                <label htmlFor="setup-code" className="field__label">
                  {s.code}
                </label>
                <input
                  id="setup-code"
                  name="code"
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={20}
                  required
                  aria-invalid={actionData?.error ? true : undefined}
                  aria-describedby={actionData?.error ? "setup-code-error" : undefined}
                />
                {actionData?.error && (
                  <p id="setup-code-error" className="field__error" role="alert">
                    {actionData.error}
                  </p>
                )}
              </div>
              <button
                type="submit"
                className="button button--primary auth-card__submit"
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {busy ? s.activating : s.activate}
              </button>
            </Form>
            <form method="post" action="/logout" className="auth-card__footer">
              <button type="submit" className="button button--link">
                {authTexts(loaderData.language).logout}
              </button>
            </form>
          </>
        )}
      </div>
    </main>
  );
}
