import { landingAfterSignIn, safeRedirect, twoFactorSetupPath } from "@domain/auth/redirect.ts";
import { securityTexts } from "@domain/auth/security-texts.ts";
import { authTexts } from "@domain/auth/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import { SITE_NAME } from "@domain/site.ts";
import { DomainError } from "@server/domain-errors.ts";
import { currentUser } from "@server/http/auth-guard.ts";
import { signIn } from "@server/http/sign-in.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { passOnHeaders } from "~/react/route-headers.ts";
import type { Route } from "./+types/login";

const REMEMBERED_EMAIL = "rememberedEmail";

export const headers = passOnHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Only where the person was going; without it each lands on their own home (staff the admin).
  const asked = url.searchParams.get("redirectTo");
  const redirectTo = asked ? safeRedirect(asked) : null;
  const user = await currentUser(request, context);
  if (user) throw redirect(landingAfterSignIn(user.role, redirectTo));
  return data(
    { language: context.request.uiLanguage, redirectTo, reset: url.searchParams.get("senha") === "alterada" },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Sign-in without JavaScript: a plain form post; success sets the session cookie and redirects. */
export async function action({ request, context }: Route.ActionArgs) {
  const language = context.request.uiLanguage;
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const remember = form.get("remember") === "on";
  const code = String(form.get("code") ?? "").slice(0, 20);
  const asked = String(form.get("redirectTo") ?? "");
  if (!email.trim() || !password) return { error: "missing" as const, email, twoFactor: Boolean(code) };
  try {
    const { session, cookie } = await signIn(request, context, {
      email,
      password,
      remember,
      code: code || undefined,
    });
    // Staff without a second factor set it up before anything else (decision 112).
    const landing = landingAfterSignIn(session.user.role, asked);
    const next = session.twoFactorSetupRequired ? twoFactorSetupPath(landing) : landing;
    return redirect(next, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (DomainError.is(error, "unauthenticated") && error.details?.twoFactorRequired) {
      // Without JavaScript the password is typed again with the code: it is never put back in the page.
      return {
        error: code ? ("code" as const) : null,
        message: refusalText(error, language),
        email,
        twoFactor: true,
      };
    }
    if (
      DomainError.is(error, "unauthenticated") ||
      DomainError.is(error, "rate-limited") ||
      DomainError.is(error, "forbidden")
    ) {
      // Wrong credentials read alike whatever the cause (A §8); a limit or a suspended company says why.
      return {
        error: error.kind === "unauthenticated" ? ("invalid" as const) : ("limited" as const),
        message: refusalText(error, language),
        email,
        twoFactor: Boolean(code),
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
 * An account with two-factor (decision 112) gets a second step asking for the 'Código'.
 */
export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = authTexts(loaderData.language);
  const s = securityTexts(loaderData.language);
  const navigation = useNavigation();
  const [email, setEmail] = useState(actionData?.email ?? "");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);
  // The second step: with JavaScript the password stays in memory and only the code is asked.
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState("");
  // Without JavaScript the first refusal asks for the code, a later one says it was wrong.
  const [codeError, setCodeError] = useState<string | null>(
    actionData?.twoFactor && actionData.error === "code"
      ? s.invalidCode
      : actionData?.twoFactor && actionData.error === null
        ? s.codeMissing
        : null,
  );
  const [error, setError] = useState<string | null>(
    actionData?.error === "invalid"
      ? t.invalidCredentials
      : actionData?.error === "limited"
        ? (actionData.message ?? t.loginFailed)
        : actionData?.error === "missing"
          ? t.fillBoth
          : null,
  );
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const remembered = localStorage.getItem(REMEMBERED_EMAIL);
    if (remembered) {
      setEmail((current) => current || remembered);
      setRemember(true);
    }
  }, []);

  useEffect(() => {
    if (codeStep) codeInput.current?.focus();
  }, [codeStep]);

  const signIn = async (withCode: string | undefined) => {
    setLoading(true);
    setError(null);
    setCodeError(null);
    try {
      const response = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          email: email.trim(),
          password,
          remember,
          ...(withCode ? { code: withCode } : {}),
        }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        token?: string;
        message?: string;
        twoFactorRequired?: boolean;
        setupRequired?: boolean;
        user?: { role: string };
      };
      if (response.status === 401 && body.twoFactorRequired) {
        if (withCode) setCodeError(s.invalidCode);
        setCodeStep(true);
        return;
      }
      const rememberEmail = () => {
        if (remember) localStorage.setItem(REMEMBERED_EMAIL, email.trim());
        else localStorage.removeItem(REMEMBERED_EMAIL);
      };
      if (response.status === 403 && body.setupRequired) {
        // Staff without a second factor: the answer set a session that opens only the set-up page.
        rememberEmail();
        // Only staff must set it up: their home is the admin.
        window.location.replace(
          twoFactorSetupPath(loaderData.redirectTo ?? landingAfterSignIn("admin", null)),
        );
        return;
      }
      if (!response.ok) {
        // A refused sign-in (401) and a malformed address (400) read the same (A §8); a limit says why.
        const message =
          response.status === 401 || response.status === 400
            ? t.invalidCredentials
            : (body.message ?? t.loginFailed);
        if (withCode) setCodeError(response.status === 429 ? s.tooManyCodes : message);
        else setError(message);
        return;
      }
      if (!body.token) {
        setError(t.tokenMissing);
        return;
      }
      rememberEmail();
      // The session lives in an httpOnly cookie set by the answer; the token is not kept in script reach.
      // The portal and the admin live at the root, outside a language prefix's basename: the next
      // page is a document of its own.
      window.location.replace(landingAfterSignIn(body.user?.role ?? "customer", loaderData.redirectTo));
    } catch {
      setError(t.loginFailed);
    } finally {
      setLoading(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    if (codeStep) {
      if (!code.trim()) {
        setCodeError(s.codeMissing);
        return;
      }
      await signIn(code.trim());
      return;
    }
    if (!email.trim() || !password) {
      setError(t.fillBoth);
      return;
    }
    await signIn(undefined);
  };

  const busy = loading || navigation.state === "submitting";
  // Without JavaScript, a refused first step comes back with the code field beside the password.
  const askCode = codeStep || Boolean(actionData?.twoFactor);
  const codeField = (
    <div className="field">
      <label htmlFor="login-code" className="field__label">
        {s.code}
      </label>
      <input
        ref={codeInput}
        id="login-code"
        name="code"
        type="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={20}
        aria-describedby={codeError ? "login-code-hint login-code-error" : "login-code-hint"}
        aria-invalid={codeError ? true : undefined}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <p id="login-code-hint" className="field__hint">
        {s.codeStepLead}
      </p>
      {codeError && (
        <p id="login-code-error" className="field__error" role="alert">
          {codeError}
        </p>
      )}
    </div>
  );
  return (
    <main className="auth-page">
      <div className="auth-card">
        <Link to="/" className="auth-card__logo">
          <img src="/images/logo.svg" alt={SITE_NAME} width={148} height={36} />
        </Link>
        <h1>{codeStep ? s.codeStepTitle : t.loginTitle}</h1>
        {!codeStep && <p className="auth-card__subtitle">{t.loginSubtitle}</p>}
        {loaderData.reset && <p className="banner banner--success">{t.passwordChanged}</p>}
        {error && (
          <p className="banner banner--error" role="alert">
            {error}
          </p>
        )}
        <Form method="post" onSubmit={onSubmit} noValidate>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
          {codeStep ? (
            codeField
          ) : (
            <>
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
              {askCode && codeField}
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
            </>
          )}
          <button
            type="submit"
            className="button button--primary auth-card__submit"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {codeStep ? (busy ? s.verifying : s.verify) : busy ? t.submitting : t.submit}
          </button>
          {codeStep && (
            <button
              type="button"
              className="button button--outline auth-card__submit auth-card__back"
              onClick={() => {
                setCodeStep(false);
                setCode("");
                setCodeError(null);
              }}
            >
              {s.back}
            </button>
          )}
        </Form>
        {!codeStep && (
          <>
            <p className="auth-card__footer">
              {t.noAccount} <Link to="/register">{t.register}</Link>
            </p>
            <p className="auth-card__footer">
              <Link to="/">{t.backToSite}</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
