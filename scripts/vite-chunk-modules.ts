import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Writes build/chunk-modules.json after the browser build: for each JavaScript file under
 * build/client, the source modules in it (paths from the project root). bench/bundle-size.ts
 * reads it to prove that admin, dashboard, user-area, map and editor code never reach a public
 * page. Outside build/client, so it is never served. With `merge`, it adds to the file (the islands).
 */
export function chunkModules(projectRoot: string, options: { merge?: boolean } = {}): Plugin {
  return {
    name: "vertice:chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = Object.keys(output.modules).map((id) =>
          path.relative(projectRoot, id.split("?")[0]!).split(path.sep).join("/"),
        );
      }
      const target = path.join(projectRoot, "build");
      const file = path.join(target, "chunk-modules.json");
      // The islands' build (vite.islands.config.ts) adds its files to the app's.
      const earlier = options.merge && existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
      mkdirSync(target, { recursive: true });
      writeFileSync(file, `${JSON.stringify({ ...earlier, ...chunks }, null, 1)}\n`);
    },
  };
}
