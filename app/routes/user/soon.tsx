import { Link, redirect, useRouteLoaderData } from "react-router";
import { authTexts } from "~/lib/auth/texts.ts";
import type { Route } from "./+types/soon";
import type { loader as layoutLoader } from "./layout.tsx";

const SOON_PATHS = new Set([
  "plano",
  "plano/upgrade",
  "faturas",
  "faturas/notas",
  "integracoes",
  "integracoes/nova",
]);

/** Sidebar entries whose screens the spec does not show: a clear "em breve", never a dead link. */
export function loader({ params }: Route.LoaderArgs) {
  if (!SOON_PATHS.has(params["*"] ?? "")) throw redirect("/user/dashboard");
  return null;
}

export default function Soon() {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/user/layout");
  const t = authTexts(layout?.language ?? "pt");
  return (
    <section className="soon" aria-labelledby="em-breve">
      <h1 id="em-breve">{t.soonTitle}</h1>
      <p>{t.soonText}</p>
      <p>
        <Link to="/user/dashboard" className="button button--primary">
          {t.menu.dashboard}
        </Link>
      </p>
    </section>
  );
}
