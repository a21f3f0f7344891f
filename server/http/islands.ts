import { existsSync, readFileSync } from "node:fs";
import type { IslandManifest } from "~/islands/manifest.ts";
import { islandsManifestFile } from "../paths.ts";

let manifest: IslandManifest | null | undefined;

/**
 * The islands' manifest of the production build (decision 108), read once. Null when there is none
 * (development, where Vite serves the app): public pages are then hydrated whole by React Router.
 */
export function islandManifest(): IslandManifest | null {
  if (manifest === undefined) {
    manifest = existsSync(islandsManifestFile)
      ? (JSON.parse(readFileSync(islandsManifestFile, "utf8")) as IslandManifest)
      : null;
  }
  return manifest;
}
