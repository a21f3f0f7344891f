// `node scripts/smoke.mjs`: starts the built server under this Node (.ci/run runs it with Node 24)
// on the embedded database and a fresh data folder, and checks it serves the home page and a form
// page, each 200 with its body; exits 1 otherwise.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const child = spawn(process.execPath, [path.join(root, "build/server-main/main.js")], {
  cwd: root,
  env: {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "smoke-")),
    VERTICE_NO_DOTENV: "1",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
const listening = new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
  const read = (chunk) => {
    output += chunk.toString();
    const found = /https?:\/\/[\w.:[\]-]+:(\d+)/.exec(output);
    if (found) {
      clearTimeout(timer);
      resolve(Number(found[1]));
    }
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
});
try {
  const port = await listening;
  for (const [page, text] of [
    ["/", "<html"],
    ["/demonstracao", "Nome completo"],
  ]) {
    const response = await fetch(`http://127.0.0.1:${port}${page}`);
    const body = await response.text();
    if (response.status !== 200 || !body.includes(text))
      throw new Error(`${page}: ${response.status}, ${body.length} bytes without "${text}"`);
  }
  console.log(`smoke: Node ${process.versions.node} serves the built site`);
} catch (error) {
  console.error(`smoke failed on Node ${process.versions.node}: ${error.message}`);
  process.exitCode = 1;
} finally {
  child.kill();
}
