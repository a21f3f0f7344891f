import { Link, type LinkProps, useLocation } from "react-router";
import { localizeHref, splitLanguagePrefix } from "~/lib/locale.ts";

/** A link to a site page that keeps the language prefix of the current address (/en, /es, /pt). */
export function SiteLink({ to, ...props }: LinkProps & { to: string }) {
  const { pathname } = useLocation();
  return <Link to={localizeHref(to, splitLanguagePrefix(pathname).language)} {...props} />;
}
