import { formatDateTime } from "@domain/format.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { API_KEY_SCOPES } from "@server/auth/api-keys.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Form, useNavigation } from "react-router";
import { apiKeyTexts as k } from "~/admin/api-key-texts.ts";
import { CopyField } from "~/admin/CopyField.tsx";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/api-keys";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "apiKeys");
  return data(
    { keys: await context.services.apiKeys.list() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta() {
  return [{ title: `${k.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

const apiKeySchema = z.object({
  name: z.string().trim().max(100),
  scope: z.enum(API_KEY_SCOPES, { error: k.scopeInvalid }),
});

/**
 * API keys (decision 096): a new key is answered once, in this action's data, and never again; a
 * revoked key stops at once. ApiKeyService records both (the key's name and prefix, never the key).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdminScreen(request, context, "apiKeys");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { apiKeys } = context.services;
  try {
    if (intent === "apikey-revoke") {
      const revoked = await apiKeys.revoke(staff, String(form.get("keyId") ?? ""));
      return { ok: true, message: k.revoked(revoked.name) };
    }
    if (intent === "apikey-create") {
      const input = apiKeySchema.safeParse(Object.fromEntries(form));
      if (!input.success) return { ok: false, message: input.error.issues[0]!.message };
      const { key, view } = await apiKeys.createAsStaff(staff, input.data);
      return { ok: true, message: k.created(view.name), apiKey: key };
    }
    return { ok: false, message: "Ação desconhecida." };
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

const when = (iso: string) => formatDateTime(iso);

/** The keys of the vendor's systems (decision 096): create (shown once), list, revoke after confirming. */
export default function ApiKeys({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { keys } = loaderData;
  const created = actionData && "apiKey" in actionData ? actionData.apiKey : undefined;
  return (
    <section aria-labelledby="chaves-api">
      <h1 id="chaves-api">{k.title}</h1>
      <ActionResult result={actionData} />
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
    </section>
  );
}
