import { createHash, randomBytes } from "node:crypto";

/** A random secret for a session or a reset link (256 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this hash is stored: a leaked database does not hand out working sessions. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The token of a request (A §6): the Authorization header raw (as the spec's client sends it) or
 * as "Bearer <token>", else the session cookie.
 */
export function tokenFromRequest(
  authorization: string | null | undefined,
  cookie: string | null | undefined,
): string | null {
  const header = authorization?.trim();
  if (header) {
    const value = header.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : header;
    if (/^[A-Za-z0-9_-]{20,200}$/.test(value)) return value;
  }
  const fromCookie = cookie
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  return fromCookie && /^[A-Za-z0-9_-]{20,200}$/.test(fromCookie) ? fromCookie : null;
}

export const SESSION_COOKIE = "session";
/** A session lasts 12 hours, or 30 days when the visitor ticked "Lembrar de mim". */
export const SESSION_TTL_MS = 12 * 3600_000;
export const REMEMBERED_SESSION_TTL_MS = 30 * 24 * 3600_000;
/** A reset link works once, within one hour. */
export const RESET_TTL_MS = 3600_000;
/** An invitation link (a new account sets its first password) lasts a week. */
export const INVITE_TTL_MS = 7 * 24 * 3600_000;

export function sessionCookie(token: string, options: { maxAgeMs: number | null; secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.maxAgeMs !== null) parts.push(`Max-Age=${Math.floor(options.maxAgeMs / 1000)}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return [
    `${SESSION_COOKIE}=`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    "Max-Age=0",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
