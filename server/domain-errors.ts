/**
 * What a domain operation can refuse, independent of HTTP: auth, leads and content throw these,
 * and the API edge (server/http/api.ts, statusOf) turns each kind into a status once.
 *
 * Route modules live in the React Router bundle and the services in the server bundle, so one
 * class exists twice and `instanceof` fails across them; a global symbol marks the errors instead.
 */
const DOMAIN_ERROR = Symbol.for("vertice.domain-error");

export type RefusalKind =
  /** The input breaks a rule (400). */
  | "invalid"
  /** Field-by-field errors of a form (422). */
  | "invalid-fields"
  /** Credentials or session missing or wrong (401). */
  | "unauthenticated"
  /** Signed in but not allowed (403). */
  | "forbidden"
  | "not-found"
  /** The operation was already done or collides with existing data (409). */
  | "conflict"
  /** Too many attempts in a window (429). */
  | "rate-limited";

/** A refusal with a message fit for the visitor (Portuguese). */
export class DomainError extends Error {
  override name = "DomainError";
  readonly [DOMAIN_ERROR] = true;

  constructor(
    readonly kind: RefusalKind,
    message: string,
    /** For rate-limited: how long until another attempt may succeed. */
    readonly retryAfterSeconds?: number,
    /** What the caller needs besides the message (field errors, the current version), sent in the answer. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** Whether an error is a DomainError (of the given kind), in either bundle. */
  static is(error: unknown, kind?: RefusalKind): error is DomainError {
    return (
      typeof error === "object" &&
      error !== null &&
      (error as Record<symbol, unknown>)[DOMAIN_ERROR] === true &&
      (kind === undefined || (error as DomainError).kind === kind)
    );
  }
}
