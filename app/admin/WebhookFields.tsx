import { LEAD_EVENTS, WEBHOOK_EVENT_LABELS } from "@domain/webhooks.ts";
import { webhookTexts as t } from "~/admin/webhook-texts.ts";

/** What an endpoint form shows: the stored values, or what was posted when it was refused. */
export interface WebhookFieldValues {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
}

/** A refused form's message per field (url, description, events). */
export type WebhookFieldErrors = Partial<Record<"url" | "description" | "events" | "form", string>>;

/**
 * The fields of an endpoint (create and edit): address, description, events and the switch, each
 * error under its field and announced with it.
 */
export function WebhookFields({
  idPrefix,
  values,
  errors = {},
  allowsInternal,
}: {
  idPrefix: string;
  values: WebhookFieldValues;
  errors?: WebhookFieldErrors;
  allowsInternal: boolean;
}) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const describedBy = (name: "url" | "description" | "events", hint?: boolean) =>
    [hint ? id(`${name}-dica`) : "", errors[name] ? id(`${name}-erro`) : ""].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className="webhook-fields">
      <div className={`field ${errors.url ? "field--invalid" : ""}`}>
        <label htmlFor={id("url")} className="field__label">
          {t.url}
        </label>
        <input
          id={id("url")}
          type="url"
          name="url"
          required
          maxLength={2000}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://crm.exemplo.com.br/webhooks"
          defaultValue={values.url}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={describedBy("url", true)}
        />
        <span id={id("url-dica")} className="field__hint">
          {t.urlHint} {allowsInternal ? t.urlHintLocal : ""}
        </span>
        {errors.url && (
          <p id={id("url-erro")} className="field__error" role="alert">
            {errors.url}
          </p>
        )}
      </div>
      <div className={`field ${errors.description ? "field--invalid" : ""}`}>
        <label htmlFor={id("description")} className="field__label">
          {t.description}
        </label>
        <input
          id={id("description")}
          type="text"
          name="description"
          maxLength={200}
          autoComplete="off"
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy("description", true)}
        />
        <span id={id("description-dica")} className="field__hint">
          {t.descriptionHint}
        </span>
        {errors.description && (
          <p id={id("description-erro")} className="field__error" role="alert">
            {errors.description}
          </p>
        )}
      </div>
      <fieldset
        className={`webhook-fields__events ${errors.events ? "field--invalid" : ""}`}
        aria-describedby={describedBy("events")}
      >
        <legend className="field__label">{t.events}</legend>
        {LEAD_EVENTS.map((event) => (
          <label key={event} className="webhook-fields__check">
            <input
              type="checkbox"
              name="events"
              value={event}
              defaultChecked={values.events.includes(event)}
            />
            <span>
              {WEBHOOK_EVENT_LABELS[event]} <code>{event}</code>
            </span>
          </label>
        ))}
        {errors.events && (
          <p id={id("events-erro")} className="field__error" role="alert">
            {errors.events}
          </p>
        )}
      </fieldset>
      <label className="webhook-fields__check" htmlFor={id("enabled")}>
        <input
          id={id("enabled")}
          type="checkbox"
          name="enabled"
          defaultChecked={values.enabled}
          aria-describedby={id("enabled-dica")}
        />
        <span>{t.enabled}</span>
      </label>
      <span id={id("enabled-dica")} className="field__hint">
        {t.enabledHint}
      </span>
    </div>
  );
}

/** The posted endpoint form as the service reads it (events repeated, the switch as a checkbox). */
export function endpointFormValues(form: FormData): WebhookFieldValues {
  return {
    url: String(form.get("url") ?? ""),
    description: String(form.get("description") ?? ""),
    events: form.getAll("events").map(String),
    enabled: form.get("enabled") === "on",
  };
}

/** A refused endpoint form as its action answered it: each field's message and what was posted. */
export function refusal(
  result: unknown,
): { errors: WebhookFieldErrors; values: WebhookFieldValues | undefined } | undefined {
  if (!result || typeof result !== "object" || !("errors" in result)) return undefined;
  const { errors, values } = result as { errors?: WebhookFieldErrors; values?: WebhookFieldValues };
  return { errors: errors ?? {}, values };
}
