import { formatDateTime } from "@domain/format.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { privacySettingsSchema, RETENTION_MONTHS } from "@server/privacy/settings.ts";
import { data, Form, useNavigation } from "react-router";
import { privacyTexts as t } from "~/admin/privacy-texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/privacy";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "privacy");
  const privacy = await context.services.privacySettings.read();
  return data(
    {
      months: privacy.value.leadRetentionMonths,
      version: privacy.version,
      updatedAt: privacy.updatedAt,
      updatedBy: privacy.updatedBy,
      limits: RETENTION_MONTHS,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

const privacyFormSchema = privacySettingsSchema.extend({
  version: z.coerce.number().int().min(0).max(1_000_000_000).catch(-1),
});

/**
 * The lead retention period (decision 111): saved versioned, audited; the privacy policy pages render
 * again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireAdminScreen(request, context, "privacy");
  const form = await request.formData();
  if (form.get("intent") !== "privacy-save") return { ok: false, message: "Ação desconhecida." };
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
  try {
    await context.services.privacySettings.save(value, version, staff.email);
  } catch (error) {
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, "pt") };
    throw error;
  }
  return { ok: true, message: t.saved(value.leadRetentionMonths) };
}

/** The retention period staff set (decision 111): one number, versioned like the sales settings. */
export default function Privacy({ loaderData: privacy, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="privacidade">
      <h1 id="privacidade">{t.title}</h1>
      <ActionResult result={actionData} />
      <p>{t.intro}</p>
      <Form method="post" className="inbox-filters" aria-labelledby="privacidade" key={privacy.version}>
        <input type="hidden" name="version" value={privacy.version} />
        <div className="field">
          <label htmlFor="retencao-meses" className="field__label">
            {t.months}
          </label>
          <input
            id="retencao-meses"
            type="number"
            name="leadRetentionMonths"
            required
            min={privacy.limits.min}
            max={privacy.limits.max}
            step={1}
            defaultValue={privacy.months}
            aria-describedby="retencao-dica"
          />
          <span id="retencao-dica" className="field__hint">
            {t.hint(privacy.limits.min, privacy.limits.max, privacy.limits.default)}
            {privacy.updatedAt && privacy.updatedBy
              ? ` ${t.lastSaved(privacy.updatedBy, formatDateTime(privacy.updatedAt))}`
              : ""}
          </span>
        </div>
        <button
          type="submit"
          name="intent"
          value="privacy-save"
          className="button button--primary"
          disabled={busy}
        >
          {t.save}
        </button>
      </Form>
    </section>
  );
}
