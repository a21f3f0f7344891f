import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { clientBuildDir } from "@server/paths.ts";
import { describe, expect, it } from "vitest";

/** What the browser downloads: production React, and no server secrets or server-only code. */
const assets = path.join(clientBuildDir, "assets");
const scripts = readdirSync(assets)
  .filter((f) => f.endsWith(".js"))
  .map((f) => ({ file: f, text: readFileSync(path.join(assets, f), "utf8") }));

describe("the client build", () => {
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

/**
 * What every public page loads after it is up (the Web Vitals, the funnel's beacon, the visit's
 * touches: decisions 104, 105) stays small and imports no zod: zod costs 60 KB and, on loading, an
 * eval the page's CSP refuses (Chrome logs it as an issue; Lighthouse's best practices count it).
 */
describe("the after-page chunk", () => {
  it("imports no zod, directly or through a chunk it imports", () => {
    const byFile = new Map(scripts.map((s) => [s.file, s.text]));
    const afterPage = scripts.find((s) => s.file.startsWith("after-page-"));
    expect(afterPage, "an after-page chunk").toBeTruthy();
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = byFile.get(file) ?? "";
      for (const [, imported] of text.matchAll(/from\s*"\.\/([^"]+\.js)"/g)) visit(imported!);
    };
    visit(afterPage!.file);
    expect([...seen].filter((file) => /^zod-/.test(file))).toEqual([]);
  });
});

/**
 * Code splitting: what the admin, the customer area and the partner
 * map need never reaches the files a public page loads. Read from the build's own route manifest.
 */
describe("public pages load no admin, customer-area or map code", () => {
  const PRIVATE_ROUTE = /^(routes\/admin|admin-|routes\/user|user-|routes\/dashboard)/;
  /** Strings only the private code holds (its messages and its libraries' own names). */
  const PRIVATE_MARKERS = [
    "Alterações salvas com sucesso!", // the JSON editor
    "Nenhuma estrutura de formulário encontrada",
    "Nenhuma alteração entre as versões.", // the editor's history (decision 100)
    "arraysCollectChildren", // jsondiffpatch, which compares the versions
    "Tentar entregar de novo", // the lead inbox
    "Enviar imagem", // image upload
    "u-legend", // uPlot
    "user-dashboard", // the customer area (its texts are shared with the login; its code is not)
    "leaflet-zoom-animated", // Leaflet
  ];

  it("holds for every public route's module and its imports", async () => {
    const build = (await import(/* @vite-ignore */ path.join(clientBuildDir, "../server/index.js"))) as {
      assets: { routes: Record<string, { module: string; imports?: string[] }> };
    };
    const publicFiles = new Set<string>();
    for (const [id, route] of Object.entries(build.assets.routes)) {
      if (PRIVATE_ROUTE.test(id)) continue;
      for (const file of [route.module, ...(route.imports ?? [])]) publicFiles.add(file);
    }
    expect(publicFiles.size).toBeGreaterThan(10);
    for (const file of publicFiles) {
      const text = readFileSync(path.join(clientBuildDir, file), "utf8");
      for (const marker of PRIVATE_MARKERS) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
    }
    // The markers are real: each is found in some file of the build.
    const all = scripts.map((s) => s.text).join("\n");
    for (const marker of PRIVATE_MARKERS) expect(all.includes(marker), marker).toBe(true);
  });
});
