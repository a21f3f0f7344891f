import { messagesFor } from "@domain/i18n.ts";
import { plansLoadErrorMessage, plansTexts } from "@domain/plans.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { loadSection } from "@server/content/load.ts";
import { sectionsFor } from "@server/http/sections.ts";
import { MissingData } from "~/components/SectionState.tsx";
import { Plans as PlansPart } from "~/islands/plans.tsx";
import { SectionError } from "~/islands/section-error.tsx";
import { routeHead } from "~/seo/route-head.ts";
import type { Route } from "./+types/plans";

/** The /planos page (A §2): the plans section, or its missing-data or error state. */
/** The same for every anonymous visitor: served from the front page cache. */
export const handle: RouteHandle = { pageCache: true, islands: true };

export async function loader({ context }: Route.LoaderArgs) {
  const { request } = context;
  const query = { segment: request.segment, lang: request.language };
  const language = request.uiLanguage;
  const pathLanguage = request.pathLanguage;
  return { language, pathLanguage, plans: await loadSection(sectionsFor(context), "plans-data", query) };
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  const t = plansTexts(data?.language ?? "pt");
  // Product and Offer structured data for the plans (A §9).
  const plans = data?.plans.status === "loaded" ? data.plans.data.plans : undefined;
  const head = routeHead(matches, location.pathname, "planos", {
    title: t.pageTitle,
    description: t.pageDescription,
    plans,
  });
  return head.length
    ? head
    : [{ title: `${t.pageTitle} | ${SITE_NAME}` }, { name: "description", content: t.pageDescription }];
}

export default function Plans({ loaderData }: Route.ComponentProps) {
  const { plans, language, pathLanguage } = loaderData;
  if (plans.status === "loaded") {
    return <PlansPart data={plans.data} language={language} pathLanguage={pathLanguage} headingLevel={1} />;
  }
  const t = messagesFor(language);
  const texts = plansTexts(language);
  return (
    <section className="plans" aria-labelledby="planos-titulo">
      <div className="plans__header">
        <h1 id="planos-titulo" className="plans__title">
          {texts.pageTitle}
        </h1>
      </div>
      {plans.status === "missing" ? (
        <MissingData section={texts.section} searched={plans.searched} t={t} />
      ) : (
        <SectionError title={plansLoadErrorMessage(null, language)} language={language} />
      )}
    </section>
  );
}
