import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { signedInPage, waitHydrated, watchProblems, withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");
const EDITOR = "/admin/json/plans-data.json";
const PRICE = "Planos › Profissional › Preço mensal";

/**
 * The editor's history in Chromium (decision 100): two versions compared field by field with the
 * form's Portuguese labels, and one field restored from an old version while the others keep their
 * newest values. Screenshots at 1280 and 390 px wide, with a comparison open.
 */
describe("content history in Chromium: compare two versions, restore one field", () => {
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

  /** A row of the comparison, by the field's label. */
  const changeRow = (page: Page, label: string) =>
    page.locator(".history__changes tbody tr", { has: page.locator(".history__label", { hasText: label }) });

  /** A page signed in as the admin in the plans' editor, `width` wide (bypassCSP: for axe). */
  const signIn = (width: number, bypassCSP = false) =>
    signedInPage(browser, server.url, admin, EDITOR, { width, bypassCSP });

  it("an admin compares two versions and restores the price alone", async () => {
    const { context, page } = await signIn(1280);
    const problems = watchProblems(page);
    // Two edits through the API with this session (version 2: a price; version 3: the title too).
    const read = await page.request.get(`${server.url}/api/json/plans-data`);
    const seed = await read.json();
    const v2 = structuredClone(seed);
    v2.plans[1].monthly_price = 349.9;
    const saved2 = await page.request.put(`${server.url}/api/json/plans-data`, {
      data: v2,
      headers: { "If-Match": read.headers().etag! },
    });
    expect(saved2.status()).toBe(200);
    const v3 = {
      ...structuredClone(v2),
      title: "Planos para cada fase",
      toggle: { ...v2.toggle, monthly: "Por mês" },
    };
    const saved3 = await page.request.put(`${server.url}/api/json/plans-data`, {
      data: v3,
      headers: { "If-Match": saved2.headers().etag! },
    });
    expect(saved3.status()).toBe(200);
    await page.reload({ waitUntil: "load" });
    await waitHydrated(page);
    await page.getByRole("cell", { name: "3 (atual)", exact: true }).waitFor();

    // Any two versions: 1 with 2 is the price only, named by the form's words.
    await page.getByRole("combobox", { name: "Comparar versão", exact: true }).selectOption("1");
    await page.getByRole("combobox", { name: "com versão", exact: true }).selectOption("2");
    await page.getByRole("heading", { name: "Diferenças da versão 1 para a versão 2" }).waitFor();
    expect(await page.locator(".history__changes caption").textContent()).toBe("1 campo alterado");
    const price = changeRow(page, PRICE);
    expect(await price.locator("del").textContent()).toMatch(/^R\$\s299,90$/);
    expect(await price.locator("ins").textContent()).toMatch(/^R\$\s349,90$/);
    // Only against the current version can a field be restored.
    expect(await price.getByRole("button").count()).toBe(0);
    await page.getByText("Para restaurar um campo, compare uma versão com a atual.").waitFor();
    // The same version on both sides, then two versions without a difference in between.
    await page.getByRole("combobox", { name: "com versão", exact: true }).selectOption("1");
    await page.getByText("Escolha duas versões diferentes para comparar.").waitFor();

    // Version 1's "Alterações": against the current one, every change with its label.
    await page.getByRole("button", { name: "Alterações", exact: true }).last().click();
    await page.getByRole("heading", { name: "Diferenças da versão 1 para a atual" }).waitFor();
    await changeRow(page, PRICE).waitFor();
    const labels = await page.locator(".history__changes .history__label").allTextContents();
    expect(labels).toEqual(["Título", "Seletor mensal/anual › Texto de “Mensal”", PRICE]);
    expect(await changeRow(page, "Título").locator("ins").textContent()).toBe("Planos para cada fase");
    // What staff see with the comparison open (the viewport: a full-page capture misplaces the sticky header).
    await page.locator(".history__compare").evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: path.join(screenshots, "content-history-1280.png") });
    await page
      .locator(".history")
      .screenshot({ path: path.join(screenshots, "content-history-1280-section.png") });

    // Restore the price alone (after a confirmation in Portuguese).
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await changeRow(page, PRICE)
      .getByRole("button", { name: `Restaurar este campo: ${PRICE}` })
      .click();
    await page.getByText(`“${PRICE}” restaurado da versão 1: publicado como a versão 4.`).waitFor();
    expect(question).toContain(`Restaurar “${PRICE}” com o valor da versão 1?`);
    await page.getByRole("cell", { name: "4 (atual)", exact: true }).waitFor();
    // The comparison follows the new current version: the price is no longer a difference.
    await expect
      .poll(() => page.locator(".history__changes .history__label").allTextContents())
      .toEqual(["Título", "Seletor mensal/anual › Texto de “Mensal”"]);
    // The form shows the new current content: the newest title, kept.
    expect(await page.locator(".editor__form input").first().inputValue()).toBe("Planos para cada fase");
    const current = await (
      await page.request.get(`${server.url}/api/json/public/plans-data?v=${Date.now()}`)
    ).json();
    expect(current.plans[1].monthly_price).toBe(seed.plans[1].monthly_price);
    expect(current.title).toBe("Planos para cada fase");
    expect(current.toggle.monthly).toBe("Por mês");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone the comparison fits the screen, one card per field", async () => {
    const { context, page } = await signIn(390, true);
    const problems = watchProblems(page);
    await page.getByRole("button", { name: "Alterações", exact: true }).last().click();
    await page.getByRole("heading", { name: "Diferenças da versão 1 para a atual" }).waitFor();
    await changeRow(page, "Título").waitFor();
    await page.locator(".history__compare").evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: path.join(screenshots, "content-history-390.png") });
    await page
      .locator(".history")
      .screenshot({ path: path.join(screenshots, "content-history-390-section.png") });
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      history: document.querySelector(".history")!.scrollWidth,
      width: window.innerWidth,
    }));
    expect(overflow.page).toBeLessThanOrEqual(overflow.width);
    expect(overflow.history).toBeLessThanOrEqual(overflow.width);
    const box = await page.locator(".history__changes").boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
