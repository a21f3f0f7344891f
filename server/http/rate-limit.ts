import { FUNNEL_PATH } from "@domain/funnel/events.ts";
import { isLoginPath } from "@domain/locale.ts";
import type { Request, RequestHandler } from "express";
import { type Options, rateLimit, type Store } from "express-rate-limit";
import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import { MemoryWindowCounter } from "../rate/window-counter.ts";
import { errorHtml } from "./error-page.ts";

/**
 * Fixed one-minute windows counted in Redis (INCR + PEXPIRE), so every instance shares the
 * count. While Redis fails, each instance counts in its own memory: a down cache neither takes
 * the forms down nor lifts the limits.
 */
export class RedisRateLimitStore implements Store {
  private windowMs = 60_000;
  readonly localKeys = false;
  /**
   * While Redis does not answer, this process counts alone: limits hold per instance
   * (docs/operations.md, "Rate limits").
   */
  private fallback = new MemoryWindowCounter(this.windowMs);
  private redisDown = false;

  constructor(
    private readonly redis: Redis,
    readonly prefix: string,
    private readonly logger: Logger,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.fallback = new MemoryWindowCounter(this.windowMs);
  }

  async increment(key: string) {
    const redisKey = this.prefix + key;
    try {
      const [[, hits], [, ttl]] = (await this.redis.multi().incr(redisKey).pttl(redisKey).exec()) as [
        [Error | null, number],
        [Error | null, number],
      ];
      let remaining = ttl;
      if (ttl < 0) {
        await this.redis.pexpire(redisKey, this.windowMs);
        remaining = this.windowMs;
      }
      if (this.redisDown) {
        this.redisDown = false;
        this.logger.info({ store: this.prefix }, "rate limits counted in Redis again");
      }
      return { totalHits: hits, resetTime: new Date(Date.now() + remaining) };
    } catch (error) {
      // Never open the limits: count in this process until Redis answers, and say so once.
      if (!this.redisDown) {
        this.redisDown = true;
        this.logger.warn(
          { store: this.prefix, err: (error as Error).message },
          "Redis unreachable: rate limits counted in this process until it answers",
        );
      }
      const { count, resetAt } = this.fallback.count(key);
      return { totalHits: count, resetTime: new Date(resetAt) };
    }
  }
  async decrement(key: string) {
    await this.redis.decr(this.prefix + key).catch(() => {});
  }

  async resetKey(key: string) {
    await this.redis.del(this.prefix + key).catch(() => {});
  }
}

/**
 * A path as React Router matches it: percent-decoded, case-insensitive, repeated and trailing
 * slashes ignored, and a single-fetch ".data" request counted as its page. Limits are keyed on
 * this, so no spelling of a path (/LOGIN, /login/, //login, /login.data) escapes its bucket.
 */
export function normalisePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is matched as written.
  }
  const single = decoded
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\.data$/, "");
  const trimmed = single.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** Rate-limit buckets for requests that can change something (React Router runs a page action for every method but GET and HEAD). */
export type WriteBucket = "login" | "forms" | "api" | "funnel";

/**
 * Which per-IP limit a request counts against, or null for reads: sign-in attempts in any method
 * and spelling count as logins; the funnel's beacon as its own; every other page post and every
 * lead as a form; the remaining API writes (sign-out, admin writes) against a looser API limit.
 */
export function writeBucket(method: string, path: string): WriteBucket | null {
  const verb = method.toUpperCase();
  if (verb === "GET" || verb === "HEAD") return null;
  const normal = normalisePath(path);
  // Sign-in: the login page, with or without its language prefix, and the login API.
  if (isLoginPath(normal) || normal === "/api/auth/login") return "login";
  // The funnel's beacon has its own bucket: its batches never use up a visitor's form submissions.
  if (normal === FUNNEL_PATH) return "funnel";
  // A demonstration's booking is a visitor's form, counted as one (decision 138).
  if (normal === "/api/leads" || normal === "/api/bookings" || !normal.startsWith("/api/")) return "forms";
  // Jira's webhooks are authenticated by their signature and come in bursts (a bulk edit): a
  // per-IP limit would drop exactly the deliveries the reconciliation then has to heal.
  if (normal === "/api/webhooks/jira") return null;
  return "api";
}

/**
 * Funnel beacon batches per IP per minute (decision 104): a page view sends one or two; the
 * ceiling leaves room for visitors behind one address and stops a script inflating the counts.
 */
export const FUNNEL_LIMIT_PER_MINUTE = 120;

/** Authenticated API writes per IP per minute: generous for staff at work, a ceiling for scripts. */
export const API_WRITE_LIMIT_PER_MINUTE = 120;

export const RATE_LIMIT_MESSAGE = "Muitas solicitações em pouco tempo. Aguarde um minuto e tente novamente.";

/** Per-IP limit per minute; JSON 429 for the API, a Portuguese page for plain form posts. */
export function perMinuteLimit(options: {
  limit: number;
  name: string;
  redis?: Redis | null;
  redisPrefix: string;
  logger: Logger;
  key?: (req: Request) => string;
  message?: string;
}): RequestHandler {
  const message = options.message ?? RATE_LIMIT_MESSAGE;
  return rateLimit({
    windowMs: 60_000,
    limit: options.limit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    // The default key is the client address, with IPv6 grouped by /56 so one host cannot rotate addresses.
    ...(options.key ? { keyGenerator: options.key } : {}),
    store: options.redis
      ? new RedisRateLimitStore(options.redis, `${options.redisPrefix}rl:${options.name}:`, options.logger)
      : undefined,
    handler: (req, res) => {
      res.setHeader("Cache-Control", "no-store");
      if (
        req.path.startsWith("/api/") ||
        req.originalUrl.startsWith("/api/") ||
        req.headers.accept?.includes("application/json")
      ) {
        res.status(429).json({ message });
      } else {
        res.status(429).type("html").send(errorHtml(429, message));
      }
    },
  });
}
