import { localizeHref } from "@domain/locale.ts";
import type { AnchorHTMLAttributes } from "react";
import { Link, type LinkProps, useHref } from "react-router";
import { useIslandPage } from "~/islands/island.tsx";

/**
 * A link to a site page that stays under the current language prefix (/en, /es, /pt): React Router's
 * basename for the prefix writes it (decision 109). On an island page (decision 108) there is no
 * router in the browser: a plain link. Links that the prefix never applies to (external, files, the
 * areas that live at the root) are plain links as written.
 */
export function SiteLink({ to, ...props }: LinkProps & { to: string }) {
  const href = useHref(to);
  const island = useIslandPage();
  const { prefetch: _prefetch, replace: _replace, state: _state, ...rest } = props;
  const anchor = rest as AnchorHTMLAttributes<HTMLAnchorElement>;
  // localizeHref leaves exactly these as they are, whatever the language.
  if (localizeHref(to, "en") === to) return <a href={to} {...anchor} />;
  if (island) return <a href={href} {...anchor} />;
  return <Link to={to} {...props} />;
}
