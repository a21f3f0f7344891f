import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, launchBrowser, waitHydrated, watchProblems } from "../support/browser.ts";
import { loginToken, type SharedServer, sharedServer } from "../support/server-process.ts";

/**
 * Every entry of the customer area's sidebar: each opens a working screen
 * (200, its own heading, no 'Em breve'), in Portuguese and in English, axe-clean, and without
 * horizontal scrolling on a 390 px phone. As the demo company's owner, who sees every entry.
 */
describe("every entry of the customer sidebar in Chromium", () => {
  let server: SharedServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
    const c = /cliente: (\S+) \/ (\S+)/.exec(server.output())!;
    token = await loginToken(server.url, c[1]!, c[2]!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    { language: "pt", width: 390 },
    { language: "en", width: 1280 },
  ])("in $language at $width px", async ({ language, width }) => {
    const context = await browser.newContext({
      locale: language === "en" ? "en-US" : "pt-BR",
      viewport: { width, height: 900 },
      bypassCSP: true,
    });
    await context.addCookies([
      { name: "session", value: token, url: server.url },
      { name: "lang", value: language, url: server.url },
    ]);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${server.url}/user/dashboard`);
    const entries = await page
      .locator(".user-area__sidebar ul a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(entries).toHaveLength(11);
    for (const path of entries) {
      const response = await page.goto(server.url + path, { waitUntil: "load" });
      expect(response?.status(), path).toBe(200);
      await waitHydrated(page);
      const heading = (await page.locator(".user-area__content h1").first().textContent())?.trim();
      expect(heading, path).toBeTruthy();
      expect(heading, path).not.toMatch(/Em breve|Coming soon/);
      // The sidebar marks the page itself as the current one.
      expect(
        await page.locator('.user-area__sidebar a[aria-current="page"]').getAttribute("href"),
        path,
      ).toBe(path);
      expect(await page.locator("html").getAttribute("lang"), path).toBe(language === "en" ? "en" : "pt-BR");
      expect(await seriousViolations(page), path).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${path} scrolls sideways`,
      ).toBeLessThanOrEqual(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
