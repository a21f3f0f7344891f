import {
  accountSecurityAction,
  accountSecurityData,
  isSecurityIntent,
} from "@server/http/account-security.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { messages } from "@server/http/errors.ts";
import { data } from "react-router";
import { shellTexts as t } from "~/admin/shell-texts.ts";
import { AccountSecurity } from "~/components/account-security.tsx";
import { passOnHeaders } from "~/react/route-headers.ts";
import accountStylesheet from "~/styles/account.css?url";
import type { Route } from "./+types/account";

/**
 * The staff member's own account (decision 112): two-factor (required for staff: it can be renewed,
 * not turned off), the sessions where they are signed in, and a password change. Every staff role
 * has one; the admin area is in Portuguese.
 */
/** The account screens' own styles (decision 112): not in the public pages' stylesheet. */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: accountStylesheet }];

/** The secret, the recovery codes and the sessions are never kept by a cache: the loader's `no-store` goes out. */
export const headers = passOnHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminScreen(request, context, "account");
  return data(
    { user, security: await accountSecurityData(request, context, user, "pt") },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminScreen(request, context, "account");
  const form = await request.formData();
  if (!isSecurityIntent(form.get("intent")))
    return data({ intent: null, ok: false, message: messages.invalidParameters }, { status: 400 });
  const result = await accountSecurityAction(request, context, user, form, "pt");
  return data(result, { status: result.ok ? 200 : 400, headers: { "Cache-Control": "no-store" } });
}

export function meta() {
  return [{ title: `${t.account} | Vértice` }, { name: "robots", content: "noindex" }];
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="account-title">
      <h1 id="account-title">{t.account}</h1>
      <p>
        {user.name} · {user.email}
      </p>
      <AccountSecurity
        data={loaderData.security}
        result={actionData?.intent ? actionData : null}
        language="pt"
        timeZone={user.preferences.timezone}
        returnTo="/admin/conta"
      />
    </section>
  );
}
