import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverEntry } from "../support/server-process.ts";

/** Starts the built server in `cwd` with `env` and resolves with what it printed once it exits. */
function run(cwd: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [serverEntry], {
      cwd,
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

describe("a .env in the working directory is read at start", () => {
  // A setting the configuration refuses shows the file was read: the server stops naming it.
  const dir = mkdtempSync(path.join(tmpdir(), "dotenv-"));
  writeFileSync(path.join(dir, ".env"), "# local settings\nPORT=porta-errada\n");

  it("its settings apply", async () => {
    const { code, output } = await run(dir, {});
    expect(code).toBe(1);
    expect(output).toContain('PORT deve ser um número inteiro (recebido "porta-errada")');
  });
  it("the environment wins over it", async () => {
    const { code, output } = await run(dir, { PORT: "-1" });
    expect(code).toBe(1);
    expect(output).toContain('(recebido "-1")');
    expect(output).not.toContain("porta-errada");
  });
  it("the suite's servers skip it", async () => {
    // With the file read, its PORT would be refused first (as without the switch, below).
    const { output } = await run(dir, { VERTICE_NO_DOTENV: "1", METRICS_PORT: "abc" });
    expect(output).toContain('METRICS_PORT deve ser um número inteiro (recebido "abc")');
    expect(output).not.toContain("porta-errada");
    expect((await run(dir, { METRICS_PORT: "abc" })).output).toContain("porta-errada");
  });
});
