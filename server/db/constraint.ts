/**
 * Whether a statement failed on a named constraint (a unique index, an exclusion constraint): the
 * driver's error, or the one drizzle wraps as its cause, by SQLSTATE class 23 and the constraint's
 * name, on node-postgres and PGlite alike.
 */
export function violatedConstraint(error: unknown, name: string): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (
      typeof code === "string" &&
      code.startsWith("23") &&
      (constraint === name || e.message.includes(name))
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
