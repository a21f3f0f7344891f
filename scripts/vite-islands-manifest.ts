import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import type { IslandManifest } from "../app/islands/manifest.ts";

/**
 * Writes build/islands.json after the islands' browser build: the loader's file, React's side
 * (app/islands/hydrate.tsx and the runtime), and for each island the files its chunk needs beyond
 * those: what a page loads before interaction, which bench:bundle weighs. Island names come from
 * app/islands/registry.ts.
 */
export function islandsManifest(
  projectRoot: string,
  files: { registry: string; hydrate: string },
  target: string,
): Plugin {
  const registryFile = files.registry;
  return {
    name: "vertice:islands-manifest",
    apply: "build",
    generateBundle(_options, bundle) {
      const registry = readFileSync(registryFile, "utf8");
      const moduleOf = new Map<string, string>();
      for (const [, name, file] of registry.matchAll(/^\s*"?([\w-]+)"?: \(\) => import\("\.\/([^"]+)"\)/gm)) {
        moduleOf.set(name!, path.join(path.dirname(registryFile), file!));
      }
      const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
      const closure = (fileName: string, seen = new Set<string>()): string[] => {
        if (seen.has(fileName)) return [];
        seen.add(fileName);
        const chunk = chunks.find((c) => c.fileName === fileName);
        return [fileName, ...(chunk?.imports ?? []).flatMap((file) => closure(file, seen))];
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error("islands build: no entry chunk");
      const url = (file: string) => `/${file}`;
      const islands: Record<string, string[]> = {};
      const hydrate = chunks.find((chunk) => chunk.facadeModuleId === files.hydrate);
      if (!hydrate) throw new Error("islands build: no chunk for app/islands/hydrate.tsx");
      // The loader, React's side and what they import are on every island page.
      const loader = closure(entry.fileName);
      const hydration = closure(hydrate.fileName).filter((file) => !loader.includes(file));
      const shared = new Set([...loader, ...hydration]);
      for (const [name, module] of moduleOf) {
        const chunk = chunks.find((c) => c.facadeModuleId === module);
        if (!chunk)
          throw new Error(
            `islands build: no chunk for island ${name} (${path.relative(projectRoot, module)})`,
          );
        islands[name] = closure(chunk.fileName)
          .filter((file) => !shared.has(file))
          .map(url);
      }
      const manifest: IslandManifest = {
        entry: url(entry.fileName),
        entryImports: loader.slice(1).map(url),
        hydration: hydration.map(url),
        islands,
      };
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify(manifest, null, 1)}\n`);
    },
  };
}
