/**
 * The files of the islands' browser build (decisions 108, 114), build/islands.json, written by
 * scripts/vite-islands-manifest.ts: the loader a page asks for, and what the loader fetches.
 */
export interface IslandManifest {
  /** The island loader (app/islands/entry.ts), the one script a page names. */
  entry: string;
  /** Files the loader imports itself (shared code). */
  entryImports: string[];
  /** React's side (app/islands/hydrate.tsx, React's runtime): fetched by the loader on every page. */
  hydration: string[];
  /** For each island, the files its chunk needs beyond those (its own and what it imports). */
  islands: Record<string, string[]>;
}

/**
 * The files a page with these islands loads before interaction, beyond the loader: the loader's
 * imports, React's side and its islands' chunks (bench:bundle weighs them).
 */
export function islandFiles(manifest: IslandManifest, names: Iterable<string>): string[] {
  const files = new Set([...manifest.entryImports, ...manifest.hydration]);
  for (const name of names) for (const file of manifest.islands[name] ?? []) files.add(file);
  return [...files];
}
