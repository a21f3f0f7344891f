import { formatDateTime } from "@domain/format.ts";
import { refusalWording } from "@domain/refusals.ts";
import { WEBHOOK_EVENT_LABELS } from "@domain/webhooks.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SecretField } from "~/admin/SecretField.tsx";
import {
  endpointFormValues,
  refusal,
  type WebhookFieldErrors,
  WebhookFields,
} from "~/admin/WebhookFields.tsx";
import { deliveryStatusClass, webhookTexts as t } from "~/admin/webhook-texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/webhook";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "webhook");
  const { webhooks } = context.services;
  const endpoint = await webhooks.get(params.id);
  if (!endpoint) throw data({ message: refusalWording("pt", "webhooks.notFound") }, { status: 404 });
  return data(
    {
      endpoint,
      deliveries: await webhooks.deliveries(endpoint.id),
      allowsInternal: webhooks.allowsInternal,
      justCreated: new URL(request.url).searchParams.has("criado"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const INTENTS = ["update", "enable", "disable", "delete", "rotate", "test", "resend"] as const;
type Intent = (typeof INTENTS)[number];

/**
 * An endpoint's changes (decision 103): edit, switch on or off, delete, a new secret, a test message,
 * a delivery sent again. WebhookEndpoints records each in the audit log (never the secret).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "webhook");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as Intent;
  if (!INTENTS.includes(intent)) return data({ ok: false, message: t.unknownIntent }, { status: 400 });
  const { webhooks } = context.services;
  const values = intent === "update" ? endpointFormValues(form) : undefined;
  try {
    const endpoint = await webhooks.get(params.id);
    if (!endpoint) throw new DomainError("not-found", "webhooks.notFound");
    switch (intent) {
      case "update": {
        await webhooks.update(endpoint.id, values, admin.email);
        return { ok: true, message: t.saved };
      }
      case "enable":
      case "disable":
        await webhooks.setEnabled(endpoint.id, intent === "enable", admin.email);
        return { ok: true, message: intent === "enable" ? t.enabledNow : t.disabledNow };
      case "delete":
        await webhooks.remove(endpoint.id, admin.email);
        return redirect("/admin/webhooks");
      case "rotate":
        await webhooks.rotateSecret(endpoint.id, admin.email);
        return { ok: true, message: t.rotated };
      case "test": {
        await webhooks.sendTest(endpoint.id, admin.email);
        return { ok: true, message: t.testSent };
      }
      case "resend": {
        const job = Number(form.get("deliveryId"));
        await webhooks.resend(endpoint.id, job, admin.email);
        return { ok: true, message: t.resent };
      }
    }
  } catch (error) {
    if (!DomainError.is(error)) throw error;
    const errors = (error.details?.errors ?? {}) as WebhookFieldErrors;
    return refusalAnswer(error, "pt", { errors, values });
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.endpoint.url ?? t.details} | ${t.title} | Vértice` },
    { name: "robots", content: "noindex" },
  ];
}

const when = (iso: string) => formatDateTime(iso, "pt", { seconds: true });

/** One endpoint: its secret, its settings, a test, and its delivery log with resend. */
export default function Webhook({ loaderData, actionData }: Route.ComponentProps) {
  const { endpoint, deliveries, allowsInternal, justCreated } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refused = refusal(actionData);
  const env = endpoint.source === "env";
  return (
    <section aria-labelledby="webhook-titulo" className="webhook-page">
      <p>
        <Link to="/admin/webhooks">← {t.back}</Link>
      </p>
      <h1 id="webhook-titulo" className="webhook-page__title">
        {t.details}: <span className="webhook-page__url">{endpoint.url}</span>
      </h1>
      <p>
        <span className={`status ${endpoint.enabled ? "status--ok" : "status--warn"}`}>
          {endpoint.enabled ? t.active : t.inactive}
        </span>{" "}
        {endpoint.description}
      </p>
      {justCreated && !actionData && <p className="banner banner--success">{t.created}</p>}
      <ActionResult result={actionData} />
      {env && <p className="banner banner--info">{t.envNote}</p>}

      {endpoint.secret && <SecretField value={endpoint.secret} />}

      <div className="lead-detail__actions">
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="test"
            className="button button--primary"
            disabled={busy || !endpoint.enabled}
          >
            {t.test}
          </button>
        </Form>
        {!env && (
          <>
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value={endpoint.enabled ? "disable" : "enable"}
                className="button button--outline"
                disabled={busy}
              >
                {endpoint.enabled ? t.disable : t.enable}
              </button>
            </Form>
            <details className="confirm-action">
              <summary className="button button--outline">{t.rotate}</summary>
              <Form method="post">
                <p>{t.rotateConfirm}</p>
                <button
                  type="submit"
                  name="intent"
                  value="rotate"
                  className="button button--primary"
                  disabled={busy}
                >
                  {t.rotateNow}
                </button>
              </Form>
            </details>
            <details className="confirm-action">
              <summary className="button button--outline">{t.remove}</summary>
              <Form method="post">
                <p>{t.removeConfirm(endpoint.url)}</p>
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="button button--danger"
                  disabled={busy}
                >
                  {t.removeNow}
                </button>
              </Form>
            </details>
          </>
        )}
      </div>

      {!env && (
        <>
          <h2 id="editar-webhook">{t.edit}</h2>
          <Form
            method="post"
            className="webhook-form"
            aria-labelledby="editar-webhook"
            noValidate
            // Shows what was stored after a save, what was posted after a refusal.
            key={endpoint.updatedAt}
          >
            <WebhookFields
              idPrefix="editar"
              values={refused?.values ?? endpoint}
              errors={refused?.errors}
              allowsInternal={allowsInternal}
            />
            <button
              type="submit"
              name="intent"
              value="update"
              className="button button--primary"
              disabled={busy}
            >
              {t.save}
            </button>
          </Form>
        </>
      )}

      <h2 id="registro-entregas">{t.log}</h2>
      <p>
        {t.logIntro}{" "}
        <Link to="." className="button button--outline">
          {t.refresh}
        </Link>
      </p>
      {deliveries.length === 0 ? (
        <p className="banner banner--info">{t.logEmpty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table webhook-log stacked-table" aria-labelledby="registro-entregas">
            <thead>
              <tr>
                <th scope="col">{t.when}</th>
                <th scope="col">{t.event}</th>
                <th scope="col">{t.lead}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.answer}</th>
                <th scope="col">{t.attempts}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="nowrap" data-label={t.when}>
                    <time dateTime={delivery.createdAt}>{when(delivery.createdAt)}</time>
                  </td>
                  <td data-label={t.event}>
                    {WEBHOOK_EVENT_LABELS[delivery.event ?? ""] ?? delivery.event}
                    <span className="admin-table__sub">
                      <code>{delivery.event}</code>
                    </span>
                  </td>
                  <td className="nowrap" data-label={t.lead}>
                    {delivery.lead ? (
                      <Link to={`/admin/leads/${delivery.lead.id}`}>{delivery.lead.protocol}</Link>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td data-label={t.status}>
                    <span className={`status ${deliveryStatusClass(delivery.status)}`}>
                      {t.statuses[delivery.status]}
                    </span>
                    {delivery.status === "pending" && delivery.attempts > 0 && (
                      <span className="admin-table__sub">{t.nextTry(when(delivery.runAt))}</span>
                    )}
                    {(delivery.status === "done" || delivery.status === "dead") && (
                      <Form method="post" className="webhook-log__resend">
                        <input type="hidden" name="deliveryId" value={delivery.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="resend"
                          className="button button--outline"
                          disabled={busy || !endpoint.enabled}
                        >
                          {t.resend}
                        </button>
                      </Form>
                    )}
                  </td>
                  <td className="webhook-detail" data-label={t.answer}>
                    {delivery.lastDetail ?? "—"}
                    {delivery.history.length > 1 && (
                      <details>
                        <summary>{t.history}</summary>
                        <ol className="webhook-history">
                          {delivery.history.map((attempt) => (
                            <li key={`${attempt.at}:${attempt.attempt}`}>
                              <time dateTime={attempt.at}>{when(attempt.at)}</time>:{" "}
                              {attempt.detail ?? attempt.outcome}
                            </li>
                          ))}
                        </ol>
                      </details>
                    )}
                  </td>
                  <td data-label={t.attempts}>{delivery.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
