import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page (WCAG 2.1 A and AA) and answers the serious and critical violations. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation", () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await withBrowser(startServerProcess());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [path, width] of [
    ["/", 1280],
    ["/", 390],
    ["/demonstracao", 1280],
    ["/contato", 390],
    ["/login", 1280],
    ["/en", 1280],
    ["/crm", 1280],
    ["/implantacao", 390],
    ["/politicas", 1280],
    ["/segmentos/agronegocio", 390],
    ["/inteligencia-artificial", 1280],
    ["/sobre", 390],
    ["/blog", 1280],
    ["/blog", 390],
    ["/blog/como-escolher-um-erp", 1280],
    ["/blog/como-escolher-um-erp", 390],
    ["/mapa-parceiros", 1280],
    ["/mapa-parceiros", 390],
  ] as const) {
    it(`${path} at ${width} px`, async () => {
      // The page's CSP (rightly) refuses the injected axe script; the check bypasses it.
      const context = await browser.newContext({
        locale: "pt-BR",
        viewport: { width, height: 900 },
        bypassCSP: true,
      });
      const page = await context.newPage();
      await page.goto(server.url + path, { waitUntil: "networkidle" });
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
