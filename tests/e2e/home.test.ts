import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser, watchProblems } from "../support/browser.ts";
import { type SharedServer, sharedServer } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

describe("the home page in Chromium", () => {
  let server: SharedServer;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("arrives server-rendered: header, main and footer are in the HTML before any script runs", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR" });
    const page = await context.newPage();
    const response = await page.goto(server.url);
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    expect(await page.locator("header .menu__trigger").first().textContent()).toBe("Soluções");
    expect(await page.locator("header .menu >> text=Planos").count()).toBe(1);
    expect(await page.locator("main h1").textContent()).toBe(
      "ERP, CRM e inteligência artificial em uma só plataforma",
    );
    expect(await page.locator("footer").textContent()).toContain(`© ${new Date().getFullYear()}`);
    await context.close();
  });

  it("hydrates its islands: links load the next page, the flag switches to English, with no console errors", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, server.url);
    await page.screenshot({ path: path.join(screenshots, "home-desktop.png"), fullPage: true });

    // A public page has no router in the browser (decision 108): a link loads the next page, which
    // hydrates its own islands.
    await page.locator("header .menu").getByRole("link", { name: "Blog", exact: true }).click();
    await page.waitForURL(`${server.url}/blog`);
    await page.getByRole("heading", { level: 1, name: "Blog Vértice" }).waitFor();
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    // Back home through the logo.
    await page.locator("header").getByRole("link", { name: "Vértice — página inicial" }).first().click();
    await page.waitForURL(`${server.url}/`);
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    // The flag saves the choice and loads the page again in English.
    await page.getByRole("link", { name: "English" }).click();
    await page.locator('html[lang="en"]').waitFor({ state: "attached" });
    expect(await page.locator("main h1").textContent()).toBe(
      "ERP, CRM and artificial intelligence in one platform",
    );
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("en");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits the desktop bar from 769 px on without horizontal scrolling, buttons on one line", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1200, height: 700 } });
    const page = await context.newPage();
    await gotoHydrated(page, server.url);
    // CSS follows the window: one page resized through the widths around the breakpoints.
    for (const width of [769, 820, 900, 1024, 1101, 1199, 1200]) {
      await page.setViewportSize({ width, height: 700 });
      const layout = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        buttons: [...document.querySelectorAll<HTMLElement>(".site-header__actions .button")].map((b) => ({
          right: b.getBoundingClientRect().right,
          height: b.getBoundingClientRect().height,
        })),
      }));
      expect(layout.overflow, `${width} px`).toBeLessThanOrEqual(0);
      expect(layout.buttons.length, `${width} px`).toBe(2);
      for (const button of layout.buttons) {
        expect(button.right, `${width} px`).toBeLessThanOrEqual(width);
        expect(button.height, `${width} px: one line`).toBeLessThan(48);
      }
    }
    await context.close();
  });

  it("fits a 390 px phone without horizontal scrolling", async () => {
    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    await gotoHydrated(page, server.url);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshots, "home-mobile.png"), fullPage: true });
    await context.close();
  });

  it("at 390 px the hero's controls and the chat button cover no text (decision 116)", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "pt-BR" });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/`);
    await page.locator(".chat-button").waitFor();
    for (const scrollY of [0, 400, 900]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY);
      const covered = await page.evaluate(() => {
        const controls = [
          ...document.querySelectorAll(".hero__controls button, .chat-button"),
        ] as HTMLElement[];
        const boxes = controls.map((control) => control.getBoundingClientRect());
        const overlaps = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const found: string[] = [];
        const headerBottom = document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0;
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim();
          const parent = node.parentElement;
          if (!text || !parent || controls.some((control) => control.contains(parent))) continue;
          // Text of a hidden slide (inert, transparent) or out of sight is not what a person reads.
          if (parent.closest("[aria-hidden='true'], .visually-hidden, dialog:not([open])")) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) {
            // Text scrolled under the sticky header is hidden by the header itself, not by a control.
            if (rect.width === 0 || rect.top < headerBottom || rect.top > window.innerHeight) continue;
            if (boxes.some((box) => overlaps(box, rect))) found.push(text);
          }
        }
        return found;
      });
      expect(covered, `scrolled to ${scrollY}`).toEqual([]);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(screenshots, "home-390-controls.png") });
    await context.close();
  });
});
