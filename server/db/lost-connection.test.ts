import { describe, expect, it } from "vitest";
import { isLostConnection, retryOnLostConnection } from "./lost-connection.ts";

const pgError = (code: string, message = "terminating connection due to administrator command") =>
  Object.assign(new Error(message), { code });

describe("isLostConnection", () => {
  it("reads PostgreSQL's shutdown and connection-exception codes, the socket errors and pg's own message", () => {
    expect(isLostConnection(pgError("57P01"))).toBe(true);
    expect(isLostConnection(pgError("08006", "connection failure"))).toBe(true);
    expect(isLostConnection(pgError("ECONNRESET", "read ECONNRESET"))).toBe(true);
    expect(isLostConnection(new Error("Connection terminated unexpectedly"))).toBe(true);
    // pg's answer to a query on a client the pool had already seen die.
    expect(isLostConnection(new Error("Client was closed and is not queryable"))).toBe(true);
  });
  it("looks through Drizzle's wrapper to the driver's error", () => {
    const wrapped = new Error("Failed query: insert into leads ...", { cause: pgError("57P01") });
    expect(isLostConnection(wrapped)).toBe(true);
  });
  it("is not fooled by errors of the statement itself", () => {
    expect(isLostConnection(pgError("23505", "duplicate key value violates unique constraint"))).toBe(false);
    expect(isLostConnection(pgError("40001", "could not serialize access"))).toBe(false);
    expect(isLostConnection(new Error("boom"))).toBe(false);
    expect(isLostConnection("57P01")).toBe(false);
  });
});

describe("retryOnLostConnection", () => {
  it("runs the work again after a lost connection, waiting 50 ms then 100 ms", async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await retryOnLostConnection(
      async () => {
        calls++;
        if (calls < 3) throw pgError("57P01");
        return "stored";
      },
      { wait: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe("stored");
    expect(waits).toEqual([50, 100]);
  });
  it("gives up after its attempts with the last error, and never repeats other failures", async () => {
    let calls = 0;
    const lost = retryOnLostConnection(
      async () => {
        calls++;
        throw pgError("57P01");
      },
      { wait: async () => {} },
    );
    await expect(lost).rejects.toMatchObject({ code: "57P01" });
    expect(calls).toBe(3);
    calls = 0;
    const invalid = retryOnLostConnection(
      async () => {
        calls++;
        throw pgError("23505", "duplicate");
      },
      { wait: async () => {} },
    );
    await expect(invalid).rejects.toMatchObject({ code: "23505" });
    expect(calls).toBe(1);
  });
});
