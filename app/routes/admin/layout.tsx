import { requirePageAdmin } from "@server/http/auth-guard.ts";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { authTexts } from "~/lib/auth/texts.ts";
import { passOnHeaders } from "~/lib/route-headers.ts";
import type { Route } from "./+types/layout";

export const headers = passOnHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageAdmin(request, context);
  return data(
    { user, language: context.request.uiLanguage },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta() {
  return [{ name: "robots", content: "noindex" }];
}

/** The admin area (B §2.8): only for signed-in users with the admin role, checked on the server. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = authTexts(loaderData.language);
  return (
    <div className="user-area">
      <nav className="user-area__sidebar" aria-label={t.adminTitle}>
        <p className="user-area__title">{t.adminTitle}</p>
        <ul>
          <li>
            <NavLink to="/admin/dashboard">Dashboard</NavLink>
          </li>
          <li>
            {/* A form, not a link: signing out changes state, so it is a POST (B §2.8 names it "Logout"). */}
            <Form method="post" action="/logout">
              <button type="submit" className="user-area__logout">
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </nav>
      <div className="user-area__content">
        <Outlet />
      </div>
    </div>
  );
}

/** A signed-in customer gets a 403 page in Portuguese, not the admin area. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData("root") as { language?: "pt" | "en" } | undefined;
  const t = authTexts(root?.language ?? "pt");
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className="error-page" aria-labelledby="acesso-restrito">
        <h1 id="acesso-restrito">{t.forbiddenTitle}</h1>
        <p>{t.forbiddenText}</p>
        <p>
          <Link to="/dashboard" className="button button--primary">
            {t.menu.dashboard}
          </Link>
        </p>
      </section>
    );
  }
  throw error;
}
