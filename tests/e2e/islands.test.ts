import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IslandManifest } from "~/islands/manifest.ts";
import { gotoHydrated, hydrateAllIslands, launchBrowser, watchProblems } from "../support/browser.ts";
import { type SharedServer, sharedServer } from "../support/server-process.ts";

const manifest = JSON.parse(
  readFileSync(path.join(projectRoot, "build/islands.json"), "utf8"),
) as IslandManifest;
/** React's runtime chunk, which the loader fetches once the page is drawn. */
const reactChunk = manifest.hydration.find((file) => /\/react-[\w-]+\.js$/.test(file))!;

/** Whether an island's element is the container of a React root (React marks it when it hydrates). */
const reactRoots = (page: Page) =>
  page.$$eval("[data-island]", (islands) =>
    islands.map((island) => ({
      name: (island as HTMLElement).dataset.island,
      react: Object.keys(island).some((key) => key.startsWith("__reactContainer$")),
    })),
  );

/**
 * The public pages' islands in Chromium (decision 114): React hydrates each one as a root of its
 * own, after the page is drawn, those below the fold when they come near the screen; a click or
 * typing before React has an island is not lost.
 */
describe("islands hydrated by React in Chromium", () => {
  let server: SharedServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the build has React's runtime in a chunk of its own and no Preact at all", () => {
    expect(reactChunk).toBeTruthy();
    const modules = JSON.parse(
      readFileSync(path.join(projectRoot, "build/chunk-modules.json"), "utf8"),
    ) as Record<string, string[]>;
    const all = Object.values(modules).flat();
    expect(all.filter((module) => /node_modules\/preact/.test(module))).toEqual([]);
    expect(modules[reactChunk.slice(1)]?.some((module) => module.includes("node_modules/react-dom/"))).toBe(
      true,
    );
  });

  it.each(["/", "/demonstracao", "/blog", "/planos"])(
    "%s: every island is a React root once in view, fetched after the page's load",
    async (pathname) => {
      const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      // The page names the loader alone: no module preloads competing with the LCP.
      expect(html.match(/<script type="module"/g)).toHaveLength(1);
      expect(html).not.toContain('rel="modulepreload"');

      await gotoHydrated(page, `${server.url}${pathname}`);
      // Scrolled through, every island comes into view and is hydrated.
      expect(await hydrateAllIslands(page)).toBeGreaterThan(0);
      const roots = await reactRoots(page);
      expect(roots.filter((root) => !root.react)).toEqual([]);
      // React came after the page's load event, not before it.
      const timing = await page.evaluate((file) => {
        const load = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
          .loadEventStart;
        const react = performance.getEntriesByType("resource").find((entry) => entry.name.endsWith(file));
        return { load, react: react?.startTime ?? -1 };
      }, reactChunk);
      expect(timing.react).toBeGreaterThanOrEqual(timing.load);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("a part below the fold is hydrated when it comes near the screen, not before", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await gotoHydrated(page, server.url);
    const last = page.locator("[data-island]").last();
    expect(await last.getAttribute("data-island")).not.toBe("header");
    const below = await page.$$eval("[data-island]", (islands) =>
      islands
        .filter((island) => {
          const box = island.firstElementChild?.getBoundingClientRect();
          return box && box.top > window.innerHeight + 600;
        })
        .map((island) => ({
          name: (island as HTMLElement).dataset.island,
          hydrated: (island as HTMLElement).dataset.islandHydrated ?? null,
        })),
    );
    expect(below.length).toBeGreaterThan(0);
    expect(below.filter((island) => island.hydrated)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => last.getAttribute("data-island-hydrated")).toBe("true");
    await context.close();
  });

  /** A page whose React chunk is held until `release()`: the page is drawn, its islands not yet hydrated. */
  async function withReactHeld(width: number, pathname: string) {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${reactChunk}`, async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${server.url}${pathname}`, { waitUntil: "load" });
    return { context, page, problems, release };
  }

  it("a click on a button before React has its island is played again once it has", async () => {
    const { context, page, problems, release } = await withReactHeld(390, "/");
    const toggle = page.locator("header .menu-toggle");
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    release();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("dialog").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a form sent before React has its island waits for it and goes with the form's own code", async () => {
    const { context, page, problems, release } = await withReactHeld(1280, "/");
    const newsletter = page.locator('[data-island="newsletter"]');
    await page.getByLabel("Seu e-mail", { exact: true }).fill("antes@example.com");
    await page.getByRole("button", { name: "Quero receber" }).click();
    // Held: no HTML post (it would take the no-JavaScript confirmation step), the page stays.
    expect(await newsletter.getAttribute("data-island-hydrated")).toBeNull();
    expect(new URL(page.url()).pathname).toBe("/");
    release();
    await page.getByText("Inscrição realizada com sucesso!").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a form whose island cannot load is sent as HTML, and nothing is lost", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.route(`**${reactChunk}`, (route: Route) => route.abort());
    await page.goto(server.url, { waitUntil: "load" });
    await page.getByLabel("Seu e-mail", { exact: true }).fill("sem-react@example.com");
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/newsletter"),
      page.getByRole("button", { name: "Quero receber" }).click(),
    ]);
    // The no-JavaScript path: its confirmation step, the address kept in the field.
    await page.getByText("Confira o e-mail acima e envie mais uma vez para confirmar a inscrição.").waitFor();
    expect(await page.getByLabel("Seu e-mail", { exact: true }).inputValue()).toBe("sem-react@example.com");
    await context.close();
  });

  it("what a visitor typed before React had the form stays, and the form goes on with it", async () => {
    const { context, page, problems, release } = await withReactHeld(1280, "/demonstracao");
    await page.getByLabel("Nome completo").fill("Maria Oliveira");
    await page.getByLabel("E-mail corporativo").fill("maria@agrosul.com.br");
    await page.getByLabel("Telefone / WhatsApp").fill("62998765432");
    await page.getByLabel("Nome da empresa").fill("Agro Sul Ltda");
    await page.getByLabel("CNPJ").fill("12abc34501de35");
    expect(await page.locator('[data-island="lead-form"]').getAttribute("data-island-hydrated")).toBeNull();
    release();
    await expect
      .poll(() => page.locator('[data-island="lead-form"]').getAttribute("data-island-hydrated"))
      .toBe("true");
    // The component has what was typed: its masks apply, and the first step is complete.
    expect(await page.getByLabel("Nome completo").inputValue()).toBe("Maria Oliveira");
    expect(await page.getByLabel("Telefone / WhatsApp").inputValue()).toBe("(62) 99876-5432");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
