import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

/** Query parameters whose values are known to carry nothing personal or secret. */
const LOGGABLE_QUERY = new Set(["lang", "index", "_data"]);

/**
 * A URL for the logs: the path, and the query's names with their values replaced, so a reset
 * link's token, an e-mail in a campaign link or anything else a visitor sends never reaches them.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  // An invitation's address holds its secret in the path (/convite/{token}, decision 091).
  url = url.replace(/^(\/(?:[a-z]{2}\/)?convite\/)[^/?#]+/i, "$1***");
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return LOGGABLE_QUERY.has(name) ? pair : `${name}=***`;
    })
    .join("&");
  return `${url.slice(0, mark)}?${query}`;
}

/** What a request log line holds: no query values, no cookies, no referrer (it can hold a token). */
export function requestForLog(req: {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  remoteAddress?: string;
}) {
  return {
    id: req.id,
    method: req.method,
    url: redactUrl(req.url),
    host: req.headers?.host,
    userAgent: req.headers?.["user-agent"],
    remoteAddress: req.remoteAddress,
  };
}

/** JSON logs to stdout; secrets and credentials are redacted wherever they appear. */
export function createLogger(
  config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">,
  /** Where the lines go; stdout unless given (tests read them). */
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL ?? (config.NODE_ENV === "test" ? "warn" : "info"),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.currentPassword",
        "*.newPassword",
        "*.token",
        // Recovery codes (decision 112), should a list of them ever be logged. Not `*.code`: that would
        // hide every error's code (ECONNREFUSED, 23505) too; two-step codes are never logged.
        "*.recoveryCodes",
      ],
      censor: "***",
    },
  };
  // pino's own stdout stream unless told otherwise (its default is not pino.destination(1)'s).
  return destination ? pino(options, destination) : pino(options);
}
