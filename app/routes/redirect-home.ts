import { redirect } from "react-router";
import { livesAtRoot, splitLanguagePrefix } from "~/lib/locale.ts";
import type { Route } from "./+types/redirect-home";

/**
 * Unknown page paths go home (B §2.1), keeping a language prefix the visitor chose. An area that
 * lives only at the root (/en/dashboard) is reached without the prefix instead.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { language, path } = splitLanguagePrefix(url.pathname);
  if (language && livesAtRoot(path)) return redirect(`${path}${url.search}`, 302);
  return redirect(language ? `/${language}` : "/", 302);
}
