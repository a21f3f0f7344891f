// An empty embedded database, made once by the build (build/pglite-template): a first start copies
// it into DATA_DIR instead of running PostgreSQL's initdb in the server, whose WebAssembly peaks at
// about 730 MB of resident memory and would make a first start need twice what the site then uses
// (decision 122, "Numbers"). The server migrates the copy as it migrates any database.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "build/pglite-template");
const staging = `${target}.tmp`;
rmSync(staging, { recursive: true, force: true });
const db = await PGlite.create({ dataDir: staging });
await db.close();
if (!existsSync(path.join(staging, "PG_VERSION"))) throw new Error("PGlite made no data folder");
rmSync(target, { recursive: true, force: true });
// Renamed whole: a start never copies a half-written template.
await import("node:fs/promises").then((fs) => fs.rename(staging, target));
