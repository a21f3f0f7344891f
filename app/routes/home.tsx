import { Link, useRouteLoaderData } from "react-router";
import { messagesFor } from "~/lib/i18n.ts";
import { SITE_NAME } from "~/lib/site.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((m) => m?.id === "root")?.data as { language?: "pt" | "en" } | undefined;
  const t = messagesFor(root?.language ?? "pt");
  return [{ title: `${SITE_NAME} | ${t.homeTitle}` }, { name: "description", content: t.homeLead }];
}

/** The home page. Its sections (hero carousel, plans, ...) arrive with the public-site work. */
export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const t = messagesFor(root?.language ?? "pt");
  return (
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
  );
}
