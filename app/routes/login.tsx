import { sessionCookie } from "@server/auth/tokens.ts";
import { DomainError } from "@server/domain-errors.ts";
import { currentUser } from "@server/http/auth-guard.ts";
import { type FormEvent, useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { safeRedirect } from "~/lib/auth/redirect.ts";
import { authTexts } from "~/lib/auth/texts.ts";
import { passOnHeaders } from "~/lib/route-headers.ts";
import { SITE_NAME } from "~/lib/site.ts";
import type { Route } from "./+types/login";

const REMEMBERED_EMAIL = "rememberedEmail";

export const headers = passOnHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (await currentUser(request, context)) throw redirect(redirectTo);
  return data(
    { language: context.request.uiLanguage, redirectTo, reset: url.searchParams.get("senha") === "alterada" },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Sign-in without JavaScript: a plain form post; success sets the session cookie and redirects. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const remember = form.get("remember") === "on";
  const redirectTo = safeRedirect(String(form.get("redirectTo") ?? ""));
  if (!email.trim() || !password) return { error: "missing" as const, email };
  try {
    const session = await context.services.sessions.login(email, password, {
      remember,
      userAgent: request.headers.get("user-agent") ?? undefined,
    });
    return redirect(redirectTo, {
      headers: {
        "Set-Cookie": sessionCookie(session.token, {
          maxAgeMs: remember ? session.expiresAt.getTime() - Date.now() : null,
          secure: context.services.config.publicBaseUrl.startsWith("https:"),
        }),
      },
    });
  } catch (error) {
    if (
      DomainError.is(error, "unauthenticated") ||
      DomainError.is(error, "rate-limited") ||
      DomainError.is(error, "forbidden")
    ) {
      // Wrong credentials read alike whatever the cause (A §8); a limit or a suspended company says why.
      return {
        error: error.kind === "unauthenticated" ? ("invalid" as const) : ("limited" as const),
        message: error.message,
        email,
      };
    }
    throw error;
  }
}

export function meta({ data }: Route.MetaArgs) {
  const t = authTexts(data?.language ?? "pt");
  return [{ title: `${t.loginTitle} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
}

/**
 * The login page (A §2, §4, §5): shown alone, without header and footer. With JavaScript it signs in
 * through POST /api/auth/login (as the spec's auth service does) and remembers the e-mail locally.
 */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = authTexts(loaderData.language);
  const navigation = useNavigation();
  const [email, setEmail] = useState(actionData?.email ?? "");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(
    actionData?.error === "invalid"
      ? t.invalidCredentials
      : actionData?.error === "limited"
        ? (actionData.message ?? t.loginFailed)
        : actionData?.error === "missing"
          ? t.fillBoth
          : null,
  );

  useEffect(() => {
    const remembered = localStorage.getItem(REMEMBERED_EMAIL);
    if (remembered) {
      setEmail((current) => current || remembered);
      setRemember(true);
    }
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    if (!email.trim() || !password) {
      setError(t.fillBoth);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email: email.trim(), password, remember }),
      });
      const body = (await response.json().catch(() => ({}))) as { token?: string; message?: string };
      if (!response.ok) {
        // A refused sign-in (401) and a malformed address (400) read the same (A §8); a limit says why.
        setError(
          response.status === 401 || response.status === 400
            ? t.invalidCredentials
            : (body.message ?? t.loginFailed),
        );
        return;
      }
      if (!body.token) {
        setError(t.tokenMissing);
        return;
      }
      if (remember) localStorage.setItem(REMEMBERED_EMAIL, email.trim());
      else localStorage.removeItem(REMEMBERED_EMAIL);
      // The session lives in an httpOnly cookie set by the answer; the token is not kept in script reach.
      // The portal and the admin live at the root, outside a language prefix's basename: the next
      // page is a document of its own.
      window.location.replace(loaderData.redirectTo);
    } catch {
      setError(t.loginFailed);
    } finally {
      setLoading(false);
    }
  };

  const busy = loading || navigation.state === "submitting";
  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/" className="auth-card__logo">
          <img src="/images/logo.svg" alt={SITE_NAME} width={148} height={36} />
        </Link>
        <h1>{t.loginTitle}</h1>
        <p className="auth-card__subtitle">{t.loginSubtitle}</p>
        {loaderData.reset && <p className="banner banner--success">{t.passwordChanged}</p>}
        {error && (
          <p className="banner banner--error" role="alert">
            {error}
          </p>
        )}
        <Form method="post" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <div className="field">
            <label htmlFor="login-email" className="field__label">
              {t.email}
            </label>
            <input
              id="login-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="login-password" className="field__label">
              {t.password}
            </label>
            <div className="password-field">
              <input
                id="login-password"
                name="password"
                type={visible ? "text" : "password"}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <button
                type="button"
                className="password-field__toggle"
                aria-pressed={visible}
                aria-controls="login-password"
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? t.hidePassword : t.showPassword}
              </button>
            </div>
          </div>
          <div className="auth-card__row">
            <label className="checkbox">
              <input
                type="checkbox"
                name="remember"
                checked={remember}
                onChange={(e) => setRemember(e.target.checked)}
              />
              {t.remember}
            </label>
            <Link to="/forgot-password">{t.forgot}</Link>
          </div>
          <button
            type="submit"
            className="button button--primary auth-card__submit"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? t.submitting : t.submit}
          </button>
        </Form>
        <p className="auth-card__footer">
          {t.noAccount} <Link to="/register">{t.register}</Link>
        </p>
        <p className="auth-card__footer">
          <Link to="/">{t.backToSite}</Link>
        </p>
      </div>
    </main>
  );
}
