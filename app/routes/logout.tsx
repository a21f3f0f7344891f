import { clearedSessionCookie } from "@server/auth/tokens.ts";
import { requestToken } from "@server/http/auth-guard.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";

async function signOut(request: Request, context: Route.ActionArgs["context"]) {
  await context.services.sessions.logout(requestToken(request));
  return redirect("/login", {
    headers: {
      "Set-Cookie": clearedSessionCookie(context.services.config.publicBaseUrl.startsWith("https:")),
    },
  });
}

/** Sign-out (A §4): the session is revoked on the server, the cookie cleared, then /login. */
export function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

/**
 * A visit to /logout also signs out (an old bookmark, a typed address), but not when another site
 * sent the browser here: a page elsewhere must not be able to sign our users out.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (request.headers.get("sec-fetch-site") === "cross-site") return redirect("/");
  return signOut(request, context);
}
