// `npm start`: build when needed, then serve in production mode.
import path from "node:path";
import { buildIfStale, root } from "./build-if-stale.mjs";

try {
  buildIfStale();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.env.NODE_ENV = "production";
await import(path.join(root, "build/server-main/main.js"));
