import path from "node:path";
import type { Logger } from "./logger.ts";
import { projectRoot } from "./paths.ts";

/**
 * `npm run dev`'s islands (decision 114): the same browser build of the public pages' islands as
 * `npm run build` makes (vite.islands.config.ts), in watch mode, with React's development build
 * (its hydration warnings in the console). The dev server answers public pages with the island
 * handler over that build, so a developer sees what visitors get. Resolves after the first build;
 * each later change of app/ rebuilds in a second or two, and build/islands.json follows.
 */
export async function watchIslands(logger: Logger): Promise<{ close(): Promise<void> }> {
  const vite = await import("vite");
  const watcher = await vite.build({
    configFile: path.join(projectRoot, "vite.islands.config.ts"),
    mode: "development",
    logLevel: "warn",
    build: { watch: {}, minify: false, emptyOutDir: true },
  });
  if (!("on" in watcher)) throw new Error("the islands' watch build did not start");
  await new Promise<void>((resolve, reject) => {
    let first = true;
    watcher.on("event", (event) => {
      if (event.code === "BUNDLE_END") void event.result?.close();
      if (event.code === "END") {
        if (first) resolve();
        else logger.info("islands rebuilt");
        first = false;
      }
      if (event.code === "ERROR") {
        logger.error({ err: event.error }, "islands build failed");
        if (first) reject(event.error);
        first = false;
      }
    });
  });
  return { close: () => watcher.close() };
}
