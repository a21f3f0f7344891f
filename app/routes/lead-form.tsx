import { submissionClient } from "@server/http/request-info.ts";
import { handleFormStep } from "@server/leads/form-steps.ts";
import { issueFormToken } from "@server/leads/spam.ts";
import { data, redirect } from "react-router";
import { LeadForm } from "~/components/forms/LeadForm.tsx";
import type { FlowResult } from "~/lib/forms/flow.ts";
import { formForPath } from "~/lib/forms/routing.ts";
import type { FormKey } from "~/lib/forms/submission.ts";
import { formTexts } from "~/lib/forms/texts.ts";
import { splitLanguagePrefix } from "~/lib/locale.ts";
import { passOnHeaders } from "~/lib/route-headers.ts";
import { routeHead } from "~/lib/seo/route-head.ts";
import { SITE_NAME } from "~/lib/site.ts";
import type { Route } from "./+types/lead-form";

const PLAN_ID = /^[a-z0-9-]{1,60}$/;

async function formFor(request: Request, context: Route.LoaderArgs["context"]) {
  const { services, request: info } = context;
  const { path } = splitLanguagePrefix(new URL(request.url).pathname);
  const forms = await services.forms.all({ segment: info.segment, lang: info.language });
  // Only the multi-step forms have screens; contact, newsletter and chat have their own.
  const form = formForPath(
    forms.filter((f) => ["demo", "parceiros", "trial"].includes(f.id)),
    path,
  );
  return form;
}

/** The multi-step lead form of the path (B §2.1, §2.2): demo, partners or free trial. */
export const headers = passOnHeaders;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const form = await formFor(request, context);
  if (!form) throw redirect("/");
  const url = new URL(request.url);
  const planId = params.planId && PLAN_ID.test(params.planId) ? params.planId : null;
  const etapa = Number(url.searchParams.get("etapa"));
  return data(
    {
      formKey: form.id as FormKey,
      form,
      language: context.request.uiLanguage,
      formToken: issueFormToken(context.services.signer, Date.now()),
      requestKey: globalThis.crypto.randomUUID(),
      plan: planId
        ? { id: planId, annual: ["1", "true", "anual"].includes(url.searchParams.get("anual") ?? "") }
        : null,
      initialStep: Number.isInteger(etapa) && etapa >= 1 ? etapa - 1 : 0,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Plain form posts (no JavaScript): one step per request, same rules as the browser. */
export async function action({ request, context }: Route.ActionArgs): Promise<FlowResult> {
  const form = await formFor(request, context);
  if (!form) throw redirect("/");
  const { services, request: info } = context;
  return handleFormStep(services.leads, services.logger, {
    formKey: form.id as FormKey,
    form,
    data: await request.formData(),
    segment: info.segment,
    language: info.uiLanguage,
    ...submissionClient(request, info),
    pageUrl: request.url,
    referrer: request.headers.get("referer"),
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
  const flow =
    actionData ??
    (loaderData.initialStep > 0
      ? { step: loaderData.initialStep, answers: {}, errors: {}, requestKey: loaderData.requestKey }
      : undefined);
  return (
    <LeadForm
      // A new action result (no-JavaScript post) starts the component from the server's state.
      key={actionData ? `${actionData.requestKey}` : "initial"}
      formKey={loaderData.formKey}
      form={loaderData.form}
      texts={formTexts(loaderData.language)}
      language={loaderData.language}
      formToken={loaderData.formToken}
      requestKey={loaderData.requestKey}
      plan={loaderData.plan}
      flow={flow}
    />
  );
}
