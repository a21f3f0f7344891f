import { TWO_FACTOR_SETUP_PATH } from "@domain/auth/redirect.ts";
import { securityTexts } from "@domain/auth/security-texts.ts";
import { formatDateTime } from "@domain/format.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import type { AccountSecurityData, SecurityResult } from "@server/http/account-security.ts";
import { Form, useNavigation } from "react-router";
import { RecoveryCodes } from "./RecoveryCodes.tsx";

/**
 * A person's account security (decision 112), on /dashboard and the admin's account page: two-factor
 * status and its changes, the sessions where the account is signed in ('Encerrar', 'Encerrar
 * todas as outras'), and a password change. Plain form posts: it works before hydration too.
 */
export function AccountSecurity({
  data,
  result,
  language,
  timeZone,
  returnTo,
}: {
  data: AccountSecurityData;
  result: SecurityResult | null | undefined;
  language: OfferedLanguage;
  timeZone: string;
  /** Where the set-up page sends the person back to. */
  returnTo: string;
}) {
  const t = securityTexts(language);
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const when = (iso: string) => formatDateTime(iso, language, { timeZone });
  const feedback = (intent: SecurityResult["intent"]) =>
    result?.intent === intent && !result.field ? (
      <p
        className={`banner ${result.ok ? "banner--success" : "banner--error"}`}
        role={result.ok ? "status" : "alert"}
      >
        {result.message}
      </p>
    ) : null;
  const fieldError = (intent: SecurityResult["intent"], field: SecurityResult["field"], id: string) =>
    result?.intent === intent && result.field === field ? (
      <p id={id} className="field__error" role="alert">
        {result.message}
      </p>
    ) : null;
  const others = data.sessions.filter((s) => !s.current).length;
  const passwordError = result?.intent === "change-password" ? result.field : undefined;
  const codeField = (intent: "disable-two-factor" | "new-recovery-codes") => {
    const id = `security-code-${intent}`;
    const invalid = result?.intent === intent && result.field === "code";
    return (
      <div className="field">
        <label htmlFor={id} className="field__label">
          {t.confirmWithCode}
        </label>
        <input
          id={id}
          name="code"
          type="text"
          autoComplete="one-time-code"
          maxLength={20}
          required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        {fieldError(intent, "code", `${id}-error`)}
      </div>
    );
  };

  /** A change of two-step verification, folded until opened: it asks a code before it runs. */
  const confirmWithCode = (
    intent: "disable-two-factor" | "new-recovery-codes",
    summary: string,
    action: string,
    tone: "button--outline" | "button--danger",
  ) => (
    <details open={result?.intent === intent && !result.ok}>
      <summary>{summary}</summary>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value={intent} />
        {codeField(intent)}
        <button type="submit" className={`button ${tone}`} disabled={busyIntent === intent}>
          {action}
        </button>
      </Form>
    </details>
  );

  return (
    <section className="card account-security" aria-labelledby="account-security-title">
      <h2 id="account-security-title">{t.securityTitle}</h2>

      <h3>{t.twoFactorTitle}</h3>
      {data.twoFactor.enabled ? (
        <>
          <p>
            {t.twoFactorOn(when(data.twoFactor.enabledAt!))}{" "}
            {data.twoFactor.required && t.twoFactorRequiredStaff}{" "}
            {t.recoveryLeft(data.twoFactor.recoveryCodesLeft)}
          </p>
          {feedback("new-recovery-codes")}
          {result?.intent === "new-recovery-codes" && result.recoveryCodes && (
            <>
              <p>{t.recoveryLead}</p>
              <RecoveryCodes codes={result.recoveryCodes} texts={t} />
            </>
          )}
          <div className="account-security__actions">
            {confirmWithCode("new-recovery-codes", t.newRecoveryCodes, t.newRecoveryCodes, "button--outline")}
            {!data.twoFactor.required &&
              confirmWithCode("disable-two-factor", t.turnOffSummary, t.turnOff, "button--danger")}
          </div>
        </>
      ) : (
        <>
          {feedback("disable-two-factor")}
          <p>{t.twoFactorOff}</p>
          <a
            className="button button--primary"
            href={`${TWO_FACTOR_SETUP_PATH}?redirectTo=${encodeURIComponent(returnTo)}`}
          >
            {t.turnOn}
          </a>
        </>
      )}

      <h3 id="sessions-title">{t.sessionsTitle}</h3>
      <p>{t.sessionsLead}</p>
      {feedback("end-session")}
      {feedback("end-other-sessions")}
      <div className="table-scroll">
        <table className="sessions-table" aria-labelledby="sessions-title">
          <thead>
            <tr>
              <th scope="col">{t.device}</th>
              <th scope="col">{t.place}</th>
              <th scope="col">{t.firstUse}</th>
              <th scope="col">{t.lastUse}</th>
              <th scope="col">
                <span className="visually-hidden">{t.end}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.sessions.map((session) => (
              <tr key={session.id}>
                <th scope="row">
                  {session.device}
                  {session.current && <span className="sessions-table__current">{t.thisDevice}</span>}
                </th>
                <td data-label={t.place}>{session.network ?? t.unknownPlace}</td>
                <td data-label={t.firstUse}>{when(session.createdAt)}</td>
                <td data-label={t.lastUse}>{when(session.lastUsedAt)}</td>
                <td>
                  {!session.current && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="end-session" />
                      <input type="hidden" name="sessionId" value={session.id} />
                      <button
                        type="submit"
                        className="button button--outline button--small"
                        aria-label={`${t.end}: ${session.device}, ${session.network ?? t.unknownPlace}`}
                      >
                        {t.end}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others === 0 ? (
        <p className="muted">{t.sessionsEmpty}</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <button
            type="submit"
            className="button button--outline"
            disabled={busyIntent === "end-other-sessions"}
          >
            {t.endOthers}
          </button>
        </Form>
      )}

      <h3>{t.passwordTitle}</h3>
      <p>{t.passwordLead}</p>
      {feedback("change-password")}
      <Form method="post" noValidate className="account-security__password">
        <input type="hidden" name="intent" value="change-password" />
        <div className="field">
          <label htmlFor="security-current-password" className="field__label">
            {t.currentPassword}
          </label>
          <input
            id="security-current-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={passwordError === "currentPassword" || undefined}
            aria-describedby={
              passwordError === "currentPassword" ? "security-current-password-error" : undefined
            }
          />
          {fieldError("change-password", "currentPassword", "security-current-password-error")}
        </div>
        <div className="field">
          <label htmlFor="security-new-password" className="field__label">
            {t.newPassword}
          </label>
          <input
            id="security-new-password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            aria-invalid={passwordError === "newPassword" || undefined}
            aria-describedby={
              passwordError === "newPassword"
                ? "security-new-password-hint security-new-password-error"
                : "security-new-password-hint"
            }
          />
          <p id="security-new-password-hint" className="field__hint">
            {t.passwordHint}
          </p>
          {fieldError("change-password", "newPassword", "security-new-password-error")}
        </div>
        <button type="submit" className="button button--primary" disabled={busyIntent === "change-password"}>
          {t.changePassword}
        </button>
      </Form>
    </section>
  );
}
