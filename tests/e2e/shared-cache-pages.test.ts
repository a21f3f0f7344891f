/**
 * Public pages the same for everyone (decision 122), in Chromium: the language is in the address,
 * and the visitor's saved choice or browser language takes them to its prefix before the page is
 * drawn; a form fetches its challenge only once it is touched, and a lead sent with it is delivered.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { gotoHydrated, hydratedInView, watchProblems, withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

describe("pages any shared cache can serve, in Chromium", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    jira = await startFakeJira();
    [server, browser] = await withBrowser(
      startServerProcess({
        ...jiraEnv(jira),
        FORM_MIN_FILL_MS: "0",
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await jira?.close();
  });

  it("takes a visitor whose saved choice is English from / to /en, and one whose browser is in English too", async () => {
    const saved = await browser.newContext({ locale: "pt-BR" });
    await saved.addCookies([{ name: "lang", value: "en", url: server.url }]);
    const page = await saved.newPage();
    await page.goto(`${server.url}/planos?utm_source=news`);
    expect(new URL(page.url()).pathname).toBe("/en/planos");
    expect(new URL(page.url()).search).toBe("?utm_source=news");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await saved.close();

    const english = await browser.newContext({ locale: "en-US" });
    const englishPage = await english.newPage();
    await englishPage.goto(`${server.url}/`);
    expect(new URL(englishPage.url()).pathname).toBe("/en");
    // Choosing Portuguese with the flag saves it: / stays Portuguese from then on.
    await gotoHydrated(englishPage, `${server.url}/en/contato`);
    await englishPage.locator(".site-header__actions").getByRole("link", { name: "Português" }).click();
    await englishPage.waitForURL(`${server.url}/contato`);
    await englishPage.goto(`${server.url}/`);
    expect(new URL(englishPage.url()).pathname).toBe("/");
    expect(await englishPage.locator("html").getAttribute("lang")).toBe("pt-BR");
    await english.close();

    const portuguese = await browser.newContext({ locale: "pt-BR" });
    const ptPage = await portuguese.newPage();
    await ptPage.goto(`${server.url}/`);
    expect(new URL(ptPage.url()).pathname).toBe("/");
    await portuguese.close();
  });

  it("fetches a form's challenge only when the form is touched, and delivers the lead sent with it", async () => {
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const challenges: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/forms/challenge")) challenges.push(new URL(request.url()).search);
    });
    await gotoHydrated(page, `${server.url}/contato`);
    const form = page.locator(".contact-form");
    await hydratedInView(form);
    expect(challenges).toEqual([]);
    const before = jira.issues.length;
    await page.getByLabel("Nome Completo").fill("Paula Prado");
    await expect.poll(() => challenges).toEqual(["?form=contato"]);
    await page.getByLabel("Email").fill("paula@example.com");
    await page.getByLabel("Mensagem").fill("Quero uma demonstração do CRM.");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect.poll(() => jira.issues.length, { timeout: 10_000 }).toBe(before + 1);
    await expect(page.getByTestId("protocolo").textContent()).resolves.toBe(jira.issues.at(-1)!.key);
    // One challenge for the one message: none fetched again until the form is used once more.
    expect(challenges).toEqual(["?form=contato"]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
