/** API keys of the vendor's systems (decision 096): shown once, stored hashed, scoped, revocable. */
import { ApiKeyService } from "@server/auth/api-keys.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { apiKeys } from "@server/db/schema.ts";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { testClock } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

describe.each(databaseTargets())("API keys on $name", (target) => {
  let handle: DatabaseHandle;
  let clock: ReturnType<typeof testClock>;
  let keys: ApiKeyService;

  beforeEach(async () => {
    handle = await target.open();
    clock = testClock();
    keys = new ApiKeyService({ db: handle.db, now: clock.now });
  });
  afterEach(() => handle.close());

  it("a key authenticates its scope only, is stored as a hash, and stops at once when revoked", async () => {
    const { key, view } = await keys.create({ name: "Faturamento", scope: "billing", createdBy: "staff@x" });
    expect(key).toMatch(/^vk_billing_[A-Za-z0-9_-]{40,}$/);
    expect(key.startsWith(view.prefix)).toBe(true);
    const [stored] = await handle.db.select().from(apiKeys);
    expect(JSON.stringify(stored)).not.toContain(key.slice(view.prefix.length));

    expect(await keys.authenticate(`Bearer ${key}`, "billing")).toMatchObject({ name: "Faturamento" });
    expect((await keys.list())[0]!.lastUsedAt).toBe(clock.now().toISOString());
    await expect(keys.authenticate(`Bearer ${key}`, "platform")).rejects.toMatchObject({ kind: "forbidden" });
    await expect(keys.authenticate(null, "billing")).rejects.toMatchObject({ kind: "unauthenticated" });
    await expect(keys.authenticate(`Bearer ${key}x`, "billing")).rejects.toMatchObject({
      kind: "unauthenticated",
    });
    await expect(keys.authenticate(key, "billing")).rejects.toMatchObject({ kind: "unauthenticated" });

    await keys.revoke({ email: "staff@x" }, view.id);
    await expect(keys.authenticate(`Bearer ${key}`, "billing")).rejects.toMatchObject({
      kind: "unauthenticated",
    });
    await expect(keys.revoke({ email: "staff@x" }, view.id)).rejects.toMatchObject({ kind: "not-found" });
    await expect(keys.create({ name: " ", scope: "platform", createdBy: "x" })).rejects.toMatchObject({
      kind: "invalid",
    });
  });
});
