import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root: the nearest folder above this module holding package.json (works from source and from build/). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();
export const migrationsDir = path.join(projectRoot, "server/db/migrations");
export const contentDir = path.join(projectRoot, "content");
export const clientBuildDir = path.join(projectRoot, "build/client");
export const serverBuildFile = path.join(projectRoot, "build/server/index.js");
/** An empty embedded database the build made, copied by a first start (scripts/build-pglite-template.mjs). */
export const pgliteTemplateDir = path.join(projectRoot, "build/pglite-template");
/** The islands' manifest (decision 108), written by the islands' build. */
export const islandsManifestFile = path.join(projectRoot, "build/islands.json");
/**
 * `npm run dev`'s islands build (decision 114), apart from the production build's so a development
 * session never leaves its files where `npm start` serves from.
 */
export const devIslandsDir = path.join(projectRoot, "build/dev-islands");
