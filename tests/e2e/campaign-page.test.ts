import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, signedInPage, watchProblems, withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * A campaign landing page built by marketing alone (decision 133): a new page in the editor with
 * the Campanha template, every problem shown at once beside its field by its label, only a title
 * asked for, the demo form placed on the page, "não indexar"; the visitor's lead names the page.
 */
describe("a campaign landing page in Chromium", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  let browser: Browser;
  let admin: { email: string; password: string };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    jira = await startFakeJira();
    [server, browser] = await withBrowser(startServerProcess({ ...jiraEnv(jira), FORM_MIN_FILL_MS: "0" }));
    const a = /admin: +(\S+) \/ (\S+)/.exec(server.output())!;
    admin = { email: a[1]!, password: a[2]! };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await jira?.close();
  });

  /** The pages list's last item (the one just added), opened. */
  async function newPage(page: Page) {
    const pages = page
      .locator(".editor-grid", { has: page.locator(":scope > p.field__label", { hasText: /^Páginas$/ }) })
      .first();
    await pages.getByRole("button", { name: "Adicionar página" }).click();
    const item = pages.locator(":scope > details.editor-item").last();
    await item.locator(":scope > summary").click();
    return item;
  }

  it("is built in the editor with only a title, holds the demo form, and its lead names it", async () => {
    const { context, page } = await signedInPage(browser, server.url, admin, "/admin/json/pages-data.json", {
      width: 1280,
      bypassCSP: true,
    });
    await page.getByRole("heading", { name: "Páginas de conteúdo" }).waitFor();
    const item = await newPage(page);
    await item.getByLabel("Modelo", { exact: true }).selectOption("campanha");
    await item
      .locator("legend", { hasText: "Campanha: página de anúncio, só o título é obrigatório" })
      .waitFor();
    // Nothing filled: every problem at once, each by its labels, and beside its field.
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    const list = page.locator(".editor-problems li");
    await list.first().waitFor();
    const problems = await list.allTextContents();
    expect(problems.length).toBeGreaterThanOrEqual(3);
    for (const part of ["› Identificador", "› Caminho", "› Topo da página › Título"])
      expect(
        problems.some((p) => p.includes(part)),
        part,
      ).toBe(true);
    for (const p of problems) expect(p).not.toMatch(/pages\.\d+|content\.hero|>= ?1/);
    expect(await item.locator(".editor-problem .field__error").count()).toBe(problems.length);
    await page.screenshot({
      path: path.join(screenshots, "campaign-editor-problems-1280.png"),
      fullPage: false,
    });

    await item
      .getByLabel(/^Identificador\b/)
      .first()
      .fill("black-friday");
    await item.getByLabel(/^Caminho\b/).fill("black-friday");
    await item
      .getByLabel(/^Título\b(?! \()/)
      .first()
      .fill("Black Friday do ERP: 3 meses pela metade");
    await item.getByLabel("Não indexar").check();
    await item.getByLabel(/^Formulário\b/).selectOption("demo");
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page.getByText("Alterações salvas com sucesso!", { exact: false }).waitFor();
    await context.close();

    // The visitor: the editor's words only, the form on the page, not indexed nor in the sitemap.
    const html = await (await fetch(`${server.url}/black-friday`)).text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toContain("Recursos Completos");
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).not.toContain("black-friday");
    for (const width of [1280, 390]) {
      const visitor = await browser.newContext({
        locale: "pt-BR",
        viewport: { width, height: 900 },
        bypassCSP: true,
      });
      const page2 = await visitor.newPage();
      const problems2 = watchProblems(page2);
      await gotoHydrated(
        page2,
        `${server.url}/black-friday?utm_source=google&utm_medium=cpc&utm_campaign=bf-2026`,
      );
      expect(await page2.locator("h1").allTextContents()).toEqual([
        "Black Friday do ERP: 3 meses pela metade",
      ]);
      await page2
        .getByRole("heading", { level: 2, name: "Solicite uma Demonstração", exact: false })
        .first()
        .waitFor();
      expect(await seriousViolations(page2), `campaign page at ${width}`).toEqual([]);
      await page2.screenshot({ path: path.join(screenshots, `campaign-page-${width}.png`), fullPage: true });
      if (width === 1280) {
        await page2.getByLabel("Nome completo").fill("Maria Oliveira");
        await page2.getByLabel("E-mail corporativo").fill("maria@agrosul.com.br");
        await page2.getByLabel("Telefone / WhatsApp").fill("62998765432");
        await page2.getByLabel("Nome da empresa").fill("Agro Sul Ltda");
        await page2.getByLabel("CNPJ").fill("12abc34501de35");
        await page2.getByRole("button", { name: "Continuar" }).click();
        await page2.getByRole("heading", { name: "Sua empresa" }).waitFor();
        await expect.poll(() => jira.issues.length, { timeout: 10_000 }).toBe(1);
        const description = JSON.stringify(jira.issues[0]!.description);
        expect(description).toContain("/black-friday");
        expect(description).toContain("bf-2026");
        // Still on the campaign page: the form moved a step in place.
        expect(new URL(page2.url()).pathname).toBe("/black-friday");
      }
      expect(problems2).toEqual([]);
      await visitor.close();
    }
  });
});
