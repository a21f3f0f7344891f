/**
 * A database connection cut under a statement (PostgreSQL restarted or failed over, the connection
 * terminated by an administrator, the network dropped): the statement did not run, or its
 * transaction rolled back, and a fresh connection from the pool will most likely work.
 */
const LOST_CONNECTION_CODES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a server shutting down
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
]);

export function isLostConnection(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (LOST_CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    if (
      /Connection terminated|connection is closed|Client has encountered a connection error|Client was closed and is not queryable/i.test(
        e.message,
      )
    )
      return true;
    // Drizzle wraps driver errors ("Failed query: ...") with the driver's error as the cause.
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `work` again (up to `attempts` times in all, after 50 ms, then 100 ms…) when it fails because
 * its database connection was lost. Only for work that is safe to repeat: idempotent by a key, or
 * conditional on what it changes.
 */
export async function retryOnLostConnection<T>(
  work: () => Promise<T>,
  { attempts = 3, wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isLostConnection(error)) throw error;
      await wait(50 * 2 ** (attempt - 1));
    }
  }
}
