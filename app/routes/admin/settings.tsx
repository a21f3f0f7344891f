import { randomBytes } from "node:crypto";
import { deliveryCounts } from "@server/admin/dashboard.ts";
import { API_KEY_SCOPES } from "@server/auth/api-keys.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { createCustomer } from "@server/portal/customers.ts";
import { privacySettingsSchema, RETENTION_MONTHS } from "@server/privacy/settings.ts";
import { data, Form, useNavigation } from "react-router";
import { apiKeyTexts } from "~/admin/billing-texts.ts";
import { CircuitNotices } from "~/admin/CircuitNotices.tsx";
import { CopyField } from "~/admin/CopyField.tsx";
import { type CircuitNotice, circuitNoticeText, toNotice } from "~/admin/circuit-texts.ts";
import { PrivacyCard, privacyCardTexts } from "~/admin/PrivacyCard.tsx";
import { settingsTexts as t } from "~/admin/texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { refusalText } from "~/lib/refusals.ts";
import { USER_ROLES } from "~/lib/user-roles.ts";
import { z } from "~/lib/zod.ts";
import type { Route } from "./+types/settings";

/**
 * B §7.2: the tracker's connection test, as the settings screen shows it; while Jira's circuit is
 * open (decision 124), why, since when and what brings it back, instead of a call it would refuse.
 */
