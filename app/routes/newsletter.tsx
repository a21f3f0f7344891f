import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { buildSubmission } from "@server/http/build-submission.ts";
import { confirmationChallenge, readPagePostFields } from "@server/http/page-post.ts";
import { SubmissionInvalid } from "@server/leads/service.ts";
import { redirect } from "react-router";
import type { NewsletterOutcome } from "~/components/forms/NewsletterSection.tsx";
import { Newsletter } from "~/islands/newsletter.tsx";
import type { Route } from "./+types/newsletter";

/** The page a plain (no JavaScript) newsletter post lands on; with JavaScript the section posts JSON. */
export const handle: RouteHandle = { pageCache: true, islands: true };

export async function loader({ context }: Route.LoaderArgs) {
  const doc = await context.services.content.get("newsletter-data", {
    segment: context.request.segment,
    lang: context.request.language,
  });
  if (!doc) throw redirect("/");
  return { newsletter: doc.data, language: context.request.uiLanguage };
}

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<{ outcome: NewsletterOutcome | null }> {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!email) return { outcome: null };
  const { services, request: info } = context;
  const fields = readPagePostFields(form);
  // Sent before any script ran, so without a challenge: once more to confirm (decision 122).
  if (!fields.formToken)
    return {
      outcome: {
        kind: "confirm",
        email,
        challenge: confirmationChallenge(services.signer, "newsletter"),
        requestKey: fields._requestKey,
      },
    };
  try {
    // The section sits on another page (the home): that page, the referrer, is where it was sent from.
    const result = await services.leads.submit(
      buildSubmission(
        {
          formKey: "newsletter",
          stage: "complete",
          answers: { email },
          requestKey: fields._requestKey,
          formToken: fields.formToken,
          honeypot: fields.website,
          tracking: { page: request.headers.get("referer") ?? undefined },
        },
        request,
        info,
      ),
    );
    return { outcome: { kind: result.simulated ? "simulated" : "sent", key: result.protocol } };
  } catch (error) {
    if (SubmissionInvalid.is(error)) return { outcome: null };
    throw error;
  }
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.newsletter.title ?? "Newsletter"} | ${SITE_NAME}` }];
}

export default function NewsletterRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Newsletter
      key={actionData ? "posted" : "form"}
      data={loaderData.newsletter}
      language={loaderData.language}
      outcome={actionData?.outcome}
    />
  );
}
