/**
 * What the server needs to load an island page's scripts (decision 108), build/islands.json, written
 * by scripts/vite-islands-manifest.ts after the islands' browser build.
 */
export interface IslandManifest {
  /** The island loader (app/islands/entry.tsx). */
  entry: string;
  /** Files the loader imports itself (shared code). */
  entryImports: string[];
  /** For each island, the files its chunk needs beyond the loader's (its own and what it imports). */
  islands: Record<string, string[]>;
}

/** The files an island page asks for at once: the loader's and its islands' (modulepreload). */
export function islandFiles(manifest: IslandManifest, names: Iterable<string>): string[] {
  const files = new Set(manifest.entryImports);
  for (const name of names) for (const file of manifest.islands[name] ?? []) files.add(file);
  return [...files];
}
