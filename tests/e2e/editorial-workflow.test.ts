import { mkdirSync } from "node:fs";
import path from "node:path";
import { toSaoPauloTime } from "@domain/content/schedule-time.ts";
import { projectRoot } from "@server/paths.ts";
import { type BuiltServices, stopServices } from "@server/services.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, launchBrowser, waitHydrated, watchProblems, withBrowser } from "../support/browser.ts";
import { openFreshPglite } from "../support/databases.ts";
import { listenInProcess, productionServices } from "../support/in-process-app.ts";
import {
  demoTokens,
  editorToken,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process.ts";
import { signInInProcess } from "../support/two-factor.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * The editorial workflow in Chromium: an editor saves a draft (the public page does not
 * change) and cannot publish; the preview link shows the draft on the real page, with noindex and
 * its banner, to anyone holding it; an admin publishes and the page shows it at once; a segment's
 * level shows what it inherits and from where; leaving the editor with changes not saved asks first.
 */
describe("editorial workflow in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: string;
  let editor: string;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await withBrowser(startServerProcess());
    ({ admin } = await demoTokens(server));
    editor = await editorToken(server, admin);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page signed in with a session (the cookie a sign-in sets). */
  async function as(
    token: string,
    to: string,
    width = 1280,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width, height: 900 } });
    await context.addCookies([{ name: "session", value: token, url: server.url }]);
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}${to}`);
    return { context, page };
  }

  const publicHome = async () => (await fetch(`${server.url}/pt`)).text();

  it("an editor saves a draft: the public page and API do not change; publishing is not theirs", async () => {
    const { context, page } = await as(editor, "/admin");
    const problems = watchProblems(page);
    // An editor lands on the content, and the sidebar offers no leads, companies or settings.
    await page.waitForURL(`${server.url}/admin/json`);
    const menu = (await page.locator("#admin-menu").textContent()) ?? "";
    for (const hidden of ["Dashboard", "Leads", "Empresas", "Configurações"])
      expect(menu).not.toContain(hidden);

    await gotoHydrated(page, `${server.url}/admin/json/testimonials-data.json`);
    expect(await page.getByRole("button", { name: "Publicar", exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Agendar publicação" }).count()).toBe(0);
    await page.getByText("Peça a um administrador para publicar").waitFor();
    await page
      .locator(".editor__form")
      .getByRole("textbox", { name: "Título", exact: true })
      .fill("Rascunho da editora");
    await page.getByText("Há alterações ainda não salvas no rascunho.").waitFor();
    await page.getByRole("button", { name: "Salvar rascunho" }).click();
    await page
      .getByText(/^Rascunho salvo às \d\d:\d\d\.$/)
      .first()
      .waitFor();
    await page.screenshot({ path: path.join(screenshots, "editor-draft-1280.png"), fullPage: true });

    expect(await publicHome()).not.toContain("Rascunho da editora");
    const api = await (await fetch(`${server.url}/api/json/public/testimonials-data`)).json();
    expect(api.title).not.toBe("Rascunho da editora");
    // The server refuses what the page does not offer.
    const publish = await page.request.post(`${server.url}/api/json/testimonials-data/publish`, {
      headers: { Origin: server.url },
    });
    expect(publish.status()).toBe(403);
    expect((await publish.json()).message).toBe("Acesso restrito a administradores.");
    const leads = await page.goto(`${server.url}/admin/leads`);
    expect(leads?.status()).toBe(403);
    expect(problems.filter((p) => !p.includes("status of 403"))).toEqual([]);
    await context.close();
  });

  it("the preview link shows the draft on the real page, with noindex, to a colleague without an account", async () => {
    const { context, page } = await as(editor, "/admin/json/testimonials-data.json");
    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    const panel = page.locator(".workflow-panel", { hasText: "Pré-visualização" });
    await panel.waitFor();
    await panel.getByLabel("Idioma").selectOption("pt");
    const link = await panel.getByLabel("Link da pré-visualização").inputValue();
    expect(link).toMatch(/\/pt\?preview=/);
    await page.screenshot({ path: path.join(screenshots, "editor-preview-panel-1280.png"), fullPage: true });
    await context.close();

    for (const width of [1280, 390]) {
      // A colleague with no session opens the link.
      const colleague = await browser.newContext({
        locale: "pt-BR",
        viewport: { width, height: 900 },
        bypassCSP: true,
      });
      const view = await colleague.newPage();
      const problems = watchProblems(view);
      const answer = await view.goto(link.replace(/^http:\/\/localhost:\d+/, server.url));
      expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
      expect(answer?.headers()["cache-control"]).toBe("private, no-store");
      await waitHydrated(view);
      await view.getByText("Rascunho da editora").first().waitFor();
      expect(await view.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
      const banner = view.locator(".preview-banner");
      expect(await banner.textContent()).toContain("Rascunho de “Depoimentos” (nível Padrão)");
      await view.screenshot({ path: path.join(screenshots, `preview-page-${width}.png`) });
      if (width === 1280) {
        expect(await seriousViolations(view)).toEqual([]);
        // The site's own links keep the preview while browsing (a cookie of this host, and the banner
        // stays through client navigations), and leaving ends it.
        await view.locator("header").getByRole("link", { name: "Planos", exact: true }).first().click();
        await expect.poll(() => new URL(view.url()).pathname).toBe("/pt/planos");
        await view.getByRole("heading", { level: 1 }).first().waitFor();
        expect(await view.locator(".preview-banner").count()).toBe(1);
        await view.goBack();
        await expect.poll(() => new URL(view.url()).pathname).toBe("/pt");
        await view.getByText("Rascunho da editora").first().waitFor();
        await view.getByRole("link", { name: "Sair da pré-visualização" }).click();
        await view.waitForURL(/\/pt$/);
        await waitHydrated(view);
        expect(await view.locator(".preview-banner").count()).toBe(0);
        expect(await view.getByText("Rascunho da editora").count()).toBe(0);
      }
      expect(problems).toEqual([]);
      await colleague.close();
    }
    // The public page, for everyone else, never had it.
    expect(await publicHome()).not.toContain("Rascunho da editora");
  });

  it("an admin publishes the editor's draft and the public page shows it at once", async () => {
    const { context, page } = await as(admin, "/admin/json/testimonials-data.json");
    const problems = watchProblems(page);
    // The form opens with the draft, saying who saved it.
    expect(
      await page.locator(".editor__form").getByRole("textbox", { name: "Título", exact: true }).inputValue(),
    ).toBe("Rascunho da editora");
    await page.getByText(/Rascunho salvo às \d\d:\d\d por editora-/).waitFor();
    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page.getByText("Alterações salvas com sucesso! Publicado no site.").waitFor();
    await page.getByText("Sem rascunho: o formulário mostra a versão publicada.").waitFor();
    const home = await fetch(`${server.url}/pt`);
    expect(await home.text()).toContain("Rascunho da editora");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a segment's level shows the fields it inherits, with their source; one is overridden, one inherits again", async () => {
    const { context, page } = await as(admin, "/admin/json/why-choose-data.json?segment=agronegocio");
    const problems = watchProblems(page);
    const block = (label: string) =>
      page.locator(".inherit", { has: page.getByLabel(label, { exact: false }) }).first();
    const explore = block("Texto do link de cada diferencial");
    expect(await explore.locator(".inherit__note").textContent()).toBe("Herdado de: Padrão");
    expect(await explore.getByRole("textbox").isDisabled()).toBe(true);
    const subtitle = block("Subtítulo");
    expect(await subtitle.locator(".inherit__note").textContent()).toBe("Definido neste nível");
    await page.screenshot({ path: path.join(screenshots, "editor-inherited-1280.png"), fullPage: true });

    // Override the inherited one here...
    await explore.getByRole("button", { name: "Substituir neste nível" }).click();
    await explore.getByRole("textbox").fill("Conheça no campo");
    expect(await explore.locator(".inherit__note").textContent()).toBe("Definido neste nível");
    // ...and let the segment's own subtitle go back to the default's.
    await subtitle.getByRole("button", { name: "Voltar a herdar de Padrão" }).click();
    expect(await subtitle.locator(".inherit__note").textContent()).toBe("Herdado de: Padrão");
    const defaults = await (await page.request.get(`${server.url}/api/json/why-choose-data`)).json();
    expect(await subtitle.getByRole("textbox").inputValue()).toBe(defaults.subtitle);

    await page.getByRole("button", { name: "Publicar", exact: true }).click();
    await page.getByText("Alterações salvas com sucesso! Publicado no site.").waitFor();
    const level = await (
      await page.request.get(`${server.url}/api/json/why-choose-data?segment=agronegocio`)
    ).json();
    expect(level.exploreText).toBe("Conheça no campo");
    expect(level.subtitle).toBe(defaults.subtitle);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("leaving the editor with changes not saved asks first", async () => {
    const { context, page } = await as(admin, "/admin/json/testimonials-data.json");
    await page.locator(".editor__form").getByLabel("Subtítulo").fill("Mudança que ainda não foi salva");
    await page.locator("#admin-menu").getByRole("link", { name: "Mídia" }).click();
    const ask = page.getByRole("alertdialog");
    await ask.getByText("Há alterações não salvas neste conteúdo.").waitFor();
    await ask.getByRole("button", { name: "Continuar editando" }).click();
    expect(page.url()).toContain("/admin/json/testimonials-data.json");
    expect(await page.locator(".editor__form").getByLabel("Subtítulo").inputValue()).toBe(
      "Mudança que ainda não foi salva",
    );
    await page.locator("#admin-menu").getByRole("link", { name: "Mídia" }).click();
    // Once "leave" is chosen nothing more is held, even in the moment between the address changing and
    // the editor going away (made long here by slowing the page's processor): a click on another
    // link then goes through.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 40 });
    await ask.getByRole("button", { name: "Sair sem salvar" }).click();
    await page.waitForURL(`${server.url}/admin/midia`, { waitUntil: "commit" });
    // Clicked in the page itself: Playwright's click would wait for the navigation it starts, which the
    // slowed processor can stretch past its time-out on a busy machine.
    await page
      .locator("#admin-menu")
      .getByRole("link", { name: "Conteúdo do site" })
      .evaluate((link: HTMLElement) => link.click());
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.waitForURL(`${server.url}/admin/json`);
    expect(await ask.count()).toBe(0);

    // The browser's back button is held too: to the editor again, a change, then back.
    await page.getByRole("link", { name: "Depoimentos", exact: true }).click();
    await page.waitForURL(`${server.url}/admin/json/testimonials-data.json`);
    await page.locator(".editor__form").getByLabel("Subtítulo").fill("Outra mudança não salva");
    await page.goBack({ waitUntil: "commit" });
    await ask.getByText("Há alterações não salvas neste conteúdo.").waitFor();
    // The router puts the address back where it was while it asks.
    await page.waitForURL(`${server.url}/admin/json/testimonials-data.json`);
    await ask.getByRole("button", { name: "Continuar editando" }).click();
    expect(await page.locator(".editor__form").getByLabel("Subtítulo").inputValue()).toBe(
      "Outra mudança não salva",
    );
    await page.goBack({ waitUntil: "commit" });
    await ask.getByRole("button", { name: "Sair sem salvar" }).click();
    // Back to where the editor was opened from: the content list.
    await page.waitForURL(`${server.url}/admin/json`);
    await context.close();
  });
});

/**
 * A publication scheduled a minute ahead goes live on its own when its time comes: the app in this
 * process (as the build runs it) on a clock the test moves, and the scheduled-publications job's
 * tick, which the test triggers instead of waiting a minute for the loop (decision 113). The loop
 * itself (one run across instances, a failed run tried again) is content-workflow.test.ts's.
 */
describe("a scheduled publication in Chromium, on a clock the test moves", () => {
  let now = new Date();
  let services: BuiltServices;
  let app: Awaited<ReturnType<typeof listenInProcess>>;
  let browser: Browser;
  let token: string;
  let title: string;

  beforeAll(async () => {
    // The clock starts at the real time when this part starts (a sign-in's one-time code is read
    // from the real clock), not when the file was loaded, which can be a minute earlier.
    now = new Date();
    services = await productionServices(await openFreshPglite(), {}, { now: () => now });
    const email = "agenda@vertice.example";
    await services.accounts.createUser({ email, password: "senha-forte-1", role: "admin" });
    token = await signInInProcess(services, email, "senha-forte-1");
    [app, browser] = await Promise.all([listenInProcess(services), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    // Closes the database too.
    if (services) await stopServices(services);
  });

  const publicHome = async () => (await fetch(`${app.url}/pt`)).text();

  it("an admin schedules a publication a minute ahead: listed with the document and on the dashboard", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "session", value: token, url: app.url }]);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${app.url}/admin/json/why-choose-data.json`);
    title = `Agendado pelo e2e ${now.getTime()}`;
    await page.locator(".editor__form").getByRole("textbox", { name: "Título", exact: true }).fill(title);
    await page.getByRole("button", { name: "Agendar publicação" }).click();
    // São Paulo's wall clock, at least 5 s ahead once the minute is cut off.
    const at = toSaoPauloTime(new Date(now.getTime() + 65_000));
    await page.getByLabel("Data e hora (horário de Brasília)").fill(at);
    await page.getByRole("button", { name: "Confirmar agendamento" }).click();
    await page.getByText(/^Publicação agendada para \d\d\/\d\d\/\d{4} às \d\d:\d\d\.$/).waitFor();
    // Listed with the document, and on the admin dashboard.
    await page.locator(".schedule-list__item", { hasText: "Publicar rascunho" }).waitFor();
    await gotoHydrated(page, `${app.url}/admin/dashboard`);
    const row = page.locator(".scheduled-changes tbody tr", { hasText: "Publicar rascunho" });
    await row.waitFor();
    expect(await row.textContent()).toContain(at.slice(11));
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the job's tick before that minute publishes nothing; its tick at the minute publishes it", async () => {
    // A tick before its minute publishes nothing.
    expect(await services.contentSchedules.run()).toMatchObject({ ran: 0 });
    expect(await publicHome()).not.toContain(title);
    // Two minutes later, the next tick does.
    now = new Date(now.getTime() + 120_000);
    expect(await services.contentSchedules.run()).toMatchObject({ ran: 1, failed: 0 });
    expect(await publicHome()).toContain(title);
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: "session", value: token, url: app.url }]);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${app.url}/admin/dashboard`);
    await page.locator(".scheduled-changes__recent summary").click();
    await page.getByText(/Executado · .* · Por que escolher/).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
