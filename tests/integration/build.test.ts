import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { clientBuildDir } from "@server/paths.ts";
import { describe, expect, it } from "vitest";

/** What the browser downloads: production React, and no server secrets or server-only code. */
describe("the client build", () => {
  const assets = path.join(clientBuildDir, "assets");
  const scripts = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .map((f) => ({ file: f, text: readFileSync(path.join(assets, f), "utf8") }));

  it("ships React's production build", () => {
    expect(scripts.length).toBeGreaterThan(0);
    for (const { file, text } of scripts) {
      expect(text.includes('should have a unique "key" prop'), file).toBe(false);
    }
  });

  it("carries no server code or secrets", () => {
    for (const { file, text } of scripts) {
      for (const marker of [
        "JIRA_API_TOKEN",
        "SESSION_SECRET",
        "LEAD_WEBHOOK_SECRET",
        "drizzle-orm",
        "pglite",
        "scrypt$",
      ]) {
        expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
      }
    }
  });
});
