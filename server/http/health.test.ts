import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrationsDir } from "../paths.ts";
import { readiness, shippedMigrations } from "./health.ts";

const ok = async () => {};
const fails = async () => {
  throw new Error("connection refused");
};

describe("readiness (decision 118): every check answers, or 503 with the reasons in Portuguese", () => {
  it("ready when the database answers, the migrations are applied and Redis answers", async () => {
    expect(await readiness({ database: ok, migrations: async () => true, redis: ok })).toEqual({
      ready: true,
      body: { status: "ready", checks: { database: "ok", migrations: "ok", redis: "ok" } },
    });
    // Without REDIS_URL there is no Redis to check.
    expect((await readiness({ database: ok, migrations: async () => true })).body.checks).toEqual({
      database: "ok",
      migrations: "ok",
    });
  });

  it("not ready when the database fails, migrations are pending or Redis fails, each named", async () => {
    const answer = await readiness({ database: fails, migrations: async () => false, redis: fails });
    expect(answer).toEqual({
      ready: false,
      body: {
        status: "not-ready",
        checks: { database: "error", migrations: "pending", redis: "error" },
        message:
          "Instância fora do ar: o banco de dados não responde; há migrações do banco de dados ainda não aplicadas; o Redis não responde.",
      },
    });
    const migrationsUnreadable = await readiness({ database: ok, migrations: fails });
    expect(migrationsUnreadable.body.message).toBe(
      "Instância fora do ar: não foi possível ler as migrações aplicadas.",
    );
  });

  it("a check that hangs counts as failed once its time is up", async () => {
    const hung = () => new Promise<void>(() => {});
    const answer = await readiness({ database: hung, migrations: async () => true }, 20);
    expect(answer.ready).toBe(false);
    expect(answer.body.checks.database).toBe("error");
  });

  it("knows how many migrations this code ships: one per SQL file", () => {
    const files = readdirSync(migrationsDir).filter((name) => name.endsWith(".sql"));
    expect(shippedMigrations()).toBe(files.length);
  });
});
