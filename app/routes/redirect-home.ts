import { redirect } from "react-router";
import { splitLanguagePrefix } from "~/lib/locale.ts";
import type { Route } from "./+types/redirect-home";

/** Unknown page paths go home (B §2.1), keeping a language prefix the visitor chose. */
export function loader({ request }: Route.LoaderArgs) {
  const { language } = splitLanguagePrefix(new URL(request.url).pathname);
  return redirect(language ? `/${language}` : "/", 302);
}
