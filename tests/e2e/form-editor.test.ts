import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { signedInPage, withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * A form in the content editor, as marketing reads it (decision 132): its fields by their labels,
 * and what can break scoring, delivery or the address folded under "Avançado" with a warning.
 */
describe("the form editor in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await withBrowser(startServerProcess());
    const a = /admin: +(\S+) \/ (\S+)/.exec(server.output())!;
    admin = { email: a[1]!, password: a[2]! };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("lists fields by label and keeps the advanced ones apart, closed, under a warning", async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await signedInPage(browser, server.url, admin, "/admin/json/form-demo.json", {
        width,
        bypassCSP: true,
      });
      await page.getByRole("heading", { name: "Formulário: demonstração" }).waitFor();
      const form = page.locator(".editor__form");
      // The summaries of the first step's fields read as the visitor reads them.
      const steps = form
        .locator(".editor-grid", { has: page.locator(":scope > p.field__label", { hasText: /^Etapas$/ }) })
        .first();
      await steps.locator("details.editor-item > summary").first().click();
      const fieldTitles = await steps
        .locator("details.editor-item details.editor-item > summary")
        .allTextContents();
      expect(fieldTitles[0]).toBe("1. Nome completo");
      for (const title of fieldTitles) expect(title).not.toMatch(/^\d+\. [a-z]+[A-Z]/);
      // The document's own advanced fields: one closed "Avançado" at the top level, with its warning.
      const advanced = form.locator(":scope > details.editor-advanced");
      expect(await advanced.count()).toBe(1);
      expect(await advanced.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      expect(await form.getByLabel("Modo de depuração").isVisible()).toBe(false);
      await advanced.locator("summary").click();
      await advanced.getByText("Estes campos mudam a pontuação dos leads", { exact: false }).waitFor();
      expect(await form.getByLabel("Modo de depuração").isVisible()).toBe(true);
      expect(await seriousViolations(page), `form editor at ${width}`).toEqual([]);
      await page.screenshot({
        path: path.join(screenshots, `admin-form-editor-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  });
});
