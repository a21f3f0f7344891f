import { staffMay } from "@domain/auth/staff.ts";
import { authTexts } from "@domain/auth/texts.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { requirePageStaff } from "@server/http/auth-guard.ts";
import { type RefObject, useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useNavigation,
  useRouteError,
} from "react-router";
import { adminScreens } from "~/admin/screens.ts";
import { shellTexts as t } from "~/admin/shell-texts.ts";
import { Icon } from "~/components/Icon.tsx";
import { dashboardLabel } from "~/portal/screens.ts";
import { passOnHeaders } from "~/react/route-headers.ts";
import adminStylesheet from "~/styles/admin.css?url";
import type { Route } from "./+types/layout";

export const headers = passOnHeaders;
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStylesheet }];

const COLLAPSED_KEY = "admin:sidebar-collapsed";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageStaff(request, context, "content.read");
  return data(
    {
      user: { name: user.name, email: user.email, role: user.role },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** The admin draws its own shell: no site header, footer or chat, always in Portuguese (decision 098). */
export const handle: RouteHandle = { bare: true };

/** Consecutive menu entries of one task under its heading (app/admin/screens.ts, decision 116). */
function menuGroups(screens: typeof adminScreens) {
  const groups: { heading?: string; entries: (typeof adminScreens)[number][] }[] = [];
  for (const screen of screens) {
    const heading = screen.menu?.group;
    const last = groups.at(-1);
    if (last && heading && last.heading === heading) last.entries.push(screen);
    else groups.push({ heading, entries: [screen] });
  }
  return groups;
}

/** The admin's header: the product, the signed-in person, the public site and signing out. */
function AdminHeader({
  user,
  menu,
}: {
  user?: { name: string; email: string };
  menu?: { open: boolean; toggle: () => void; button: RefObject<HTMLButtonElement | null> };
}) {
  return (
    <header className="admin-header">
      {menu && (
        <button
          ref={menu.button}
          type="button"
          className="admin-header__menu"
          aria-controls="admin-menu"
          aria-expanded={menu.open}
          onClick={menu.toggle}
        >
          <span className="admin-header__burger" aria-hidden="true" />
          <span className="visually-hidden">{menu.open ? t.closeMenu : t.openMenu}</span>
          <span aria-hidden="true">{t.menu}</span>
        </button>
      )}
      <Link to="/admin" className="admin-header__brand">
        {t.productName}
      </Link>
      <div className="admin-header__account">
        {user && (
          <p className="admin-header__user">
            <span className="visually-hidden">{t.signedInAs} </span>
            <span className="admin-header__name">{user.name}</span>{" "}
            <span className="admin-header__email">{user.email}</span>
          </p>
        )}
        <a href="/" className="admin-header__link" title={t.viewSiteHint}>
          {t.viewSite}
        </a>
        {user && (
          // A form, not a link: signing out changes state, so it is a POST to /logout.
          <Form method="post" action="/logout" className="admin-header__logout">
            <button type="submit" className="admin-header__link">
              {t.logout}
            </button>
          </Form>
        )}
      </div>
    </header>
  );
}

/**
 * The admin area (B §2.8) in its own shell (decision 098): a header with the product, the signed-in
 * person, 'Ver site' and 'Sair', and the sidebar with Dashboard, the JSON editor and its files, the
 * plans editor, Settings and Sair, collapsible to 80 px (remembered in this browser). Below 900 px
 * the sidebar is closed behind the header's menu button and closes again on navigation or Escape.
 * Only for signed-in users with the admin role, checked on the server by every loader and API call.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [collapsed, setCollapsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  useEffect(() => setCollapsed(window.localStorage.getItem(COLLAPSED_KEY) === "1"), []);
  const sidebar = useRef<HTMLElement>(null);
  // A screen low in the sidebar (the settings' screens, decision 135) keeps its entry in sight when
  // the sidebar scrolls on its own (a desktop window lower than the menu).
  useEffect(() => {
    const menu = sidebar.current;
    const entry = menu?.querySelector('a[aria-current="page"]')?.getBoundingClientRect();
    if (!menu || !entry) return;
    const box = menu.getBoundingClientRect();
    // Whole pixels up: scrollTop drops a fraction, which would leave the entry's last line cut.
    if (entry.bottom > box.bottom) menu.scrollTop += Math.ceil(entry.bottom - box.bottom);
    else if (entry.top < box.top) menu.scrollTop -= Math.ceil(box.top - entry.top);
  }, [pathname]);
  // A phone's menu closes once an entry was chosen (the new page is what the person wanted to see).
  useEffect(() => setMenuOpen(false), [pathname, search]);
  // The sidebar shows what this person's role may open (the server refuses the rest anyway).
  const may = (action: Parameters<typeof staffMay>[1]) => staffMay(loaderData.user.role, action);
  const toggle = () => {
    setCollapsed((value) => {
      window.localStorage.setItem(COLLAPSED_KEY, value ? "0" : "1");
      return !value;
    });
  };
  return (
    <div className="admin-shell">
      <a href="#admin-conteudo" className="skip-link">
        {t.skipToContent}
      </a>
      <AdminHeader
        user={loaderData.user}
        menu={{ open: menuOpen, toggle: () => setMenuOpen((open) => !open), button: menuButton }}
      />
      <div className={`admin ${collapsed ? "admin--collapsed" : ""}`}>
        <nav
          ref={sidebar}
          id="admin-menu"
          className={`admin__sidebar ${menuOpen ? "admin__sidebar--open" : ""}`}
          aria-label={t.navigation}
          onKeyDown={(event) => {
            if (event.key === "Escape" && menuOpen) {
              setMenuOpen(false);
              menuButton.current?.focus();
            }
          }}
        >
          <div className="admin__sidebar-top">
            <p className="admin__title">{t.title}</p>
            <button type="button" className="admin__toggle" aria-expanded={!collapsed} onClick={toggle}>
              <Icon name="layers" size={20} />
              <span className="visually-hidden">{collapsed ? t.expand : t.collapse}</span>
            </button>
          </div>
          <ul>
            {menuGroups(adminScreens.filter((screen) => screen.menu && may(screen.action))).map((group) => (
              <li key={group.entries[0]!.id} className={group.heading ? "admin__group" : undefined}>
                {group.heading && <p className="admin__group-heading">{group.heading}</p>}
                <ul>
                  {group.entries.map((screen) => (
                    <li key={screen.id}>
                      <NavLink
                        to={`/admin/${screen.path}`}
                        end={screen.id !== "contentFiles"}
                        title={screen.menu?.label}
                      >
                        <Icon name={screen.menu?.icon} size={20} />
                        <span className="admin__label">{screen.menu?.label}</span>
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            <li>
              {/* B §2.8's "Logout", in Portuguese: a POST, as in the header. */}
              <Form method="post" action="/logout">
                <button type="submit" className="admin__logout" title={t.logout}>
                  <Icon name="arrow-right" size={20} />
                  <span className="admin__label">{t.logout}</span>
                </button>
              </Form>
            </li>
          </ul>
        </nav>
        <main
          id="admin-conteudo"
          className="admin__content"
          tabIndex={-1}
          aria-busy={navigation.state === "loading" || undefined}
        >
          {navigation.state === "loading" && (
            <p className="page-loading" role="status">
              <span className="spinner" aria-hidden="true" /> {t.loading}
            </p>
          )}
          <Outlet />
        </main>
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
  // The admin is in Portuguese, whatever the visitor's language (decision 098).
  const texts = authTexts("pt");
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : t.loadErrorDefault;
  return (
    <div className="admin-shell">
      <AdminHeader />
      <main id="admin-conteudo" className="admin__content" tabIndex={-1}>
        {isRouteErrorResponse(error) && error.status === 403 ? (
          <section className="error-page" aria-labelledby="acesso-restrito">
            <h1 id="acesso-restrito">{texts.forbiddenTitle}</h1>
            <p>{texts.forbiddenText}</p>
            <p>
              <Link to="/dashboard" className="button button--primary">
                {dashboardLabel("pt")}
              </Link>
            </p>
          </section>
        ) : (
          <p className="banner banner--error" role="alert">
            {message}
          </p>
        )}
      </main>
    </div>
  );
}
