import { sessionCookie } from "@server/auth/tokens.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import { loginSchema } from "~/lib/auth/schemas.ts";
import type { Route } from "./+types/auth-login";

/** POST /api/auth/login (A §7): {email, password, remember} → {token, user}; the session cookie too. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    const body = await readJsonBody(request, loginSchema);
    const session = await services.sessions.login(body.email, body.password, {
      remember: body.remember,
      userAgent: request.headers.get("user-agent") ?? undefined,
    });
    return jsonResponse(
      { token: session.token, user: session.user },
      {
        headers: {
          "Cache-Control": "no-store",
          "Set-Cookie": sessionCookie(session.token, {
            maxAgeMs: body.remember ? session.expiresAt.getTime() - Date.now() : null,
            secure: services.config.publicBaseUrl.startsWith("https:"),
          }),
        },
      },
    );
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
