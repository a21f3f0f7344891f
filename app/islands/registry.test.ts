import { describe, expect, it } from "vitest";
import { componentOfIsland } from "./island.tsx";
import { ISLAND_NAMES } from "./names.ts";
import { islandModules } from "./registry.ts";

describe("the islands' registry", () => {
  it("the browser's registry loads, for every name, the component the server renders under it", async () => {
    for (const name of ISLAND_NAMES) {
      const loaded = await islandModules[name]();
      // Each island module defines its islands when it loads.
      expect(componentOfIsland(name), name).toBe(loaded);
    }
  });
});
