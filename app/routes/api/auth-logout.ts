import { clearedSessionCookie } from "@server/auth/tokens.ts";
import { handleApi } from "@server/http/api.ts";
import { requestToken } from "@server/http/auth-guard.ts";
import { errorResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/auth-logout";

/** POST /api/auth/logout: revokes the session of the request and clears the cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    await services.sessions.logout(requestToken(request));
    return new Response(null, {
      status: 204,
      headers: { "Set-Cookie": clearedSessionCookie(services.config.publicBaseUrl.startsWith("https:")) },
    });
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
