import { loginSchema } from "@domain/auth/schemas.ts";
import { refusalWording } from "@domain/refusals.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import { signIn } from "@server/http/sign-in.ts";
import type { Route } from "./+types/auth-login";

/**
 * POST /api/auth/login (A §7): {email, password, remember, code?} → {token, user}; the session
 * cookie too. An account with two-factor answers 401 {message, twoFactorRequired: true} until
 * `code` is right; a staff account without it, 403 {message, setupRequired: true} (decision 112).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  return handleApi(services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    const body = await readJsonBody(request, loginSchema);
    const { session, cookie } = await signIn(request, context, body);
    // Staff without two-factor get no token (decision 112). The browser keeps the session cookie, which
    // opens only the set-up page, so the person can set it up there and carry on.
    if (session.twoFactorSetupRequired)
      return jsonResponse(
        { message: refusalWording("pt", "twoFactor.setupRequired"), setupRequired: true },
        { status: 403, headers: { "Cache-Control": "no-store", "Set-Cookie": cookie } },
      );
    return jsonResponse(
      { token: session.token, user: session.user },
      { headers: { "Cache-Control": "no-store", "Set-Cookie": cookie } },
    );
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
