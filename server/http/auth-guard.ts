import { twoFactorSetupPath } from "@domain/auth/redirect.ts";
import { type StaffAction, staffMay } from "@domain/auth/staff.ts";
import type { AppLoadContext } from "react-router";
import { data, redirect } from "react-router";
import { ADMIN_SCREENS, type AdminScreenId } from "~/admin/screens.ts";
import type { ApiCaller, ApiKeyScope } from "../auth/api-keys.ts";
import { authMessages } from "../auth/messages.ts";
import { clearedSessionCookie, tokenFromRequest } from "../auth/tokens.ts";
import type { PublicUser } from "../auth/users.ts";
import { DomainError } from "../domain-errors.ts";
import type { CompanyRow } from "../portal/companies.ts";
import type { PortalActor } from "../portal/members.ts";
import { portalMessages } from "../portal/messages.ts";
import { HttpError, messages } from "./errors.ts";

/** The token a request carries (raw or Bearer Authorization header, or the session cookie). */
export function requestToken(request: Request): string | null {
  return tokenFromRequest(request.headers.get("authorization"), request.headers.get("cookie"));
}

/** The signed-in user of a request, or null. */
export async function currentUser(request: Request, context: AppLoadContext): Promise<PublicUser | null> {
  return context.services.sessions.userForToken(requestToken(request));
}

/**
 * The user of an API request's session. A staff session that still owes its two-factor set-up
 * (decision 112) opens nothing here: 403 with `setupRequired`, as the login API answers.
 */
async function apiUser(request: Request, context: AppLoadContext, missing: string, invalid: string) {
  const token = requestToken(request);
  if (!token) throw new HttpError(401, missing);
  const session = await context.services.sessions.sessionForToken(token);
  if (!session) throw new HttpError(401, invalid);
  if (session.twoFactorSetupRequired)
    throw new DomainError("forbidden", "twoFactor.setupRequired", [], { details: { setupRequired: true } });
  return session.user;
}

/** API guard: 401 JSON without a valid session ('Token não encontrado' when none was sent). */
export function requireApiUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  return apiUser(request, context, authMessages.tokenMissing, authMessages.sessionInvalid);
}

/**
 * Staff API operations (decision 100): 401 without a session, 403 for a customer or for a staff role
 * that may not do `action` (domain/auth/staff.ts).
 */
export async function requireStaff(
  request: Request,
  context: AppLoadContext,
  action: StaffAction,
): Promise<PublicUser> {
  const user = await apiUser(request, context, messages.unauthenticated, messages.unauthenticated);
  if (!staffMay(user.role, action)) throw new HttpError(403, messages.forbidden);
  return user;
}

/**
 * An admin screen (app/admin/screens.ts): the login for anonymous visitors, a 403 page for customers
 * and for staff roles that may not do the screen's action. Every screen's loader and action start here.
 */
export function requireAdminScreen(
  request: Request,
  context: AppLoadContext,
  screen: AdminScreenId,
): Promise<PublicUser> {
  return requirePageStaff(request, context, ADMIN_SCREENS[screen].action);
}

/** Staff pages: the login for anonymous visitors, a 403 page for customers and for roles without `action`. */
export async function requirePageStaff(
  request: Request,
  context: AppLoadContext,
  action: StaffAction,
): Promise<PublicUser> {
  const user = await requirePageUser(request, context);
  if (!staffMay(user.role, action)) throw data({ message: messages.forbidden }, { status: 403 });
  return user;
}

/**
 * Page guard (A §2, §4, §6): anonymous visitors go to /login, remembering where they were going; a
 * session that no longer loads (expired, revoked) is also cleared from the browser.
 */
export async function requirePageUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const token = requestToken(request);
  const session = token ? await context.services.sessions.sessionForToken(token) : null;
  // Staff who signed in with their password but have no second factor yet set it up before anything else.
  if (session?.twoFactorSetupRequired) {
    const url = new URL(request.url);
    throw redirect(twoFactorSetupPath(url.pathname + url.search));
  }
  const user = session?.user ?? null;
  if (!user) {
    const url = new URL(request.url);
    const secure = context.services.config.publicBaseUrl.startsWith("https:");
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, {
      headers: token ? { "Set-Cookie": clearedSessionCookie(secure) } : undefined,
    });
  }
  return user;
}

/**
 * Portal pages (decision 091): the signed-in customer as an actor of its company, with the company.
 * Staff go to the admin area; a customer not linked to a company gets a 403 page that says what to
 * do. Every portal loader and action starts here, so no page reads another company's records.
 */
export async function requirePortalMember(
  request: Request,
  context: AppLoadContext,
): Promise<{ user: PublicUser; actor: PortalActor; company: CompanyRow }> {
  const user = await requirePageUser(request, context);
  if (user.role !== "customer") throw redirect("/admin");
  const member = await portalMemberOf(user, context);
  if (!member) throw data({ message: portalMessages.noCompany }, { status: 403 });
  return { user, ...member };
}

/** A signed-in customer as an actor of their company, or null when the account has no company. */
export async function portalMemberOf(
  user: PublicUser,
  context: AppLoadContext,
): Promise<{ actor: PortalActor; company: CompanyRow } | null> {
  const company = user.company ? await context.services.companies.get(user.company.id) : null;
  if (!user.company || !company) return null;
  return {
    company,
    actor: {
      id: user.id,
      name: user.name,
      email: user.email,
      companyId: company.id,
      role: user.company.role,
    },
  };
}

/**
 * The vendor's systems calling the API with a key of `scope` (decision 096): 401 JSON without a valid
 * key, 403 for a key of another scope (DomainError, mapped at the API edge).
 */
export function requireApiKey(
  request: Request,
  context: AppLoadContext,
  scope: ApiKeyScope,
): Promise<ApiCaller> {
  return context.services.apiKeys.authenticate(request.headers.get("authorization"), scope);
}
