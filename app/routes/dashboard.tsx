import { TIMEZONES, timezoneLabel } from "@domain/auth/redirect.ts";
import { preferencesSchema } from "@domain/auth/schemas.ts";
import { authTexts } from "@domain/auth/texts.ts";
import { LANGUAGE_COOKIE } from "@domain/locale.ts";
import { SITE_NAME } from "@domain/site.ts";
import { isValidTimezone } from "@domain/time-zone.ts";
import {
  accountSecurityAction,
  accountSecurityData,
  isSecurityIntent,
} from "@server/http/account-security.ts";
import { portalMemberOf, requirePageUser } from "@server/http/auth-guard.ts";
import { companyLanding } from "@server/portal/landing.ts";
import { useEffect, useState } from "react";
import { data, Form, useFetcher } from "react-router";
import { AccountSecurity } from "~/components/account-security.tsx";
import { CompanyLandingCard } from "~/components/CompanyLandingCard.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import accountStylesheet from "~/styles/account.css?url";
import type { Route } from "./+types/dashboard";

/** Loaded on every visit, so the dashboard always shows the user as stored (A §2). */
export const headers = passOnHeaders;

/** The account screens' own styles (decision 112): not in the public pages' stylesheet. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await requirePageUser(request, context);
  const language = context.request.uiLanguage;
  // The language chosen last, with the header's flag or on this card, is the account's: "Idioma"
  // never says English on a page drawn in Portuguese (the e-mails follow the same choice).
  const user =
    context.request.languageSource === "cookie" && signedIn.preferences.language !== language
      ? await context.services.accounts.updateProfile(signedIn.id, { preferences: { language } })
      : signedIn;
  // A customer lands here after signing in (A §2): their company and the way into the portal first.
  const member = user.role === "customer" ? await portalMemberOf(user, context) : null;
  const [security, company] = await Promise.all([
    accountSecurityData(request, context, user, language),
    member ? companyLanding(context.services, member) : null,
  ]);
  return data({ user, language, security, company }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Saves the preferences card; the language also becomes the site's language for this visitor. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePageUser(request, context);
  const form = await request.formData();
  // The security section's forms (decision 112): sessions, password, two-factor.
  if (isSecurityIntent(form.get("intent"))) {
    const security = await accountSecurityAction(request, context, user, form, context.request.uiLanguage);
    // New recovery codes may be in it: never kept by a cache.
    return data(
      { ok: security.ok, security },
      { status: security.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const parsed = preferencesSchema.safeParse({
    language: form.get("language") || undefined,
    timezone: form.get("timezone") || undefined,
  });
  if (!parsed.success || (parsed.data.timezone && !isValidTimezone(parsed.data.timezone))) {
    return data({ ok: false as const, security: null }, { status: 400 });
  }
  const updated = await context.services.accounts.updateProfile(user.id, { preferences: parsed.data });
  return data(
    { ok: true as const, user: updated, security: null },
    {
      headers: {
        "Set-Cookie": `${LANGUAGE_COOKIE}=${updated.preferences.language}; Path=/; Max-Age=31536000; SameSite=Lax`,
      },
    },
  );
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${authTexts(data?.language ?? "pt").userCard} | ${SITE_NAME}` },
    { name: "robots", content: "noindex" },
  ];
}

/** The dashboard of A §2: greeting, sign-out, the user card and the preferences card. */
export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const t = authTexts(loaderData.language);
  const fetcher = useFetcher<typeof action>();
  const [language, setLanguage] = useState(user.preferences.language);
  const [timezone, setTimezone] = useState(user.preferences.timezone);
  // Data loaded again (the header's flag revalidates this page) brings the stored choice back.
  useEffect(() => setLanguage(user.preferences.language), [user.preferences.language]);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setMessage(fetcher.data.ok ? { tone: "success", text: t.saved } : { tone: "error", text: t.saveFailed });
  }, [fetcher.state, fetcher.data, t]);
  const timezones = TIMEZONES.includes(timezone as (typeof TIMEZONES)[number])
    ? TIMEZONES
    : [timezone, ...TIMEZONES];

  return (
    <section className="account" aria-labelledby="saudacao">
      <header className="account__header">
        <h1 id="saudacao">{t.greeting(user.name)}</h1>
        <Form method="post" action="/logout">
          <button type="submit" className="button button--outline">
            {t.logout}
          </button>
        </Form>
      </header>
      <p>{t.dashboardLead}</p>
      {loaderData.company && (
        <CompanyLandingCard company={loaderData.company} language={loaderData.language} />
      )}
      <div className="account__cards">
        <article className="card" aria-labelledby="card-usuario">
          <h2 id="card-usuario">{t.userCard}</h2>
          <dl className="card__list">
            <div>
              <dt>{t.email}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>{t.username}</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>{t.role}</dt>
              <dd>{t.roles[user.role] ?? user.role}</dd>
            </div>
          </dl>
        </article>
        <article className="card" aria-labelledby="card-preferencias">
          <h2 id="card-preferencias">{t.preferencesCard}</h2>
          <fetcher.Form method="post">
            <div className="field">
              <label htmlFor="pref-idioma" className="field__label">
                {t.language}
              </label>
              <select
                id="pref-idioma"
                name="language"
                value={language}
                onChange={(e) => setLanguage(e.target.value as "pt" | "en")}
              >
                {Object.entries(t.languages).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="pref-fuso" className="field__label">
                {t.timezone}
              </label>
              <select
                id="pref-fuso"
                name="timezone"
                value={timezone}
                onChange={(e) => setTimezone(e.target.value)}
              >
                {timezones.map((zone) => (
                  <option key={zone} value={zone}>
                    {timezoneLabel(zone, loaderData.language)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--primary" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? t.saving : t.save}
            </button>
            <div aria-live="polite">
              {message && <p className={`banner banner--${message.tone}`}>{message.text}</p>}
            </div>
          </fetcher.Form>
        </article>
      </div>
      <AccountSecurity
        data={loaderData.security}
        result={actionData?.security}
        language={loaderData.language}
        timeZone={user.preferences.timezone}
        returnTo="/dashboard"
      />
    </section>
  );
}
