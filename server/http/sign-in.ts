import type { AppLoadContext } from "react-router";
import { networkOf } from "../auth/network.ts";
import { sessionCookie } from "../auth/tokens.ts";

/**
 * A sign-in, as both ways in do it (A §4, decision 027): POST /api/auth/login from the page's script
 * and the login page's own form without JavaScript. The session (with the device and network it
 * is listed by, decision 112) and the cookie that carries it; refusals are the service's DomainErrors.
 */
export async function signIn(
  request: Request,
  context: AppLoadContext,
  input: { email: string; password: string; remember: boolean; code?: string },
) {
  const { sessions, config } = context.services;
  const session = await sessions.login(input.email, input.password, {
    remember: input.remember,
    userAgent: request.headers.get("user-agent") ?? undefined,
    network: networkOf(context.request.ip),
    code: input.code,
  });
  const cookie = sessionCookie(session.token, {
    maxAgeMs: input.remember ? session.expiresAt.getTime() - Date.now() : null,
    secure: config.publicBaseUrl.startsWith("https:"),
  });
  return { session, cookie };
}
