import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, signedInPage, watchProblems, withBrowser } from "../support/browser.ts";
import { demoAccounts, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * The media library page (decision 099) in Chromium: the images content already used are listed as
 * missing alt text; an upload with alt text in both languages and a focal point shows in the grid;
 * deleting an image in use is refused, naming the document that uses it.
 */
describe("the media library in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await withBrowser(startServerProcess());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The admin's page at `to`, `width` wide (bypassCSP: for axe). */
  const signIn = async (width: number, to: string, bypassCSP = false) =>
    (await signedInPage(browser, server.url, demoAccounts(server).admin, to, { width, bypassCSP })).page;

  it("uploads an image with alt text, shows it in the grid, and refuses to delete one in use", async () => {
    const page = await signIn(1280, "/admin/midia");
    const problems = watchProblems(page);
    await page.getByRole("heading", { level: 1, name: "Mídia" }).waitFor();
    // The images the sample content uses came in, without alt text.
    expect(await page.locator(".media-card__missing").count()).toBeGreaterThan(5);

    const upload = page.locator(".media-upload");
    if (!(await upload.isVisible())) await page.locator(".media-library__upload > summary").click();
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    await upload
      .getByLabel("Arquivo de imagem")
      .setInputFiles({ name: "lavoura-e2e.png", mimeType: "image/png", buffer: png });
    // A click on the preview puts the focal point there (top left quarter).
    const frame = upload.locator(".focal__frame");
    await frame.waitFor();
    const box = (await frame.boundingBox())!;
    await frame.click({ position: { x: box.width * 0.25, y: box.height * 0.25 } });
    await upload.getByText(/Ponto focal: 2\d% × 2\d%/).waitFor();
    // Alt text is required in both languages.
    await upload.getByRole("button", { name: "Enviar imagem" }).click();
    await upload.getByText("Informe o texto alternativo em português e em inglês.").waitFor();
    await upload.getByLabel("Texto alternativo (português)").fill("Lavoura de soja vista do alto");
    await upload.getByLabel("Texto alternativo (inglês)").fill("Soybean field seen from above");
    await upload.getByRole("button", { name: "Enviar imagem" }).click();
    await page.getByText("Imagem enviada para a biblioteca.").waitFor();
    const card = page.locator(".media-card", { hasText: "lavoura-e2e.png" });
    await card.waitFor();
    expect(await card.textContent()).toContain("Lavoura de soja vista do alto");

    // Search by the English alt text finds it.
    await page.getByLabel("Buscar (nome ou texto alternativo)").fill("soybean");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL(/q=soybean/);
    // The URL changes before the loader's answer replaces the grid: wait for the grid itself.
    await expect.poll(() => page.locator(".media-card").count(), { timeout: 10_000 }).toBe(1);

    // The hero's default background is in use: the refusal names the document and the field.
    await gotoHydrated(page, `${server.url}/admin/midia?q=hero/default.svg`);
    await page.locator(".media-card", { hasText: "default.svg" }).first().click();
    await page.getByRole("heading", { name: /Detalhes: default\.svg/ }).waitFor();
    expect(await page.locator(".media-details").textContent()).toContain("hero-section-data");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Excluir imagem" }).click();
    const refusal = page.locator(".banner--error");
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain("A imagem está em uso e não pode ser excluída");
    expect(await refusal.textContent()).toContain("hero-section-data (Padrão): defaultBackground");
    await page.screenshot({ path: path.join(screenshots, "admin-media-1280.png"), fullPage: true });
    // The refusal is a 409, which Chromium logs; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes("status of 409"))).toEqual([]);
    await page.context().close();
  });

  it("the editor's image field picks an image from the library", async () => {
    const page = await signIn(1280, "/admin/json/hero-section-data.json");
    const problems = watchProblems(page);
    const choose = page.getByRole("button", { name: "Escolher da biblioteca" }).first();
    await choose.waitFor();
    const field = choose
      .locator("xpath=ancestor::div[contains(@class,'field')][1]")
      .locator("input[type=text]");
    await choose.click();
    const dialog = page.getByRole("dialog", { name: "Escolher da biblioteca" });
    await dialog.waitFor();
    await dialog.locator(".media-card", { hasText: "lavoura-e2e.png" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await field.inputValue()).toMatch(/^\/uploads\/[0-9a-f]{20}\.png$/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("is readable at 390 px without sideways scrolling, and axe finds nothing serious", async () => {
    const page = await signIn(390, "/admin/midia", true);
    await page.getByRole("heading", { level: 1, name: "Mídia" }).waitFor();
    const first = page.locator(".media-card").first();
    await first.click();
    await page.locator(".media-details").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(screenshots, "admin-media-390.png"), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
