import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { brazilOutlinePlugin } from "./scripts/vite-brazil-outline.ts";
import { chunkModules } from "./scripts/vite-chunk-modules.ts";
import { serverOnly } from "./scripts/vite-server-only.ts";

const serverDir = fileURLToPath(new URL("./server", import.meta.url));

/**
 * React Router's package exports only its development build (remix-run/react-router#12532, #14102):
 * the browser bundle takes the production one it ships next to it, without the development warnings.
 * Client build only: on the server, @react-router/node and @react-router/express import the
 * package from node_modules, and both sides must share one copy.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    serverOnly(serverDir),
    brazilOutlinePlugin(),
    reactRouter(),
    chunkModules(fileURLToPath(new URL(".", import.meta.url))),
  ],
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      { find: "@server", replacement: serverDir },
      { find: "@domain", replacement: fileURLToPath(new URL("./domain", import.meta.url)) },
      ...(command === "build" && !isSsrBuild
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
          ]
        : []),
    ],
  },
}));
