import { afterEach, describe, expect, it } from "vitest";
import { ensureDebianProgram, ToolMissing } from "./outside-tools.mjs";

const missing = {
  name: "ferramenta",
  binary: "/nonexistent/ferramenta",
  envVar: "FERRAMENTA_PATH",
  pkg: "ferramenta-deb",
};

describe("outside programs: found, installed on demand, or one line that says how", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("uses the path the environment names when it is an executable", () => {
    process.env.FERRAMENTA_PATH = process.execPath;
    expect(ensureDebianProgram(missing)).toBe(process.execPath);
  });

  it("refuses a configured path that is not an executable, in one line", () => {
    process.env.FERRAMENTA_PATH = "/nonexistent/outra";
    expect(() => ensureDebianProgram(missing)).toThrow(ToolMissing);
    expect(() => ensureDebianProgram(missing)).toThrow(
      "FERRAMENTA_PATH=/nonexistent/outra is not an executable file.",
    );
  });

  it("when it may not install (no apt-get), stops with the command to run and no stack", () => {
    process.env.PATH = "/nonexistent";
    const lines: string[] = [];
    let error: unknown;
    try {
      ensureDebianProgram(missing, { log: (line: string) => lines.push(line) });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ToolMissing);
    expect((error as Error).stack).toBe(
      "ferramenta is missing (/nonexistent/ferramenta): run `sudo apt-get install -y ferramenta-deb`, or set FERRAMENTA_PATH.",
    );
    expect(lines).toEqual([]);
  });

  it("finds a program at its usual place", () => {
    expect(ensureDebianProgram({ ...missing, binary: process.execPath })).toBe(process.execPath);
  });
});
