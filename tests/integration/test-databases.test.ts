import { apiKeys } from "@server/db/schema.ts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openFreshPglite } from "../support/databases.ts";

/**
 * The tests' embedded databases (decision 113): one a test has closed is handed to the next test
 * emptied, its sequences restarted, and the first test's handle no longer reaches it.
 */
describe("a fresh embedded test database", () => {
  it("is empty and migrated even when reused, and the closed handle stops working", async () => {
    const first = await openFreshPglite();
    const rows = async (handle: typeof first) =>
      Number(
        ((await handle.db.execute(sql`select count(*)::int as n from users`)) as { rows: { n: number }[] })
          .rows[0]!.n,
      );
    await first.db.execute(
      sql`insert into users (id, email, username, name, role, password_hash, preferences, created_at, updated_at)
          values (gen_random_uuid(), 'a@example.com', 'a', 'A', 'admin', 'x', '{}', now(), now())`,
    );
    expect(await rows(first)).toBe(1);
    await first.close();
    // Drizzle wraps the driver's refusal: the reason is its cause.
    const refused = await first.db.execute(sql`select 1`).then(
      () => null,
      (error: Error) => error,
    );
    expect((refused?.cause as Error | undefined)?.message).toBe("this test database was closed");

    const second = await openFreshPglite();
    try {
      expect(await rows(second)).toBe(0);
      // Migrated: the application's tables are there, the migrations' journal kept.
      expect(await second.db.select().from(apiKeys)).toEqual([]);
      const journal = (await second.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as {
        rows: { n: number }[];
      };
      expect(journal.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
