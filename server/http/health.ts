import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.ts";
import { migrationsDir } from "../paths.ts";

/**
 * Liveness and readiness (decision 118). /healthz says the process answers, nothing more: a load
 * balancer or an orchestrator that restarts on it must not restart every instance because the
 * database is down. /readyz says whether this instance should get traffic: the database answers,
 * its migrations are the ones this code knows, Redis answers when configured, and it is not
 * stopping.
 */

export type CheckState = "ok" | "error" | "pending";

export interface Readiness {
  ready: boolean;
  body: {
    status: "ready" | "not-ready" | "stopping";
    checks: Record<string, CheckState>;
    /** Why not, in Portuguese, for the operator reading the balancer's log. */
    message?: string;
  };
}

export interface ReadinessChecks {
  /** Throws when the database does not answer. */
  database(): Promise<void>;
  /** Whether every migration this code ships is applied. */
  migrations(): Promise<boolean>;
  /** Throws when Redis does not answer; absent without REDIS_URL. */
  redis?: () => Promise<void>;
}

/** A check that does not settle in time counts as failed: a hung database is not a ready one. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const REASONS: Record<string, Record<Exclude<CheckState, "ok">, string>> = {
  database: { error: "o banco de dados não responde", pending: "o banco de dados não responde" },
  migrations: {
    error: "não foi possível ler as migrações aplicadas",
    pending: "há migrações do banco de dados ainda não aplicadas",
  },
  redis: { error: "o Redis não responde", pending: "o Redis não responde" },
};

/** Runs every check at once (each at most `timeoutMs`) and says whether the instance is ready. */
export async function readiness(checks: ReadinessChecks, timeoutMs = 2_000): Promise<Readiness> {
  const states: Record<string, CheckState> = {};
  const [database, migrations, redis] = await Promise.allSettled([
    within(checks.database(), timeoutMs),
    within(checks.migrations(), timeoutMs),
    checks.redis ? within(checks.redis(), timeoutMs) : Promise.resolve(undefined),
  ]);
  states.database = database.status === "fulfilled" ? "ok" : "error";
  states.migrations = migrations.status === "rejected" ? "error" : migrations.value ? "ok" : "pending";
  if (checks.redis) states.redis = redis.status === "fulfilled" ? "ok" : "error";
  const failed = Object.entries(states).filter(([, state]) => state !== "ok");
  if (failed.length === 0) return { ready: true, body: { status: "ready", checks: states } };
  const reasons = failed.map(([name, state]) => REASONS[name]![state as Exclude<CheckState, "ok">]);
  return {
    ready: false,
    body: { status: "not-ready", checks: states, message: `Instância fora do ar: ${reasons.join("; ")}.` },
  };
}

/** How many migrations this code ships (drizzle's journal). */
export function shippedMigrations(dir = migrationsDir): number {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** The readiness checks of a running instance's database and Redis. */
export function instanceChecks(
  database: DatabaseHandle,
  redis: { ping(): Promise<unknown> } | null,
): ReadinessChecks {
  const shipped = shippedMigrations();
  return {
    database: () => database.ping(),
    migrations: async () => {
      const result = await database.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`);
      // Both drivers answer { rows } (as in server/platform/outbox/worker.ts).
      const rows = (result as unknown as { rows: { n: number | string }[] }).rows;
      return Number(rows[0]?.n ?? 0) >= shipped;
    },
    ...(redis ? { redis: async () => void (await redis.ping()) } : {}),
  };
}
