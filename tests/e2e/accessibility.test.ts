import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, launchBrowser } from "../support/browser.ts";
import { type SharedServer, sharedServer } from "../support/server-process.ts";

describe("accessibility (axe-core, WCAG 2.1 AA): no serious or critical violation", () => {
  let server: SharedServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
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
      await gotoHydrated(page, server.url + path);
      // The map's code loads after hydration: its markers are checked too.
      if (path === "/mapa-parceiros") await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
