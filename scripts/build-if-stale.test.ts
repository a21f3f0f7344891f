import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_SOURCES, root } from "./build-if-stale.mjs";

describe("the build's staleness check", () => {
  it("watches every folder the code imports by alias (a change to domain/ alone rebuilds too)", () => {
    const { compilerOptions } = JSON.parse(readFileSync(path.join(root, "tsconfig.json"), "utf8")) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    const folders = Object.values(compilerOptions.paths).map((targets) => targets[0]!.split("/")[1]!);
    expect(folders).toEqual(expect.arrayContaining(["app", "server", "domain"]));
    for (const folder of folders) expect(BUILD_SOURCES).toContain(folder);
  });
});
