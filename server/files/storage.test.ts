import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrate } from "./migrate.ts";
import { classifyStorageError } from "./s3.ts";
import { areaOfPath, localFileAreas } from "./storage.ts";

const folder = () => mkdtempSync(path.join(os.tmpdir(), "vertice-files-"));

describe("the object store's failures, read from the SDK's errors (decision 120)", () => {
  it.each([
    [{ name: "NoSuchBucket", $metadata: { httpStatusCode: 404 } }, "bucket-missing"],
    [{ name: "NotFound", $metadata: { httpStatusCode: 404 } }, "bucket-missing"],
    [{ name: "InvalidAccessKeyId", $metadata: { httpStatusCode: 403 } }, "credentials"],
    [{ name: "SignatureDoesNotMatch", $metadata: { httpStatusCode: 403 } }, "credentials"],
    [{ name: "AccessDenied" }, "credentials"],
    [{ name: "Unknown", $metadata: { httpStatusCode: 401 } }, "credentials"],
    [{ name: "TimeoutError", code: "ETIMEDOUT" }, "timeout"],
    [{ name: "RequestTimeout" }, "timeout"],
    [{ name: "Error", code: "ECONNRESET" }, "timeout"],
    [{ name: "Error", code: "ECONNREFUSED" }, "unreachable"],
    [{ name: "InternalError", $metadata: { httpStatusCode: 500 } }, "unreachable"],
    [null, "unreachable"],
  ])("%o → %s", (error, failure) => {
    expect(classifyStorageError(error)).toBe(failure);
  });
});

describe("file areas", () => {
  it("a path names its area and file; anything else is refused", () => {
    expect(areaOfPath("uploads/abc.png")).toEqual({ area: "uploads", name: "abc.png" });
    expect(areaOfPath("private/tickets/3f1c")).toEqual({ area: "tickets", name: "3f1c" });
    expect(areaOfPath("private/nfse/n.xml")).toEqual({ area: "nfse", name: "n.xml" });
    for (const other of ["private/x", "uploads/", "uploads/a/b.png", "pglite/PG_VERSION", "private/tickets"])
      expect(areaOfPath(other), other).toBeNull();
  });

  it("a local area lists its files with their sizes, never a half-written one", async () => {
    const dataDir = folder();
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "b.png"), "bb");
    writeFileSync(path.join(dataDir, "uploads", "a.png"), "a");
    writeFileSync(path.join(dataDir, "uploads", "c.png.1.2.part"), "ccc");
    mkdirSync(path.join(dataDir, "uploads", "pasta"));
    const listed = [];
    for await (const file of localFileAreas(dataDir).uploads.list()) listed.push(file);
    expect(listed).toEqual([
      { name: "a.png", size: 1 },
      { name: "b.png", size: 2 },
    ]);
    // An area whose folder does not exist yet is empty, not an error.
    for await (const file of localFileAreas(dataDir).nfse.list()) throw new Error(`unexpected ${file.name}`);
  });

  it("migrate copies what the target lacks or holds with another size, and nothing twice", async () => {
    const source = localFileAreas(folder());
    const target = localFileAreas(folder());
    await source.uploads.put("a.png", Buffer.from("aaa"));
    await source.tickets.put("t1", Buffer.from("ticket"));
    await source.nfse.put("n1.pdf", Buffer.from("pdf"));
    // Cut short before: one file there whole, one half there (another size).
    await target.uploads.put("a.png", Buffer.from("aaa"));
    await target.tickets.put("t1", Buffer.from("tic"));
    const quiet = { info: () => {} };

    const first = await migrate(source, target, quiet);
    expect(first).toMatchObject({ copied: 2, skipped: 1, bytes: 9 });
    expect(first.byArea).toEqual({
      uploads: { copied: 0, skipped: 1 },
      tickets: { copied: 1, skipped: 0 },
      nfse: { copied: 1, skipped: 0 },
    });
    expect((await target.tickets.get("t1"))?.toString()).toBe("ticket");
    expect(await migrate(source, target, quiet)).toMatchObject({ copied: 0, skipped: 3 });
  });
});
