import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

/** A URL for the logs: the values of secret query parameters (a reset link's token) replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&](?:token|code|password)=)[^&#]*/gi, "$1***");
}

/** JSON logs to stdout; secrets and credentials are redacted wherever they appear. */
export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({
    level: config.LOG_LEVEL ?? (config.NODE_ENV === "test" ? "warn" : "info"),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
      ],
      censor: "***",
    },
  });
}
