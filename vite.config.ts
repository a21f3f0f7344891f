import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { brazilOutlinePlugin } from "./scripts/vite-brazil-outline.ts";
import { chunkModules } from "./scripts/vite-chunk-modules.ts";
import { serverOnly } from "./scripts/vite-server-only.ts";

const serverDir = fileURLToPath(new URL("./server", import.meta.url));

export default defineConfig({
  plugins: [
    serverOnly(serverDir),
    brazilOutlinePlugin(),
    reactRouter(),
    chunkModules(fileURLToPath(new URL(".", import.meta.url))),
  ],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@server": serverDir,
    },
  },
});
