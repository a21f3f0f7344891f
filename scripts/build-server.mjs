// Bundles the server's own code (server/main.ts and the CLI) for production; dependencies stay in
// node_modules. The React Router app is built separately by `react-router build` into build/server.
import { build } from "esbuild";

await build({
  entryPoints: { main: "server/main.ts", cli: "server/cli.ts" },
  outdir: "build/server-main",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: true,
  logLevel: "warning",
});
