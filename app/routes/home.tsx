import { Link, useRouteLoaderData } from "react-router";
import { NewsletterSection } from "~/components/forms/NewsletterSection.tsx";
import { LoadError, MissingData } from "~/components/SectionState.tsx";
import { formTexts } from "~/lib/forms/texts.ts";
import { messagesFor } from "~/lib/i18n.ts";
import { SITE_NAME } from "~/lib/site.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === "root")?.data as { language?: "pt" | "en" } | undefined;
  const t = messagesFor(root?.language ?? "pt");
  return [{ title: `${SITE_NAME} | ${t.homeTitle}` }, { name: "description", content: t.homeLead }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request } = context;
  const query = { segment: request.segment, lang: request.language };
  try {
    const doc = await services.content.get("newsletter-data", query);
    return {
      newsletter: doc
        ? ({ status: "loaded", data: doc.data } as const)
        : ({
            status: "missing",
            searched: services.content.searchedPaths("newsletter-data", query),
          } as const),
    };
  } catch (error) {
    services.logger.error({ err: error }, "newsletter-data failed to load");
    return { newsletter: { status: "error" } as const };
  }
}

/** The home page. Its sections (hero carousel, plans, ...) arrive with the public-site work. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const language = root?.language ?? "pt";
  const t = messagesFor(language);
  const { newsletter } = loaderData;
  return (
    <>
      <section className="intro" aria-labelledby="intro-title">
        <h1 id="intro-title">{t.homeTitle}</h1>
        <p className="intro__lead">{t.homeLead}</p>
        <p className="intro__actions">
          <Link to="/demonstracao" className="button button--primary">
            {t.requestDemo}
          </Link>
          <Link to="/planos" className="button button--outline">
            {t.seePlans}
          </Link>
        </p>
      </section>
      {newsletter.status === "loaded" && (
        <NewsletterSection
          data={newsletter.data}
          texts={formTexts(language)}
          formToken={root?.formToken ?? ""}
        />
      )}
      {newsletter.status === "missing" && (
        <MissingData section="Newsletter" searched={newsletter.searched} t={t} />
      )}
      {newsletter.status === "error" && <LoadError title={t.sectionError("Newsletter")} t={t} />}
    </>
  );
}
