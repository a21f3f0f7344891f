import { TAG_PROVIDER_IDS, TAG_PROVIDERS } from "@domain/consent/providers.ts";
import { formatDateTime } from "@domain/format.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Form, useNavigation } from "react-router";
import { consentAdminTexts as t } from "~/admin/consent-texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/consent";

/** How many days of choices the screen shows (the export takes the same period). */
export const CHOICE_DAYS = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "consent");
  const { marketingTags, consentRecords } = context.services;
  const to = new Date();
  const from = new Date(to.getTime() - CHOICE_DAYS * 86_400_000);
  const [tags, days] = await Promise.all([marketingTags.read(), consentRecords.perDay(from, to)]);
  return data({ tags, days }, { headers: { "Cache-Control": "private, no-store" } });
}

const versionField = z.coerce.number().int().min(0).max(1_000_000_000).catch(-1);

/** The tags staff turn on (decision 123): each ID checked for its format, saved with its audit entry. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "consent");
  const form = await request.formData();
  const input = Object.fromEntries(
    TAG_PROVIDER_IDS.map((id) => [id, typeof form.get(id) === "string" ? String(form.get(id)) : ""]),
  );
  try {
    const saved = await context.services.marketingTags.save(
      input,
      versionField.parse(form.get("version")),
      admin.email,
    );
    return { ok: true, message: t.saved(Object.keys(saved.tags).length) };
  } catch (error) {
    // The field whose ID is refused is named in the message and marked on the form.
    if (error instanceof z.ZodError)
      return { ok: false, message: error.issues[0]!.message, field: String(error.issues[0]!.path[0] ?? "") };
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
}

export default function ConsentScreen({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { tags, days } = loaderData;
  const refused = actionData && !actionData.ok && "field" in actionData ? actionData.field : null;
  return (
    <section aria-labelledby="cookies-titulo">
      <h1 id="cookies-titulo">{t.title}</h1>
      <p>{t.intro}</p>
      <ActionResult result={actionData} />

      <h2 id="tags-titulo">{t.tagsTitle}</h2>
      <Form method="post" className="tag-fields" aria-labelledby="tags-titulo" key={tags.version}>
        <input type="hidden" name="version" value={tags.version} />
        {TAG_PROVIDER_IDS.map((id) => (
          <div className="field" key={id}>
            <label htmlFor={`tag-${id}`} className="field__label">
              {TAG_PROVIDERS[id].label}
            </label>
            <input
              id={`tag-${id}`}
              type="text"
              name={id}
              defaultValue={tags.value[id] ?? ""}
              placeholder={TAG_PROVIDERS[id].example}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`tag-${id}-dica`}
              aria-invalid={refused === id || undefined}
            />
            <span id={`tag-${id}-dica`} className="field__hint">
              {t.hint(id)}
            </span>
          </div>
        ))}
        <div className="tag-fields__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {t.save}
          </button>
          {tags.updatedAt && tags.updatedBy && (
            <span className="field__hint">{t.lastSaved(tags.updatedBy, formatDateTime(tags.updatedAt))}</span>
          )}
        </div>
      </Form>

      <h2 id="escolhas-titulo">{t.choicesTitle}</h2>
      <p>{t.choicesIntro(CHOICE_DAYS)}</p>
      <p>
        <a className="button button--outline" href="/admin/consentimentos.csv" download>
          {t.export}
        </a>{" "}
        <span className="field__hint">{t.exportHint}</span>
      </p>
      {days.length === 0 ? (
        <p className="consent-empty">{t.none}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="escolhas-titulo">
            <thead>
              <tr>
                {Object.values(t.columns).map((label) => (
                  <th scope="col" key={label}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <td className="nowrap">
                    <time dateTime={day.day}>{day.day.split("-").reverse().join("/")}</time>
                  </td>
                  <td>{day.total}</td>
                  <td>{day.acceptAll}</td>
                  <td>{day.rejectAll}</td>
                  <td>{day.custom}</td>
                  <td>{day.browserSignal}</td>
                  <td>{day.measurement}</td>
                  <td>{day.marketing}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
