import path from "node:path";
import type { Plugin } from "vite";

/**
 * Keeps server code out of the browser: a module under server/ loaded into the client build stops
 * the build with an error naming it, instead of relying on tree-shaking to drop it. Route modules
 * import server code only from their loaders and actions, which React Router strips from the
 * client bundle before anything under server/ is loaded.
 */
export function serverOnly(serverDir: string): Plugin {
  const root = serverDir.endsWith(path.sep) ? serverDir : serverDir + path.sep;
  return {
    name: "vertice:server-only",
    enforce: "pre",
    load(id) {
      if (this.environment?.name !== "client") return null;
      const file = id.split("?")[0]!;
      if (file.startsWith(root)) {
        this.error(
          `server-only module in the browser bundle: ${path.relative(path.dirname(root), file)} ` +
            "(import it only from a loader or action, or move shared code to domain/)",
        );
      }
      return null;
    },
  };
}
