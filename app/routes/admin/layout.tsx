import { requirePageAdmin } from "@server/http/auth-guard.ts";
import { useEffect, useState } from "react";
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
import { adminTexts as t } from "~/admin/texts.ts";
import { Icon } from "~/components/Icon.tsx";
import { authTexts } from "~/lib/auth/texts.ts";
import { documentSchemas } from "~/lib/content/schemas.ts";
import { passOnHeaders } from "~/lib/route-headers.ts";
import adminStylesheet from "~/styles/admin.css?url";
import type { Route } from "./+types/layout";

export const headers = passOnHeaders;
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

const COLLAPSED_KEY = "admin:sidebar-collapsed";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageAdmin(request, context);
  return data(
    { user: { name: user.name, email: user.email }, files: Object.keys(documentSchemas).sort() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/**
 * The admin area (B §2.8): a sidebar with Dashboard, the JSON editor and its files, the plans
 * editor, Settings and Logout, collapsible to 80 px (remembered in this browser). Only for
 * signed-in users with the admin role, checked on the server by every loader and API call.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => setCollapsed(window.localStorage.getItem(COLLAPSED_KEY) === "1"), []);
  const toggle = () => {
    setCollapsed((value) => {
      window.localStorage.setItem(COLLAPSED_KEY, value ? "0" : "1");
      return !value;
    });
  };
  return (
    <div className={`admin ${collapsed ? "admin--collapsed" : ""}`}>
      <nav className="admin__sidebar" aria-label={t.title}>
        <div className="admin__sidebar-top">
          <p className="admin__title">{t.title}</p>
          <button type="button" className="admin__toggle" aria-expanded={!collapsed} onClick={toggle}>
            <Icon name="layers" size={20} />
            <span className="visually-hidden">{collapsed ? t.expand : t.collapse}</span>
          </button>
        </div>
        <ul>
          <li>
            <NavLink to="/admin/dashboard" title={t.dashboard}>
              <Icon name="bar-chart" size={20} />
              <span className="admin__label">{t.dashboard}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/json" end title={t.jsonEditor}>
              <Icon name="file-text" size={20} />
              <span className="admin__label">{t.jsonEditor}</span>
            </NavLink>
            <ul className="admin__submenu">
              {loaderData.files.map((file) => (
                <li key={file}>
                  <NavLink to={`/admin/json/${file}.json`}>{file}.json</NavLink>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <NavLink to="/admin/leads" title="Leads">
              <Icon name="users" size={20} />
              <span className="admin__label">Leads</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/empresas" title={t.companies}>
              <Icon name="briefcase" size={20} />
              <span className="admin__label">{t.companies}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/pages" title={t.plansEditor}>
              <Icon name="wallet" size={20} />
              <span className="admin__label">{t.plansEditor}</span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/settings" title={t.settings}>
              <Icon name="shield" size={20} />
              <span className="admin__label">{t.settings}</span>
            </NavLink>
          </li>
          <li>
            {/* A form, not a link: signing out changes state, so it is a POST (B §2.8 names it "Logout"). */}
            <Form method="post" action="/logout">
              <button type="submit" className="admin__logout" title={t.logout}>
                <Icon name="arrow-right" size={20} />
                <span className="admin__label">{t.logout}</span>
              </button>
            </Form>
          </li>
        </ul>
        <p className="admin__user">{loaderData.user.email}</p>
      </nav>
      <div className="admin__content">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * A signed-in customer gets a 403 page in Portuguese, not the admin area; any other load error
 * shows the server's message or a default (B §8.3).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData("root") as { language?: "pt" | "en" } | undefined;
  const texts = authTexts(root?.language ?? "pt");
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <section className="error-page" aria-labelledby="acesso-restrito">
        <h1 id="acesso-restrito">{texts.forbiddenTitle}</h1>
        <p>{texts.forbiddenText}</p>
        <p>
          <Link to="/dashboard" className="button button--primary">
            {texts.menu.dashboard}
          </Link>
        </p>
      </section>
    );
  }
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : t.loadErrorDefault;
  return (
    <p className="banner banner--error" role="alert">
      {message}
    </p>
  );
}
