import { requirePageUser } from "@server/http/auth-guard.ts";
import { useEffect, useRef } from "react";
import { data, NavLink, Outlet, useLocation } from "react-router";
import { authTexts } from "~/lib/auth/texts.ts";
import { passOnHeaders } from "~/lib/route-headers.ts";
import portalStylesheet from "~/styles/portal.css?url";
import type { Route } from "./+types/layout";
import { userMenu } from "./menu.ts";

export const headers = passOnHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: portalStylesheet }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context);
  return data(
    { user, language: context.request.uiLanguage },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The user area layout (B §2.9): sidebar with the spec's entries and the /system link in its footer. */
export default function UserLayout({ loaderData }: Route.ComponentProps) {
  const t = authTexts(loaderData.language);
  const { pathname } = useLocation();
  const sidebar = useRef<HTMLElement>(null);
  // On phones the entries are one scrolling row: bring the current one into view.
  useEffect(() => {
    sidebar.current?.querySelector("a.active")?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <div className="user-area">
      <nav ref={sidebar} className="user-area__sidebar" aria-label={t.userArea}>
        <p className="user-area__title">{t.userArea}</p>
        <ul>
          {userMenu(t, loaderData.user.company?.role ?? null).map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} end>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="user-area__footer">
          <a href="/system" target="_blank" rel="noopener">
            {t.openSystem} <span className="visually-hidden">{t.newTab}</span>
          </a>
        </p>
      </nav>
      <div className="user-area__content">
        <Outlet />
      </div>
    </div>
  );
}
