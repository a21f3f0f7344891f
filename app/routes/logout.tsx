import { clearedSessionCookie } from "@server/auth/tokens.ts";
import { requestToken } from "@server/http/auth-guard.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";

async function signOut(request: Request, context: Route.ActionArgs["context"]) {
  await context.services.auth.logout(requestToken(request));
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

/** The admin sidebar's "Logout" is a link to /logout (B §2.8). */
export function loader({ request, context }: Route.LoaderArgs) {
  return signOut(request, context);
}
