// The least any cache inside a Node process can cost: node:http answering every request with the
// same stored bytes and the page's own headers, no work per request. Measured next to nginx in
// bench:load, it separates what our page cache costs from what Node's HTTP stack costs.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./wrk.mjs";

const SERVER = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const [plainFile, gzipFile, headersFile, port] = process.argv.slice(2);
const plain = readFileSync(plainFile);
const gzip = readFileSync(gzipFile);
const headers = JSON.parse(readFileSync(headersFile, "utf8"));
const server = createServer((req, res) => {
  const zipped = /\\bgzip\\b/.test(req.headers["accept-encoding"] ?? "");
  const body = zipped ? gzip : plain;
  res.writeHead(200, [...headers, "content-length", body.length, ...(zipped ? ["content-encoding", "gzip"] : [])]);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => console.log("listening"));
`;

/**
 * node:http on `cpu` serving `plain` (and `gzip` to clients that accept it) with `headers`
 * ([name, value, ...], as the page cache sends them).
 */
export async function startNodeHttp({ plain, gzip, headers }, { cpu = "0" } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-node-http-"));
  const files = ["server.mjs", "page.html", "page.html.gz", "headers.json"].map((name) =>
    path.join(dir, name),
  );
  writeFileSync(files[0], SERVER);
  writeFileSync(files[1], plain);
  writeFileSync(files[2], gzip);
  writeFileSync(files[3], JSON.stringify(headers));
  const port = await freePort();
  const child = spawn("taskset", ["-c", cpu, process.execPath, ...files, String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once("data", resolve);
    child.once("exit", (code) => reject(new Error(`node:http reference server exited (${code})`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
