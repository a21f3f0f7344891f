import { refusalText } from "@domain/refusals.ts";
import type { StaffAccountOutcome } from "@server/auth/staff-accounts.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Form, useNavigation } from "react-router";
import { usersTexts as t } from "~/admin/user-texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminScreen(request, context, "users");
  return data(
    {
      me: admin.id,
      users: await context.services.accounts.list(),
      canInvite: context.services.passwordReset.available,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** A new account as the screen says it: its refusal, its one-time password or its invitation. */
function creationMessage(created: StaffAccountOutcome): { ok: boolean; message: string } {
  if (!created.ok)
    return {
      ok: false,
      message: created.refusal === "invalid" ? `${created.field}: ${created.issue}` : t[created.refusal],
    };
  if (created.access === "password")
    return { ok: true, message: t.created(created.user.email, created.password) };
  return created.sent
    ? { ok: true, message: t.invited(created.user.email) }
    : { ok: false, message: t.inviteFailed(created.user.email) };
}

/**
 * Users (decisions 072, 074, 135): create with a one-time password or an invitation (a customer in the
 * company of the CNPJ given, decision 091), deactivate or reactivate, end all sessions.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "users");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const userId = String(form.get("userId") ?? "");
  const { accounts, sessions, staffAccounts } = context.services;
  try {
    if (intent === "create")
      return creationMessage(await staffAccounts.create(admin, Object.fromEntries(form)));
    if (userId === admin.id && intent === "disable") return { ok: false, message: t.notYourself };
    if (intent === "disable" || intent === "enable") {
      // Deactivated, the account's sessions end with it.
      await accounts.setDisabledAsStaff(admin, userId, intent === "disable");
      return { ok: true, message: t.saved };
    }
    if (intent === "end-sessions") {
      const count = await sessions.revokeAll(admin, userId);
      return { ok: true, message: t.sessionsEnded(count) };
    }
    return { ok: false, message: "Ação desconhecida." };
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { users, me, canInvite } = loaderData;
  return (
    <section aria-labelledby="usuarios-titulo">
      <h1 id="usuarios-titulo">{t.title}</h1>
      <ActionResult result={actionData} />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t.email}</th>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.role}</th>
              <th scope="col">{t.state}</th>
              <th scope="col">{t.twoFactor}</th>
              <th scope="col">{t.actions}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>{user.email}</td>
                <td>{user.name}</td>
                <td>{t.roles[user.role]}</td>
                <td>{user.disabled ? t.disabled : t.active}</td>
                <td>
                  {user.twoFactor
                    ? t.twoFactorOn
                    : user.role === "customer"
                      ? t.twoFactorOff
                      : t.twoFactorPending}
                </td>
                <td>
                  <Form method="post" className="user-actions">
                    <input type="hidden" name="userId" value={user.id} />
                    {user.id !== me && (
                      <button
                        type="submit"
                        name="intent"
                        value={user.disabled ? "enable" : "disable"}
                        className="button button--outline"
                        disabled={busy}
                      >
                        {user.disabled ? t.enable : t.disable}
                      </button>
                    )}
                    <button
                      type="submit"
                      name="intent"
                      value="end-sessions"
                      className="button button--outline"
                      disabled={busy}
                    >
                      {t.endSessions}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{t.create}</h2>
      <Form method="post" className="inbox-filters">
        <label className="field">
          <span className="field__label">{t.email}</span>
          <input type="email" name="email" required maxLength={200} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field__label">{t.name}</span>
          <input type="text" name="name" maxLength={100} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field__label">{t.role}</span>
          <select name="role" defaultValue="customer">
            <option value="customer">{t.roles.customer}</option>
            <option value="editor">{t.roles.editor}</option>
            <option value="admin">{t.roles.admin}</option>
          </select>
        </label>
        <div className="field">
          <label htmlFor="usuario-cnpj" className="field__label">
            {t.cnpj}
          </label>
          <input
            id="usuario-cnpj"
            type="text"
            name="cnpj"
            maxLength={30}
            autoComplete="off"
            aria-describedby="cnpj-dica"
          />
          <span id="cnpj-dica" className="field__hint">
            {t.cnpjHint}
          </span>
        </div>
        <label className="field">
          <span className="field__label">{t.companyName}</span>
          <input type="text" name="companyName" maxLength={200} autoComplete="off" />
        </label>
        <label className="field">
          <span className="field__label">{t.access}</span>
          <select
            name="access"
            defaultValue="password"
            aria-describedby={canInvite ? undefined : "convite-aviso"}
          >
            <option value="password">{t.accessPassword}</option>
            <option value="invite" disabled={!canInvite}>
              {t.accessInvite}
            </option>
          </select>
          {!canInvite && (
            <span id="convite-aviso" className="field__hint">
              {t.inviteUnavailable}
            </span>
          )}
        </label>
        <button type="submit" name="intent" value="create" className="button button--primary" disabled={busy}>
          {t.create}
        </button>
      </Form>
    </section>
  );
}
