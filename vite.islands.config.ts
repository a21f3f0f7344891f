import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { brazilOutlinePlugin } from "./scripts/vite-brazil-outline.ts";
import { chunkModules } from "./scripts/vite-chunk-modules.ts";
import { devAssetUrls } from "./scripts/vite-dev-asset-urls.ts";
import { islandsManifest } from "./scripts/vite-islands-manifest.ts";
import { serverOnly } from "./scripts/vite-server-only.ts";

/**
 * The browser build of the public pages' islands (decisions 108, 114), after `react-router build`:
 * the same components, hydrated by React, with React Router replaced by a small shim
 * (app/islands/router-shim.tsx). Into build/client/assets, beside the app's chunks; React's runtime
 * is a chunk of its own, the same file for every public page until React changes (cached a year).
 * build/islands.json tells the server the loader's file and bench:bundle what each island needs.
 * `npm run dev` runs this build in watch mode (server/dev-islands.ts).
 */
const at = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig(({ mode }) => {
  // `npm run dev`'s watch build writes to a folder of its own (server/paths.ts: devIslandsDir).
  const development = mode === "development";
  const outDir = development ? "build/dev-islands" : "build/client";
  return {
    publicDir: false,
    plugins: [
      serverOnly(at("./server")),
      brazilOutlinePlugin(),
      development ? devAssetUrls(at(".")) : chunkModules(at("."), { merge: true }),
      islandsManifest(
        at("."),
        { registry: at("./app/islands/registry.ts"), hydrate: at("./app/islands/hydrate.tsx") },
        at(development ? "./build/dev-islands/islands.json" : "./build/islands.json"),
      ),
    ],
    resolve: {
      alias: [
        { find: "~", replacement: at("./app") },
        { find: "@server", replacement: at("./server") },
        { find: "@domain", replacement: at("./domain") },
        { find: /^react-router$/, replacement: at("./app/islands/router-shim.tsx") },
      ],
    },
    build: {
      outDir,
      emptyOutDir: false,
      assetsDir: "assets",
      copyPublicDir: false,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { islands: at("./app/islands/entry.ts") },
        output: {
          // React's runtime apart from the code that changes with the site.
          manualChunks: (id) =>
            /\/node_modules\/(react|react-dom|scheduler)\//.test(id) ? "react" : undefined,
        },
      },
    },
  };
});
