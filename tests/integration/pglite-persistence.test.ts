import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findAtLevels, saveDocument } from "@server/content/repository.ts";
import { DatabaseInUseError, openDatabase } from "@server/db/client.ts";
import { describe, expect, it } from "vitest";

const footer = { description: "persisted", sections: [] };

describe("embedded database in DATA_DIR", () => {
  it("keeps its data across a close and reopen", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pglite-"));
    const first = await openDatabase({ kind: "pglite", dataDir });
    await saveDocument(first.db, {
      name: "footer-data",
      segment: "",
      lang: "",
      data: footer,
      author: "test",
    });
    await first.close();

    const second = await openDatabase({ kind: "pglite", dataDir });
    const rows = await findAtLevels(second.db, "footer-data", [{ segment: "", lang: "" }]);
    await second.close();
    expect(rows.map((r) => r.data)).toEqual([footer]);
  });

  it("refuses a second opener while the first holds it, naming the folder and the process", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pglite-"));
    // A live process other than this one owns the lock (the parent of the test runner is alive).
    writeFileSync(path.join(dataDir, "pglite.lock"), String(process.ppid));
    const error = await openDatabase({ kind: "pglite", dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseInUseError);
    expect((error as Error).message).toContain(`process ${process.ppid}`);
    expect((error as Error).message).toContain(path.resolve(dataDir, "pglite"));
  });

  it("takes over a lock left by a process that no longer exists", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pglite-"));
    writeFileSync(path.join(dataDir, "pglite.lock"), "999999");
    const handle = await openDatabase({ kind: "pglite", dataDir });
    await handle.ping();
    await handle.close();
  });
});
