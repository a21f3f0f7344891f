// `npm run user:create -- ...`: builds when needed, then runs the server's command-line tasks.
import path from "node:path";
import { buildIfStale, root } from "./build-if-stale.mjs";

try {
  buildIfStale({ quiet: true });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await import(path.join(root, "build/server-main/cli.js"));
