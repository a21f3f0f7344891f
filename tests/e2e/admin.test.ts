import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, signedInPage, waitHydrated, watchProblems, withBrowser } from "../support/browser.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

describe("admin area in Chromium: the content and plans editors", () => {
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

  /** A page signed in as the admin at `to`, `width` wide (bypassCSP: for axe). */
  const signIn = (width: number, to: string, bypassCSP = false) =>
    signedInPage(browser, server.url, admin, to, { width, bypassCSP });

  it("an admin edits the hero title, sees it on the home page, then restores the old version", async () => {
    const { context, page } = await signIn(1280, "/admin/json/hero-section-data.json");
    const problems = watchProblems(page);
    await page.getByRole("heading", { level: 1, name: "Destaque da página inicial" }).waitFor();
    const firstSlide = page.locator("details.editor-item").first();
    await firstSlide.locator("summary").first().click();
    const title = firstSlide.getByLabel("Título", { exact: false }).first();
    const original = await title.inputValue();
    await title.fill("Título editado pelo admin");
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page.getByText("Alterações salvas com sucesso!").waitFor();
    await page.screenshot({ path: path.join(screenshots, "admin-editor-1280.png") });
    // The message clears after 3 s.
    await page.getByText("Alterações salvas com sucesso!").waitFor({ state: "detached", timeout: 6_000 });

    const home = await context.newPage();
    await gotoHydrated(home, server.url);
    expect(await home.locator("main h1").first().textContent()).toBe("Título editado pelo admin");

    // Version 2 is the edit; restoring version 1 makes version 3 with the original title.
    await page.getByRole("button", { name: "Alterações", exact: true }).first().click();
    await page.getByText("Diferenças da versão 1 para a atual").waitFor();
    expect(await page.locator(".history__changes ins").first().textContent()).toContain(
      "Título editado pelo admin",
    );
    // A restore asks first (decision 100).
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Restaurar a versão 1" }).click();
    await page.getByText("Versão 1 restaurada: publicada como a versão 3.").waitFor();
    await page.getByRole("cell", { name: "3 (atual)" }).waitFor();
    await home.reload({ waitUntil: "load" });
    await waitHydrated(home);
    expect(await home.locator("main h1").first().textContent()).toBe(original);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a save over someone else's newer version is refused with the server's message and the current version", async () => {
    const { context, page } = await signIn(1280, "/admin/json/testimonials-data.json");
    // Another admin saves first, through the API with this session's cookie.
    const read = await page.request.get(`${server.url}/api/json/testimonials-data`);
    const doc = await read.json();
    const other = await page.request.put(`${server.url}/api/json/testimonials-data`, {
      data: { ...doc, title: "Salvo por outra pessoa" },
      headers: { "If-Match": read.headers().etag! },
    });
    expect(other.status()).toBe(200);
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page
      .getByText("Este conteúdo foi alterado por outra pessoa depois que você o abriu.", { exact: false })
      .waitFor();
    await page.getByRole("button", { name: "Carregar a versão atual" }).click();
    // The first field of the form is the document's title.
    expect(await page.locator(".editor__form input").first().inputValue()).toBe("Salvo por outra pessoa");
    await context.close();
  });

  it("an image uploaded in the editor is stored by the server and shown by the site", async () => {
    const { context, page } = await signIn(1280, "/admin/json/hero-section-data.json");
    const problems = watchProblems(page);
    await page.getByRole("heading", { level: 1, name: "Destaque da página inicial" }).waitFor();
    const firstSlide = page.locator("details.editor-item").first();
    await firstSlide.locator("summary").first().click();
    const field = firstSlide.locator(".field", { has: page.locator(".editor-upload") }).first();
    // Sent into the media library (decision 099): the field's "Enviar imagem" opens it with its upload form.
    await field.getByRole("button", { name: "Enviar imagem" }).click();
    const library = page.getByRole("dialog", { name: "Escolher da biblioteca" });
    const upload = library.locator(".media-upload");
    // Not an image: refused in the browser before sending, with the server's own words.
    await upload.locator('input[type="file"]').setInputFiles({
      name: "nota.png",
      mimeType: "text/plain",
      buffer: Buffer.from("texto"),
    });
    await upload.getByLabel("Texto alternativo (português)").fill("Foto de teste");
    await upload.getByLabel("Texto alternativo (inglês)").fill("Test photo");
    await upload.getByRole("button", { name: "Enviar imagem" }).click();
    await upload.getByText("Formato de imagem não aceito: envie PNG, JPEG, WebP, GIF ou AVIF.").waitFor();
    await upload.locator('input[type="file"]').setInputFiles({
      name: "foto.png",
      mimeType: "image/png",
      buffer: ONE_PIXEL_PNG,
    });
    await upload.getByRole("button", { name: "Enviar imagem" }).click();
    await library.waitFor({ state: "hidden" });
    const address = await field.locator('input[type="text"]').inputValue();
    expect(address).toMatch(/^\/uploads\/[0-9a-f]{20}\.png$/);
    expect(await field.locator("img.editor-preview").getAttribute("src")).toBe(address);
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page.getByText("Alterações salvas com sucesso!").waitFor();
    const home = await (await fetch(`${server.url}/?v=${Date.now()}`)).text();
    expect(home).toContain(address);
    const image = await fetch(server.url + address);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the plans editor: a price edited in R$ shows on /planos; usable on a phone", async () => {
    const { context, page } = await signIn(390, "/admin/pages");
    await page.getByRole("heading", { level: 1, name: "Editor de planos" }).waitFor();
    const plan = page.locator("details.editor-item").first();
    // Each plan's summary is its own name (decision 098).
    expect(await plan.locator("summary").first().textContent()).toMatch(/^1\. \S/);
    await plan.locator("summary").first().click();
    // B §5.5: R$ and a decimal comma, whatever the browser's language; a point typed is read too.
    const price = plan.getByLabel("Preço mensal");
    expect(await price.getAttribute("inputmode")).toBe("decimal");
    expect(await price.inputValue()).toMatch(/^\d+,\d{2}$/);
    await price.fill("321.90");
    await price.blur();
    expect(await price.inputValue()).toBe("321,90");
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page.getByText("Dados salvos com sucesso!").waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshots, "admin-plans-390.png"), fullPage: true });
    const planos = await (await fetch(`${server.url}/planos?v=${Date.now()}`)).text();
    expect(planos).toContain("321,90");
    // An empty number stays empty, and the schema refuses the plan without its price. What is typed
    // right after a save survives the reload of the version list that the save starts.
    await price.fill("");
    await page.waitForLoadState("networkidle");
    expect(await price.inputValue()).toBe("");
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page.getByText(/^Erro ao salvar: Conteúdo inválido\. Planos › 1 › Preço mensal/).waitFor();
    // Every problem listed by its labels, and marked beside its field (decision 133).
    await page.getByRole("button", { name: "Planos › 1 › Preço mensal" }).click();
    expect(await page.locator('[data-path="plans.0.monthly_price"] .field__error').count()).toBe(1);
    await page.getByText("Erro ao salvar alterações", { exact: true }).waitFor();
    await context.close();
  });

  it("the plans editor speaks Portuguese: labels, limit names as rows of key and name", async () => {
    const { context, page } = await signIn(1280, "/admin/pages");
    await page.getByRole("heading", { level: 1, name: "Editor de planos" }).waitFor();
    const form = page.locator(".editor__form");
    for (const label of ["Selo do plano mais popular", "Texto do botão de contratar", "Texto de “Mensal”"])
      expect(await form.getByLabel(label).count(), label).toBe(1);
    const text = (await form.textContent()) ?? "";
    for (const english of ["Popular badge", "Cta button", "Annual savings text", "Limits labels", "Toggle"])
      expect(text, english).not.toContain(english);
    // limits_labels: one row per limit, a key and its name; a row added and saved.
    const names = page.getByRole("group", { name: "Nomes dos limites" });
    const rows = names.locator(".editor-map__row");
    const before = await rows.count();
    expect(before).toBeGreaterThan(0);
    await names.getByRole("button", { name: "Adicionar linha" }).click();
    await rows.nth(before).getByLabel("Chave do limite").fill("filiais");
    await rows.nth(before).getByLabel("Nome exibido (filiais)").fill("filiais");
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page.getByText("Dados salvos com sucesso!").waitFor();
    const saved = await (await page.request.get(`${server.url}/api/json/plans-data`)).json();
    expect(saved.limits_labels.filiais).toBe("filiais");
    await page.screenshot({ path: path.join(screenshots, "admin-plans-1280.png") });
    await context.close();
  });

  it("the pinned save bar never covers 'Adicionar slide' scrolled into view, nor the form's last control, at 1280 and 390 px", async () => {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      const { context, page } = await signIn(width, "/admin/json/hero-section-data.json");
      await page.setViewportSize({ width, height });
      const problems = watchProblems(page);
      // Every slide open: the list runs far below the fold, its button last.
      for (const summary of await page.locator(".editor__form details.editor-item > summary").all())
        await summary.click();
      const add = page.getByRole("button", { name: "Adicionar slide" });
      const bar = page.locator(".editor__actions");
      // Brought to the bottom edge, as a focus or a link does (Playwright's own scroll centres it);
      // beside the versions column the bar's buttons take two rows, taller than a fixed 7rem.
      await page.evaluate(() => window.scrollTo(0, 0));
      await add.evaluate((button) => button.scrollIntoView({ block: "nearest" }));
      const button = (await add.boundingBox())!;
      const bottom = button.y + button.height;
      expect(bottom, `${width}px: the button's bottom above the bar's top`).toBeLessThan(
        (await bar.boundingBox())!.y,
      );
      // On screen (to the subpixel the layout rounds to).
      expect(Math.floor(bottom), `${width}px: the button on screen`).toBeLessThanOrEqual(height);
      // At the end of the page the last control before the bar is above it too.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = await page.evaluate(() => {
        const controls = [
          ...document.querySelectorAll(
            ".editor__form :is(input, select, textarea, button):not([type=hidden])",
          ),
        ].filter((control) => !control.closest(".editor__actions"));
        return controls.at(-1)!.getBoundingClientRect().bottom;
      });
      expect(last, `${width}px: the last control above the bar`).toBeLessThan((await bar.boundingBox())!.y);
      await page.screenshot({ path: path.join(screenshots, `admin-editor-bar-${width}.png`) });
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("the admin's own shell: no site header, footer or chat; 'Ver site' and 'Sair'; a menu button on a phone", async () => {
    const { context, page } = await signIn(1280, "/admin/dashboard");
    const problems = watchProblems(page);
    expect(await page.locator("header.site-header").count()).toBe(0);
    expect(await page.locator("footer.site-footer").count()).toBe(0);
    expect(await page.locator(".chat-button").count()).toBe(0);
    expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");
    const header = page.locator("header.admin-header");
    await header.getByText("Vértice — Administração").waitFor();
    await header.getByText(admin.email).waitFor();
    expect(await header.getByRole("link", { name: "Ver site" }).getAttribute("href")).toBe("/");
    expect(await header.getByRole("button", { name: "Sair" }).isVisible()).toBe(true);
    const nav = page.getByRole("navigation", { name: "Menu da administração" });
    expect(await nav.isVisible()).toBe(true);

    // At 390 px the sidebar is closed behind the header's button; it opens, navigates and closes.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await nav.isVisible()).toBe(false);
    const menu = header.getByRole("button", { name: "Abrir o menu da administração" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await menu.click();
    expect(await nav.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(screenshots, "admin-menu-390.png") });
    // Escape closes it and gives the focus back to the button.
    await nav.getByRole("link", { name: "Usuários" }).focus();
    await page.keyboard.press("Escape");
    expect(await nav.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("admin-header__menu"))).toBe(
      true,
    );
    await menu.click();
    await nav.getByRole("link", { name: "Editor de planos" }).click();
    await page.getByRole("heading", { level: 1, name: "Editor de planos" }).waitFor();
    expect(await nav.isVisible()).toBe(false);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    // An English browser still gets the admin in Portuguese.
    const english = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
    await english.addCookies(await context.cookies());
    const other = await english.newPage();
    await gotoHydrated(other, `${server.url}/admin/dashboard`);
    expect(await other.locator("html").getAttribute("lang")).toBe("pt-BR");
    await other.getByRole("link", { name: "Ver site" }).waitFor();
    await english.close();

    // 'Sair' signs out.
    await page.setViewportSize({ width: 1280, height: 900 });
    await header.getByRole("button", { name: "Sair" }).click();
    await page.waitForURL(`${server.url}/login`);
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
    await context.close();
  });

  it("the dashboard shows real figures; a customer gets 403 and a visitor the login", async () => {
    const { context, page } = await signIn(1280, "/admin/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.getByText("Edições recentes de conteúdo").waitFor();
    await page
      .getByRole("link", { name: /hero-section-data\.json/ })
      .first()
      .waitFor();
    // The leads-per-day chart: uPlot draws it once its own chunk has loaded; its text says the same.
    await page.locator(".lead-chart canvas").waitFor();
    expect(await page.locator(".lead-chart figcaption").textContent()).toMatch(
      /^Leads por dia nos últimos 30 dias: \d+ frio, \d+ morno, \d+ quente\./,
    );
    await page.screenshot({ path: path.join(screenshots, "admin-dashboard-1280.png") });
    await context.close();
    const anonymous = await fetch(`${server.url}/admin/json`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Fjson");
  });

  it("every admin screen passes axe (WCAG 2.1 AA) at desktop and phone widths", async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await signIn(width, "/admin/dashboard", true);
      for (const path of [
        "/admin/dashboard",
        "/admin/json",
        "/admin/json/menu_data.json",
        "/admin/json/hero-section-data.json",
        "/admin/pages",
        "/admin/leads",
        "/admin/usuarios",
        "/admin/chaves-api",
        "/admin/privacidade",
        "/admin/jira",
      ]) {
        await gotoHydrated(page, server.url + path);
        expect(await seriousViolations(page), `${path} at ${width}`).toEqual([]);
      }
      await context.close();
    }
    // Twenty screens drawn and checked one after another: about 30 s on a quiet machine.
  }, 180_000);
});
