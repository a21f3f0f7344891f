import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { brazilOutlinePlugin } from "./scripts/vite-brazil-outline.ts";
import { chunkModules } from "./scripts/vite-chunk-modules.ts";
import { islandsManifest } from "./scripts/vite-islands-manifest.ts";
import { serverOnly } from "./scripts/vite-server-only.ts";

/**
 * The browser build of the public pages' islands (decision 108), after `react-router build`: the
 * same components, with React standing for Preact's compat layer and React Router for a small shim
 * (app/islands/router-shim.tsx). Into build/client/assets, beside the app's chunks; build/islands.json tells the
 * server which files each island needs.
 */
const at = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  publicDir: false,
  plugins: [
    serverOnly(at("./server")),
    brazilOutlinePlugin(),
    chunkModules(at("."), { merge: true }),
    islandsManifest(at("."), at("./app/islands/registry.ts"), at("./build/islands.json")),
  ],
  resolve: {
    alias: [
      { find: "~", replacement: at("./app") },
      { find: "@server", replacement: at("./server") },
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react-router$/, replacement: at("./app/islands/router-shim.tsx") },
    ],
  },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    assetsDir: "assets",
    copyPublicDir: false,
    modulePreload: { polyfill: false },
    rollupOptions: { input: { islands: at("./app/islands/entry.tsx") } },
  },
});
