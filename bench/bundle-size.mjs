// `node bench/bundle-size.mjs`: the JavaScript and CSS a visitor downloads for a page (default: the home
// page), raw and gzipped, from the production build served by a fresh server process. A figure to watch
// against the framework's floor (~114 KB gzipped for a stock React Router page, ../shared/ENVIRONMENT.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "../scripts/build-if-stale.mjs";
import { startBuiltServer } from "./server.mjs";

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/planos", "/demonstracao"];
const server = await startBuiltServer();
const port = server.port;
try {
  for (const page of pages) {
    const html = await (
      await fetch(`http://127.0.0.1:${port}${page}`, { headers: { "Accept-Language": "pt-BR" } })
    ).text();
    const scripts = [...html.matchAll(/(?:href=|src=|import )"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const styles = [...html.matchAll(/rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]);
    const sizes = (files) =>
      [...new Set(files)].reduce(
        (sum, file) => {
          const body = readFileSync(path.join(root, "build/client", file));
          return { raw: sum.raw + body.length, gzip: sum.gzip + gzipSync(body).length };
        },
        { raw: 0, gzip: 0 },
      );
    const js = sizes(scripts);
    const css = sizes(styles);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `${page}: JS ${kb(js.raw)} (${kb(js.gzip)} gzip) in ${new Set(scripts).size} files; CSS ${kb(css.raw)} (${kb(css.gzip)} gzip); HTML ${kb(html.length)}`,
    );
  }
} finally {
  await server.stop();
}
