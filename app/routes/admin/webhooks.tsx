import { formatDateTime } from "@domain/format.ts";
import { LEAD_EVENTS, WEBHOOK_EVENT_LABELS } from "@domain/webhooks.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import {
  endpointFormValues,
  refusal,
  type WebhookFieldErrors,
  WebhookFields,
} from "~/admin/WebhookFields.tsx";
import { deliveryStatusClass as statusClass, webhookTexts as t } from "~/admin/webhook-texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/webhooks";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "webhooks");
  const { webhooks } = context.services;
  return data(
    { endpoints: await webhooks.list(), allowsInternal: webhooks.allowsInternal },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** A new endpoint (decision 103): checked, stored with a fresh secret, and opened to show it. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "webhooks");
  const form = await request.formData();
  if (form.get("intent") !== "create") return data({ ok: false, message: t.unknownIntent }, { status: 400 });
  const values = endpointFormValues(form);
  try {
    const endpoint = await context.services.webhooks.create(values, admin.email);
    return redirect(`/admin/webhooks/${endpoint.id}?criado=1`);
  } catch (error) {
    if (!DomainError.is(error)) throw error;
    const errors = (error.details?.errors ?? {}) as WebhookFieldErrors;
    return refusalAnswer(error, "pt", { errors, values });
  }
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

const when = (iso: string) => formatDateTime(iso);

/** Outgoing webhooks: the endpoints with their last delivery, and a new one. */
export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoints, allowsInternal } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refused = refusal(actionData);
  return (
    <section aria-labelledby="webhooks-titulo">
      <h1 id="webhooks-titulo">{t.title}</h1>
      <p className="admin-intro">{t.intro}</p>
      {endpoints.length === 0 ? (
        <p className="banner banner--info">{t.empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table webhook-table stacked-table">
            <thead>
              <tr>
                <th scope="col">{t.url}</th>
                <th scope="col">{t.events}</th>
                <th scope="col">{t.state}</th>
                <th scope="col">{t.lastDelivery}</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((endpoint) => (
                <tr key={endpoint.id}>
                  <td className="webhook-table__url" data-label={t.url}>
                    <Link to={`/admin/webhooks/${endpoint.id}`}>{endpoint.url}</Link>
                    <span className="admin-table__sub">
                      {endpoint.source === "env" ? t.fromEnv : endpoint.description}
                    </span>
                  </td>
                  <td data-label={t.events}>
                    <ul className="webhook-events">
                      {endpoint.events.map((event) => (
                        <li key={event}>{WEBHOOK_EVENT_LABELS[event] ?? event}</li>
                      ))}
                    </ul>
                  </td>
                  <td data-label={t.state}>
                    <span className={`status ${endpoint.enabled ? "status--ok" : "status--warn"}`}>
                      {endpoint.enabled ? t.active : t.inactive}
                    </span>
                  </td>
                  <td data-label={t.lastDelivery}>
                    {endpoint.last ? (
                      <>
                        <span className={`status ${statusClass(endpoint.last.status)}`}>
                          {t.statuses[endpoint.last.status]}
                        </span>{" "}
                        <time dateTime={endpoint.last.at}>{when(endpoint.last.at)}</time>
                        {endpoint.last.detail && (
                          <span className="admin-table__sub webhook-detail">{endpoint.last.detail}</span>
                        )}
                      </>
                    ) : (
                      t.never
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="novo-webhook">{t.createTitle}</h2>
      <ActionResult result={actionData} />
      <Form method="post" className="webhook-form" aria-labelledby="novo-webhook" noValidate>
        <WebhookFields
          idPrefix="novo"
          values={refused?.values ?? { url: "", description: "", events: [...LEAD_EVENTS], enabled: true }}
          errors={refused?.errors}
          allowsInternal={allowsInternal}
        />
        <button type="submit" name="intent" value="create" className="button button--primary" disabled={busy}>
          {t.create}
        </button>
      </Form>
    </section>
  );
}