async function trackerStatus(
  jira: Route.LoaderArgs["context"]["services"]["jira"],
  open: readonly CircuitNotice[],
) {
  if (!jira) return { ok: false, text: t.notConfigured };
  const circuit = open.find((notice) => notice.service === "jira");
  if (circuit) return { ok: false, text: circuitNoticeText(circuit) };
  try {
    const me = await jira.myself();
    return { ok: true, text: t.connected(me.displayName ?? me.accountId) };
  } catch {
    return { ok: false, text: t.connectionFailed };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdminScreen(request, context, "settings");
  const { accounts, database, jira, circuits } = context.services;
  const open = (await circuits.listOpen()).map(toNotice);
  const [users, deliveries, tracker, apiKeys, privacy] = await Promise.all([
    accounts.list(),
    deliveryCounts(database.db),
    trackerStatus(jira, open),
    context.services.apiKeys.list(),
    context.services.privacySettings.read(),
  ]);
  return data(
    {
      me: admin.id,
      users,
      deliveries,
      tracker,
      // Jira's own is in its banner above.
      otherCircuits: open.filter((notice) => notice.service !== "jira"),
      canInvite: context.services.passwordReset.available,
      apiKeys,
      privacy: {
        months: privacy.value.leadRetentionMonths,
        version: privacy.version,
        updatedAt: privacy.updatedAt,
        updatedBy: privacy.updatedBy,
        limits: RETENTION_MONTHS,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const createSchema = z.object({
  email: z.email().max(200),
  name: z.string().trim().max(100).optional(),
  role: z.enum(USER_ROLES),
  access: z.enum(["password", "invite"]).default("password"),
  // A customer's company, found by CNPJ or created with this legal name (decision 091).
  cnpj: z.string().trim().max(30).optional(),
  companyName: z.string().trim().max(200).optional(),
});

/**
 * Users (decisions 072, 074): create with a one-time password or an invitation (a customer in the company of
 * the CNPJ given, decision 091), deactivate or reactivate, end all sessions.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "settings");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const userId = String(form.get("userId") ?? "");
  const { accounts, sessions, passwordReset } = context.services;
  try {
    if (intent === "apikey-create" || intent === "apikey-revoke")
      return apiKeyAction(intent, form, admin, context);
    if (intent === "privacy-save") return privacyAction(form, admin.email, context);
    if (intent === "create") {
      const input = createSchema.safeParse(Object.fromEntries(form));
      if (!input.success)
        return {
          ok: false,
          message: `${input.error.issues[0]!.path.join(".")}: ${input.error.issues[0]!.message}`,
        };
      const { access, cnpj, companyName, ...fields } = input.data;
      if (access === "invite" && !passwordReset.available) return { ok: false, message: t.inviteUnavailable };
      if (fields.role === "customer" && !cnpj) return { ok: false, message: t.customerNeedsCompany };
      // An invited account's first password is never shown to anyone: the invitation sets it.
      const password = randomBytes(access === "invite" ? 32 : 9).toString("base64url");
      const user =
        fields.role === "customer"
          ? (
              await createCustomer(
                context.services.accounts,
                context.services.companies,
                { ...fields, password, cnpj: cnpj!, companyName },
                { staff: admin, access },
              )
            ).user
          : await accounts.createAsStaff(admin, { ...fields, password }, { access, cnpj });
      if (access === "invite") {
        const sent = await passwordReset.invite(user, admin.name || admin.email).then(
          () => true,
          (error: unknown) => {
            context.services.logger.error({ err: error }, "invitation e-mail not sent");
            return false;
          },
        );
        if (!sent) return { ok: false, message: t.inviteFailed(user.email) };
      }
      return {
        ok: true,
        message: access === "invite" ? t.invited(user.email) : t.created(user.email, password),
      };
    }
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

const apiKeySchema = z.object({
  name: z.string().trim().max(100),
  scope: z.enum(API_KEY_SCOPES, { error: apiKeyTexts.scopeInvalid }),
});

/**
 * API keys (decision 096): a new key is answered once, in this action's data, and never again; a
 * revoked key stops at once. ApiKeyService records both (the key's name and prefix, never the key).
 */
async function apiKeyAction(
  intent: "apikey-create" | "apikey-revoke",
  form: FormData,
  staff: { email: string },
  context: Route.ActionArgs["context"],
) {
  const { apiKeys } = context.services;
  if (intent === "apikey-revoke") {
    const revoked = await apiKeys.revoke(staff, String(form.get("keyId") ?? ""));
    return { ok: true, message: apiKeyTexts.revoked(revoked.name) };
  }
  const input = apiKeySchema.safeParse(Object.fromEntries(form));
  if (!input.success) return { ok: false, message: input.error.issues[0]!.message };
  const { key, view } = await apiKeys.createAsStaff(staff, input.data);
  return { ok: true, message: apiKeyTexts.created(view.name), apiKey: key };
}

const privacyFormSchema = privacySettingsSchema.extend({
  version: z.coerce.number().int().min(0).max(1_000_000_000).catch(-1),
});

/**
 * The lead retention period (decision 111): saved versioned, audited; the privacy policy pages render
 * again.
 */
async function privacyAction(
  form: FormData,
  by: string,
  context: Route.ActionArgs["context"],
): Promise<{ ok: boolean; message: string; apiKey?: undefined }> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const input = privacyFormSchema.safeParse({
    leadRetentionMonths: field("leadRetentionMonths"),
    version: field("version"),
  });
  if (!input.success) return { ok: false, message: input.error.issues[0]!.message };
  const { version, ...value } = input.data;
  await context.services.privacySettings.save(value, version, by);
  return { ok: true, message: privacyCardTexts.saved(value.leadRetentionMonths) };
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { users, deliveries, tracker, otherCircuits, me, canInvite, apiKeys, privacy } = loaderData;
  return (
    <section aria-labelledby="config-titulo">
      <h1 id="config-titulo">{t.title}</h1>
      <ActionResult result={actionData} />
      <h2>{t.tracker}</h2>
      <p className={`banner ${tracker.ok ? "banner--success" : "banner--warning"}`}>{tracker.text}</p>
      <p>
        {t.pending}: <strong>{deliveries.pending}</strong> · {t.failed}: <strong>{deliveries.failed}</strong>
      </p>
      <CircuitNotices notices={otherCircuits} />

      <h2>{t.users}</h2>
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
                      <>
                        <button
                          type="submit"
                          name="intent"
                          value={user.disabled ? "enable" : "disable"}
                          className="button button--outline"
                          disabled={busy}
                        >
                          {user.disabled ? t.enable : t.disable}
                        </button>
                      </>
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

      <PrivacyCard privacy={privacy} />

      <ApiKeys
        keys={apiKeys}
        created={actionData && "apiKey" in actionData ? actionData.apiKey : undefined}
      />
    </section>
  );
}

const when = (iso: string) => formatDateTime(iso);

/** The keys of the vendor's systems (decision 096): create (shown once), list, revoke after confirming. */
function ApiKeys({
  keys,
  created,
}: {
  keys: Route.ComponentProps["loaderData"]["apiKeys"];
  created: string | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const k = apiKeyTexts;
  return (
    <>
      <h2 id="chaves-api">{k.title}</h2>
      <p>
        {k.intro} <a href="/api/billing/openapi.json">{k.docs}</a>
      </p>
      {created && <CopyField value={created} label={k.keyLabel} copy={k.copy} copied={k.copied} />}
      <Form
        method="post"
        className="inbox-filters"
        aria-labelledby="chaves-api"
        // Emptied once a key is made (its name is in the list below).
        key={created ?? "nova-chave"}
      >
        <label className="field">
          <span className="field__label">{k.name}</span>
          <input
            type="text"
            name="name"
            required
            minLength={2}
            maxLength={100}
            autoComplete="off"
            placeholder={k.namePlaceholder}
          />
        </label>
        <label className="field">
          <span className="field__label">{k.scope}</span>
          <select name="scope" defaultValue="billing">
            {Object.entries(k.scopes).map(([scope, label]) => (
              <option key={scope} value={scope}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          name="intent"
          value="apikey-create"
          className="button button--primary"
          disabled={busy}
        >
          {k.create}
        </button>
      </Form>
      {keys.length === 0 ? (
        <p>{k.none}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="chaves-api">
            <thead>
              <tr>
                <th scope="col">{k.name}</th>
                <th scope="col">{k.prefix}</th>
                <th scope="col">{k.scope}</th>
                <th scope="col">{k.createdAt}</th>
                <th scope="col">{k.lastUsed}</th>
                <th scope="col">{k.state}</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id}>
                  <td>
                    {key.name}
                    <span className="admin-table__sub">
                      {k.createdBy}: {key.createdBy}
                    </span>
                  </td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{key.scope}</td>
                  <td className="nowrap">
                    <time dateTime={key.createdAt}>{when(key.createdAt)}</time>
                  </td>
                  <td className="nowrap">
                    {key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{when(key.lastUsedAt)}</time> : k.never}
                  </td>
                  <td>
                    {key.revokedAt ? (
                      k.revokedOn(when(key.revokedAt))
                    ) : (
                      <>
                        {k.active}
                        <details className="confirm-action">
                          <summary className="button button--outline">{k.revoke}</summary>
                          <Form method="post">
                            <input type="hidden" name="keyId" value={key.id} />
                            <p>{k.revokeConfirm(key.name)}</p>
                            <button
                              type="submit"
                              name="intent"
                              value="apikey-revoke"
                              className="button button--primary"
                              disabled={busy}
                            >
                              {k.revokeNow}
                            </button>
                          </Form>
                        </details>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
