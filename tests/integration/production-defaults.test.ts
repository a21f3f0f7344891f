import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  loginToken,
  runCli,
  type ServerProcess,
  startServerProcess,
  tempDataDir,
} from "../support/server-process.ts";

/**
 * Production defaults (decision 076): a public site is https with Secure cookies and HSTS,
 * and never gets the demo accounts of a local trial; its first admin comes from the CLI.
 */
describe("a production site with a public address", () => {
  let site: ServerProcess;

  beforeAll(async () => {
    const env = { DATA_DIR: tempDataDir(), PUBLIC_BASE_URL: "https://www.vertice.example" };
    const created = await runCli(
      ["user-create", "--email", "dono@example.com", "--password", "senha-do-dono", "--role", "admin"],
      env,
    );
    expect(created.code, created.output).toBe(0);
    site = await startServerProcess(env);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("creates no demo accounts, even on a fresh embedded database", async () => {
    expect(site.output()).not.toContain("Contas de demonstração criadas");
    const demo = await fetch(`${site.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@vertice.local", password: "x".repeat(12) }),
    });
    expect(demo.status).toBe(401);
  });

  it("sends Secure session cookies and HSTS, on rendered and cached pages", async () => {
    const res = await fetch(`${site.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "dono@example.com", password: "senha-do-dono" }),
    });
    // A staff account without two-factor (decision 112): no token, a session that opens only its set-up.
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ setupRequired: true });
    expect(res.headers.get("set-cookie")).toMatch(/; Secure/i);
    // HSTS on a rendered page and on the same page answered from the page cache.
    const pages = [await fetch(site.url), await fetch(site.url)];
    expect(pages[1]!.headers.get("x-page-cache")).toBe("hit");
    for (const page of pages) expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(await loginToken(site.url, "dono@example.com", "senha-do-dono")).toBeTruthy();
  });

  it("refuses to start with an http address that is not local", async () => {
    await expect(startServerProcess({ PUBLIC_BASE_URL: "http://www.vertice.example" })).rejects.toThrow(
      "Configuração inválida: PUBLIC_BASE_URL deve usar https em produção (http só para localhost ou 127.0.0.1)",
    );
  });
});
