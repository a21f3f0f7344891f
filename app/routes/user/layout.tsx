import { authTexts } from "@domain/auth/texts.ts";
import { requirePageUser } from "@server/http/auth-guard.ts";
import { useEffect, useRef } from "react";
import { data, Link, Outlet, useLocation } from "react-router";
import { passOnHeaders } from "~/react/route-headers.ts";
import portalStylesheet from "~/styles/portal.css?url";
import type { Route } from "./+types/layout";
import { currentEntry, phoneMenuLabel, type UserMenuEntry, type UserMenuGroup, userMenu } from "./menu.ts";

export const headers = passOnHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: portalStylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context);
  return data(
    // The ERP's address is a setting (ERP_APP_URL): without it there is no link to a system.
    { user, language: context.request.uiLanguage, erpUrl: context.services.config.ERP_APP_URL ?? null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The portal's entries by part (app/routes/user/menu.ts), each group with its heading. */
function MenuGroups({
  groups,
  idPrefix,
  current,
}: {
  groups: UserMenuGroup[];
  idPrefix: string;
  current: { entry: UserMenuEntry | null; exact: boolean };
}) {
  return groups.map((group, index) => {
    const id = `${idPrefix}-${index}`;
    return (
      <div key={id} className="user-area__group">
        {group.heading && <p className="user-area__group-heading">{group.heading}</p>}
        <ul>
          {group.entries.map((entry) => {
            const here = entry === current.entry;
            return (
              <li key={entry.path}>
                {/* On a page within an entry's screen (an invoice, a ticket) the entry is marked as
                    the place, not as the page itself. */}
                <Link
                  to={entry.path}
                  className={here ? "active" : undefined}
                  aria-current={here ? (current.exact ? "page" : "true") : undefined}
                >
                  {entry.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    );
  });
}

/**
 * The user area layout (B §2.9): the sidebar with the spec's entries, grouped by part of the portal,
 * and the link to the ERP (ERP_APP_URL) in its footer. On a phone the same entries are behind one "menu" line that
 * names the current page, so the page's content comes first and no entry is cut (decision 116).
 */
export default function UserLayout({ loaderData }: Route.ComponentProps) {
  const t = authTexts(loaderData.language);
  const { pathname } = useLocation();
  const phoneMenu = useRef<HTMLDetailsElement>(null);
  const groups = userMenu(loaderData.language, loaderData.user.company?.role ?? null);
  const entry = currentEntry(groups, pathname);
  const current = { entry, exact: entry?.path === pathname };
  // The phone's menu closes once an entry was chosen.
  useEffect(() => {
    if (phoneMenu.current) phoneMenu.current.open = false;
  }, [pathname]);
  const systemLink = loaderData.erpUrl && (
    <a href={loaderData.erpUrl} target="_blank" rel="noopener">
      {t.openSystem} <span className="visually-hidden">{t.newTab}</span>
    </a>
  );
  return (
    <div className="user-area">
      <nav className="user-area__sidebar" aria-label={t.userArea}>
        <p className="user-area__title">{t.userArea}</p>
        <MenuGroups groups={groups} idPrefix="menu-grupo" current={current} />
        {systemLink && <p className="user-area__footer">{systemLink}</p>}
      </nav>
      <nav className="user-area__phone-menu" aria-label={phoneMenuLabel(loaderData.language)}>
        <details ref={phoneMenu}>
          <summary>
            <span className="user-area__phone-title">{t.userArea}</span>
            {entry && <span className="user-area__phone-current">{entry.label}</span>}
          </summary>
          <MenuGroups groups={groups} idPrefix="menu-celular" current={current} />
          {systemLink && <p className="user-area__footer">{systemLink}</p>}
        </details>
      </nav>
      <div className="user-area__content">
        <Outlet />
      </div>
    </div>
  );
}
