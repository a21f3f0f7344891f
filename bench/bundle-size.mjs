// `node bench/bundle-size.mjs`: the JavaScript and CSS a visitor downloads for a page (default: the home
// page), raw and gzipped, from the production build served by a fresh server process. A figure to watch
// against the framework's floor (~114 KB gzipped for a stock React Router page, ../shared/ENVIRONMENT.md).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildIfStale, root } from "../scripts/build-if-stale.mjs";

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/planos", "/demonstracao"];
buildIfStale({ quiet: true });
const child = spawn(process.execPath, [path.join(root, "build/server-main/main.js")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-")),
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
const port = await new Promise((resolve, reject) => {
  child.stdout.on("data", (chunk) => {
    output += chunk;
    const match = /"port":(\d+).*"msg":"listening"/.exec(output);
    if (match) resolve(Number(match[1]));
  });
  child.once("exit", () => reject(new Error(output)));
});
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
  child.kill("SIGTERM");
}
