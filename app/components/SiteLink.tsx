import { Link, type LinkProps, useLocation } from "react-router";
import { useIslandPage } from "~/islands/island.tsx";
import { localizeHref, splitLanguagePrefix } from "~/lib/locale.ts";

/**
 * A link to a site page that keeps the language prefix of the current address (/en, /es, /pt). On
 * an island page (decision 108) there is no router in the browser: a plain link, which costs the
 * server's render nothing to resolve.
 */
export function SiteLink({ to, ...props }: LinkProps & { to: string }) {
  const { pathname } = useLocation();
  const href = localizeHref(to, splitLanguagePrefix(pathname).language);
  if (useIslandPage()) {
    const { prefetch: _prefetch, replace: _replace, state: _state, ...anchor } = props;
    return <a href={href} {...(anchor as React.AnchorHTMLAttributes<HTMLAnchorElement>)} />;
  }
  return <Link to={href} {...props} />;
}
