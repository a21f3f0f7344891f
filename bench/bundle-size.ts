// `npm run bench:bundle [-- path ...]`: the JavaScript and CSS each public page loads before any
// interaction (its scripts, module preloads and stylesheets; on an island page, also what the
// island loader fetches once the page is drawn: React's side and the chunks of the page's islands,
// from build/islands.json), raw and gzipped, from the production build served by a fresh server process; then the proof that admin, dashboard, user-area, map and
// editor code never reaches a public page: every module in the files a page loads is looked up in
// build/chunk-modules.json (written by scripts/vite-chunk-modules.ts). Budgets in bench/budgets.json
// ("bundle"); exit 1 when one is missed or private code leaks.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type IslandManifest, islandFiles } from "../app/islands/manifest.ts";
import { publicPages } from "../tests/support/route-table.ts";
import { startBuiltServer } from "./server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const budgets = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")).bundle as {
  maxJsKbGzip: Record<string, number>;
  defaultMaxJsKbGzip: number;
};
/** Source modules a public page must never load before interaction, by what they are. */
const PRIVATE: Array<[string, RegExp]> = [
  ["admin", /^app\/(routes\/)?admin\//],
  ["dashboard", /^app\/routes\/dashboard/],
  ["user area", /^app\/routes\/user\//],
  ["map", /(^|\/)node_modules\/leaflet\/|^app\/content-pages\/PartnerMap/],
  ["editor", /editor/i],
];
const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [...new Set([...publicPages, "/politicas", "/mapa-parceiros", "/en", "/en/planos"])];

const server = await startBuiltServer();
const chunkModules = JSON.parse(readFileSync(path.join(root, "build/chunk-modules.json"), "utf8")) as Record<
  string,
  string[]
>;
const islands = JSON.parse(readFileSync(path.join(root, "build/islands.json"), "utf8")) as IslandManifest;
const gzipSizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = gzipSizes.get(file);
  if (!size) {
    const body = readFileSync(path.join(root, "build/client", file));
    size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    gzipSizes.set(file, size);
  }
  return size;
}
const kb = (n: number) => (n / 1024).toFixed(1);

const missed: string[] = [];
try {
  console.log(
    `${"page".padEnd(30)} ${"JS KB".padStart(7)} ${"gzip".padStart(7)} ${"files".padStart(5)} ${"CSS KB".padStart(7)} ${"gzip".padStart(6)} ${"HTML KB".padStart(8)}`,
  );
  for (const page of pages) {
    const response = await fetch(`${server.url}${page}`, { headers: { "accept-language": "pt-BR" } });
    const html = await response.text();
    if (response.status !== 200) {
      missed.push(`${page}: status ${response.status}`);
      continue;
    }
    const named = [...html.matchAll(/(?:href=|src=|import )"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const onPage = [...html.matchAll(/data-island="([\w-]+)"/g)].map((m) => m[1]!);
    const loaded = named.includes(islands.entry) ? islandFiles(islands, onPage) : [];
    const scripts = [...new Set([...named, ...loaded])];
    const styles = [
      ...new Set([...html.matchAll(/rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!)),
    ];
    const total = (files: string[]) =>
      files.reduce(
        (sum, file) => {
          const size = sizeOf(file);
          return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
        },
        { raw: 0, gzip: 0 },
      );
    const js = total(scripts);
    const css = total(styles);
    console.log(
      `${page.padEnd(30)} ${kb(js.raw).padStart(7)} ${kb(js.gzip).padStart(7)} ${String(scripts.length).padStart(5)} ${kb(css.raw).padStart(7)} ${kb(css.gzip).padStart(6)} ${kb(Buffer.byteLength(html)).padStart(8)}`,
    );
    const budget = budgets.maxJsKbGzip[page] ?? budgets.defaultMaxJsKbGzip;
    if (js.gzip / 1024 > budget) missed.push(`${page}: JS ${kb(js.gzip)} KB gzip > ${budget}`);
    for (const file of scripts) {
      const modules = chunkModules[file.replace(/^\//, "")];
      if (!modules) {
        missed.push(`${page}: ${file} is not in build/chunk-modules.json (stale build?)`);
        continue;
      }
      for (const module of modules) {
        const kind = PRIVATE.find(([, pattern]) => pattern.test(module));
        if (kind) missed.push(`${page}: ${kind[0]} code (${module}) in ${file}`);
      }
    }
  }
  const privateFiles = Object.entries(chunkModules).filter(([, modules]) =>
    modules.some((module) => PRIVATE.some(([, pattern]) => pattern.test(module))),
  );
  console.log(
    `\nPrivate code (${PRIVATE.map(([name]) => name).join(", ")}) is in ${privateFiles.length} of ${Object.keys(chunkModules).length} files of the build; checked against every file each page above loads.`,
  );
} finally {
  await server.stop();
}
if (missed.length) {
  console.log(`\nBudgets missed (bench/budgets.json):\n- ${missed.join("\n- ")}`);
  process.exit(1);
}
console.log("Every bundle budget is met, and no public page loads private code.");
