import type { AppLoadContext } from "react-router";
import { HttpError, messages } from "./errors.ts";

/**
 * Admin-only operations. Accounts and sessions arrive with the accounts issue; until then no
 * request can carry an admin session, so every caller is refused: 401 without credentials,
 * 403 with credentials that cannot be an admin's.
 */
export async function requireAdmin(request: Request, _context: AppLoadContext): Promise<never> {
  const hasCredentials =
    Boolean(request.headers.get("authorization")) ||
    /(?:^|;\s*)session=/.test(request.headers.get("cookie") ?? "");
  throw new HttpError(
    hasCredentials ? 403 : 401,
    hasCredentials ? messages.forbidden : messages.unauthenticated,
  );
}
