import { type RefusalArgs, type RefusalCode, refusalWording } from "@domain/refusals.ts";

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
  | "rate-limited"
  /** A service the operation needs is down (503): nothing was done, try again (decision 120). */
  | "unavailable";

/** What a refusal may carry besides its words. */
export interface RefusalExtras {
  /** For rate-limited: how long until another attempt may succeed. */
  retryAfterSeconds?: number;
  /** What the caller needs besides the message (field errors, the current version), sent in the answer. */
  details?: Record<string, unknown>;
}

/** The arguments after the code: its wording's arguments (left out when it takes none), then the extras. */
type AfterCode<C extends RefusalCode> =
  RefusalArgs<C> extends []
    ? [args?: [], extras?: RefusalExtras]
    : [args: RefusalArgs<C>, extras?: RefusalExtras];

/**
 * A refusal: its kind, and its code and arguments in the catalogue of domain/refusals.ts (decision
 * 115). The message is the code's Portuguese wording (logs, the JSON API); a page shows
 * `refusalText(error, language)`.
 */
export class DomainError<C extends RefusalCode = RefusalCode> extends Error {
  override name = "DomainError";
  readonly [DOMAIN_ERROR] = true;
  readonly args: RefusalArgs<C>;
  readonly retryAfterSeconds?: number;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly kind: RefusalKind,
    readonly code: C,
    ...[args, extras]: AfterCode<C>
  ) {
    const given = (args ?? []) as RefusalArgs<C>;
    super(refusalWording("pt", code, ...given));
    this.args = given;
    this.retryAfterSeconds = extras?.retryAfterSeconds;
    this.details = extras?.details;
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
