import type { FlowResult } from "@domain/forms/flow.ts";
import { MULTI_STEP_FORMS } from "@domain/forms/form-paths.ts";
import { readFormPageQuery } from "@domain/forms/page-query.ts";
import { formForPath } from "@domain/forms/routing.ts";
import type { FormKey } from "@domain/forms/submission.ts";
import { splitLanguagePrefix } from "@domain/locale.ts";
import { isPlanId } from "@domain/plan-id.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { loadSection } from "@server/content/load.ts";
import { handleFormStep } from "@server/http/form-steps.ts";
import { sectionsFor } from "@server/http/sections.ts";
import { redirect } from "react-router";
import { LeadFormPart } from "~/islands/lead-form.tsx";
import { routeHead } from "~/seo/route-head.ts";
import type { Route } from "./+types/lead-form";

async function formFor(request: Request, context: Route.LoaderArgs["context"]) {
  const { services, request: info } = context;
  const { path } = splitLanguagePrefix(new URL(request.url).pathname);
  const forms = await services.forms.all({ segment: info.segment, lang: info.language });
  // Only the multi-step forms have screens; contact, newsletter and chat have their own.
  const form = formForPath(
    forms.filter((f) => (MULTI_STEP_FORMS as readonly string[]).includes(f.id)),
    path,
  );
  return form;
}

/**
 * The multi-step lead form of the path (B §2.1, §2.2): demo, partners or free trial. The same for
 * every anonymous visitor of a segment, language, path and query, so the page cache keeps it (decision 106).
 */
export const handle: RouteHandle = { pageCache: true, islands: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const form = await formFor(request, context);
  if (!form) throw redirect("/");
  const url = new URL(request.url);
  const planId = params.planId && isPlanId(params.planId) ? params.planId : null;
  // The plan is shown by its name (the id when the plans document does not know it).
  const plans = planId
    ? await loadSection(sectionsFor(context), "plans-data", {
        segment: context.request.segment,
        lang: context.request.language,
      })
    : null;
  const planName =
    plans?.status === "loaded" ? plans.data.plans.find((p) => p.id === planId)?.name : undefined;
  const query = readFormPageQuery(url.searchParams);
  return {
    formKey: form.id as FormKey,
    // The qualification badge (B §2.6, optional: `infolead`) is for staff checking a form's rules in
    // a preview; a visitor never reads that they are a cold lead (decision 116).
    form: { ...form, infolead: form.infolead && context.preview !== null },
    language: context.request.uiLanguage,
    plan: planId
      ? {
          id: planId,
          name: planName ?? planId,
          annual: query.annual,
        }
      : null,
    initialStep: query.step,
  };
}

/** Plain form posts (no JavaScript): one step per request, same rules as the browser. */
export async function action({ request, context }: Route.ActionArgs): Promise<FlowResult> {
  const form = await formFor(request, context);
  if (!form) throw redirect("/");
  const { services, request: info } = context;
  return handleFormStep(services, {
    formKey: form.id as FormKey,
    form,
    data: await request.formData(),
    request,
    info,
  });
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  if (!data) return [{ title: SITE_NAME }];
  const description = data.form.description ?? data.form.hero?.subtitle ?? data.form.title;
  const head = routeHead(matches, location.pathname, data.formKey === "demo" ? "demonstracao" : "default", {
    title: data.form.title,
    description,
  });
  return head.length
    ? head
    : [{ title: `${data.form.title} | ${SITE_NAME}` }, { name: "description", content: description }];
}

export default function LeadFormRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LeadFormPart
      // A new action result (no-JavaScript post) starts the component from the server's state.
      key={actionData ? `${actionData.requestKey}` : "initial"}
      formKey={loaderData.formKey}
      form={loaderData.form}
      language={loaderData.language}
      plan={loaderData.plan}
      posted={actionData}
      initialStep={loaderData.initialStep}
    />
  );
}
