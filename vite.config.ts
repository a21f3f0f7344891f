import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { serverOnly } from "./scripts/vite-server-only.ts";

const serverDir = fileURLToPath(new URL("./server", import.meta.url));

export default defineConfig({
  plugins: [serverOnly(serverDir), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@server": serverDir,
    },
  },
});
