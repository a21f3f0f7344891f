import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { IslandManifest } from "~/islands/manifest.ts";
import { devIslandsDir, islandsManifestFile } from "../paths.ts";

let manifest: IslandManifest | null | undefined;
let readAt = 0;

/**
 * The islands' manifest (decisions 108, 114): read once from the production build, or, in
 * development, from the watch build's folder again whenever it changed. Null when there is none:
 * pages are then hydrated whole by React Router.
 */
export function islandManifest(options: { development?: boolean } = {}): IslandManifest | null {
  if (manifest !== undefined && !options.development) return manifest;
  const file = options.development ? path.join(devIslandsDir, "islands.json") : islandsManifestFile;
  const changedAt = existsSync(file) ? statSync(file).mtimeMs : 0;
  if (manifest === undefined || changedAt !== readAt) {
    readAt = changedAt;
    manifest = changedAt ? (JSON.parse(readFileSync(file, "utf8")) as IslandManifest) : null;
  }
  return manifest;
}
