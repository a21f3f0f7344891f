import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrateAllIslands, launchBrowser, waitHydrated, watchProblems } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * `npm run dev` runs what production runs (decision 114): the public pages come from the island
 * handler and are hydrated by the islands' build, here in watch mode with React's development
 * build, which reports any difference between the server's HTML and the browser's first render
 * (production's build keeps quiet about attributes). Every island, scrolled into view, is a React
 * root, and the console stays clean, in Portuguese and in English.
 */
describe("npm run dev in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServerProcess({}, { development: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(["/", "/en", "/demonstracao", "/en/contato", "/planos", "/politicas"])(
    "%s: an island page, each island hydrated by React's development build without a mismatch",
    async (pathname) => {
      const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${server.url}${pathname}`, { waitUntil: "load" });
      await waitHydrated(page);
      expect(await hydrateAllIslands(page)).toBeGreaterThan(1);
      const roots = await page.$$eval("[data-island]", (elements) =>
        elements.filter(
          (element) => !Object.keys(element).some((key) => key.startsWith("__reactContainer$")),
        ),
      );
      expect(roots).toEqual([]);
      // The island loader, not React Router's client, and React's development build.
      expect(scripts.some((file) => /^\/assets\/islands-[\w-]+\.js$/.test(file))).toBe(true);
      expect(scripts.filter((file) => file.includes("entry.client"))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
