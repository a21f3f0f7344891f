import { integrationTexts } from "@domain/portal/integration-texts.ts";
import { can } from "@domain/portal/permissions.ts";
import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/integration-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const catalogue = await context.services.integrations.catalogue(language);
  const wanted = new URL(request.url).searchParams.get("integracao") ?? "";
  return data(
    {
      language,
      canRequest: can(actor.role, "integrations.manage"),
      options: catalogue.integrations.map((entry) => ({
        id: entry.id,
        name: entry.name,
        category: catalogue.categories[entry.category],
      })),
      chosen: catalogue.integrations.some((entry) => entry.id === wanted) ? wanted : "",
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const requestSchema = z.object({
  integrationId: z.string().max(60).optional(),
  other: z.string().max(100).optional(),
  details: z.string().max(5_000).optional(),
});

/** The request becomes a support ticket of category Solicitação (IntegrationService.request). */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const t = integrationTexts(language);
  const input = requestSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) return data({ ok: false, message: t.invalid }, { status: 400 });
  try {
    const ticket = await context.services.integrations.request(actor, language, {
      integrationId: input.data.integrationId || undefined,
      other: input.data.other,
      details: input.data.details,
    });
    return redirect(`/user/suporte/${ticket.id}?aberto=1`);
  } catch (error) {
    // The page's own words for a role that may not ask (they say whom to ask).
    if (DomainError.is(error, "forbidden")) return data({ ok: false, message: t.cannot }, { status: 403 });
    return refusalAnswer(error, language);
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = integrationTexts(loaded?.language ?? "pt");
  return [{ title: `${t.newTitle} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** Ask for an integration of the catalogue, or one it does not list. */
export default function IntegrationNew({ loaderData, actionData }: Route.ComponentProps) {
  const { language, canRequest, options, chosen } = loaderData;
  const t = integrationTexts(language);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="portal" aria-labelledby="pedir-integracao">
      <p className="portal__back">
        <Link to="/user/integracoes">← {t.back}</Link>
      </p>
      <h1 id="pedir-integracao">{t.newTitle}</h1>
      {!canRequest ? (
        <p className="banner banner--warning">{t.cannot}</p>
      ) : (
        <>
          <p>{t.newIntro}</p>
          <ActionResult result={actionData} />
          <Form method="post" className="portal-form">
            <label className="field">
              <span className="field__label">{t.choose}</span>
              <select name="integrationId" defaultValue={chosen}>
                <option value="">{t.chooseNone}</option>
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name} ({option.category})
                  </option>
                ))}
              </select>
            </label>
            <div className="field">
              <label htmlFor="outra" className="field__label">
                {t.other} <span className="field__optional">{t.optional}</span>
              </label>
              <p id="outra-dica" className="field__hint">
                {t.otherHint}
              </p>
              <input id="outra" type="text" name="other" maxLength={100} aria-describedby="outra-dica" />
            </div>
            <div className="field">
              <label htmlFor="detalhes" className="field__label">
                {t.details} <span className="field__optional">{t.optional}</span>
              </label>
              <p id="detalhes-dica" className="field__hint">
                {t.detailsHint}
              </p>
              <textarea
                id="detalhes"
                name="details"
                rows={5}
                maxLength={5_000}
                aria-describedby="detalhes-dica"
              />
            </div>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t.sending : t.submit}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
