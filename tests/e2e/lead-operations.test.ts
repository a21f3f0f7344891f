import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, SALES_ANA, SALES_BRUNO, startFakeJira } from "../fakes/jira.ts";
import { seriousViolations } from "../support/axe.ts";
import {
  gotoHydrated,
  sendContactForm,
  signedInPage,
  watchProblems,
  withBrowser,
} from "../support/browser.ts";
import { demoAccounts, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const WEBHOOK_SECRET = "segredo-do-jira-e2e-0123456789";

/**
 * Lead operations in Chromium (decision 105): staff set up the sales team and a routing rule; a
 * visitor's message reaches Jira assigned, with a due date, and the inbox shows owner and deadline;
 * sales wins it in Jira and the signed webhook turns the row to 'Ganho'; the same person writing
 * again is linked to the first request, and the lead's timeline shows both.
 */
describe("lead operations in Chromium: owner and deadline, outcome from Jira, a recurring contact", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    jira = await startFakeJira();
    [server, browser] = await withBrowser(
      startServerProcess({
        ...jiraEnv(jira),
        JIRA_WEBHOOK_SECRET: WEBHOOK_SECRET,
        FORM_MIN_FILL_MS: "0",
      }),
    );
    jira.configureWebhook({ url: `${server.url}/api/webhooks/jira`, secret: WEBHOOK_SECRET });
    // bypassCSP: axe is injected as a script, which the admin's policy (rightly) refuses.
    admin = await signedInPage(browser, server.url, demoAccounts(server).admin, "/admin/vendas", {
      bypassCSP: true,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await jira?.close();
  });

  /** A visitor sends the contact form, having first landed on `landing` (a campaign link) when given. */
  async function sendContact(name: string, email: string, landing?: string) {
    const context = await browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    if (landing) {
      await gotoHydrated(page, `${server.url}${landing}`);
      // The first touch is kept by the after-page chunk, once the page is up (decision 105).
      await expect
        .poll(async () => (await context.cookies()).some((c) => c.name === "vertice_ft"))
        .toBe(true);
    }
    await sendContactForm(page, server.url, { name, email });
    await context.close();
  }

  /** The inbox row of the lead found by `q`, reloaded until `cell` (1-based column) reads `text`. */
  async function waitForCell(q: string, cell: number, text: RegExp) {
    const { page } = admin;
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent(q)}`, {
            waitUntil: "networkidle",
          });
          return page.locator(`tbody tr td:nth-child(${cell})`).first().textContent();
        },
        { timeout: 20_000, interval: 300 },
      )
      .toMatch(text);
  }

  it("staff route contact messages to Ana; a message shows in the inbox with owner and deadline, then 'Ganho'", async () => {
    const { page } = admin;
    const problems = watchProblems(page);
    await page.getByRole("heading", { level: 1, name: "Distribuição de leads" }).waitFor();
    await page.getByText("Nenhuma pessoa ainda.").waitFor();
    for (const person of [
      { name: "Ana Souza", account: SALES_ANA.accountId },
      { name: "Bruno Lima", account: SALES_BRUNO.accountId },
    ]) {
      await page.getByRole("button", { name: "Adicionar pessoa" }).click();
      await page.getByLabel("Nome", { exact: true }).last().fill(person.name);
      await page.getByLabel("ID da conta no Jira").last().fill(person.account);
    }
    await page.getByRole("button", { name: "Adicionar regra" }).click();
    await page.getByLabel("Nome da regra").fill("Mensagens de contato");
    const rule = page.locator(".sales-rule").first();
    await rule.getByRole("group", { name: "Formulários" }).getByLabel("Contato").check();
    await rule.getByRole("group", { name: "Pessoas (rodízio)" }).getByLabel("Ana Souza").check();
    await page.getByRole("combobox", { name: /^Responsável padrão/ }).selectOption({ label: "Bruno Lima" });
    await page.getByRole("button", { name: "Salvar distribuição" }).click();
    await page.getByText("Distribuição salva.").waitFor();

    await sendContact("Rita Melo", "rita.melo@example.com");
    // Columns: protocol, contact, form, level, delivery, Jira, owner and deadline, outcome, date.
    await waitForCell("rita.melo@example.com", 5, /^Ana Souzaaté \d\d\/\d\d\/20\d\d às \d\d:\d\d/);
    const issue = jira.issues.at(-1)!;
    expect(issue.assignee?.accountId).toBe(SALES_ANA.accountId);
    expect(issue.duedate).toMatch(/^20\d\d-\d\d-\d\d$/);

    // Sales wins it in Jira: the signed webhook brings the outcome.
    jira.transitionAsSupport(issue.key, "Win");
    await jira.webhooksSettled();
    await waitForCell("rita.melo@example.com", 6, /^Ganho$/);
    await page.getByLabel("Resultado").selectOption({ label: "Ganho" });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.waitForURL(/outcome=won/);
    expect(await page.locator("tbody tr").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("the same person writing again is linked to the first request in Jira, and the timeline shows both", async () => {
    const { page } = admin;
    const first = jira.issues.at(-1)!;
    await sendContact(
      "Rita Melo",
      "Rita.Melo@example.com",
      "/?utm_source=google&utm_medium=cpc&utm_campaign=safra-2026&gclid=Cj0KCQ",
    );
    await expect
      .poll(() => jira.issues.length, { timeout: 15_000 })
      .toBeGreaterThan(jira.issues.indexOf(first) + 1);
    const second = jira.issues.at(-1)!;
    await expect.poll(() => second.links.length, { timeout: 15_000 }).toBe(1);
    expect(second.labels).toContain("lead-recorrente");
    expect(second.links[0]).toMatchObject({ inwardKey: second.key, outwardKey: first.key });

    await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent(second.key)}`, {
      waitUntil: "networkidle",
    });
    await page.locator("tbody tr a").first().click();
    await page.getByRole("heading", { level: 2, name: "Atendimento comercial" }).waitFor();
    await page.getByRole("link", { name: "Histórico do contato" }).click();
    await page.getByRole("heading", { level: 1, name: /^Histórico de Rita Melo/ }).waitFor();
    expect(await page.locator(".lead-timeline__item").count()).toBe(2);
    await page.getByText("Ganho").first().waitFor();
    // The second request came from a campaign: its first touch, kept by the browser, is on record.
    await page.getByText("google / cpc / safra-2026 (gclid)").first().waitFor();
  });

  it("the sales settings, the inbox, a lead, the timeline and the dashboard pass axe at 1280 and 390 px", async () => {
    const { page } = admin;
    const timeline = page.url();
    await gotoHydrated(page, `${server.url}/admin/leads`);
    const lead = `${server.url}${await page.locator("tbody tr a").first().getAttribute("href")}`;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const url of [
        `${server.url}/admin/vendas`,
        `${server.url}/admin/leads`,
        lead,
        timeline,
        `${server.url}/admin/dashboard`,
      ]) {
        await gotoHydrated(page, url);
        expect(await seriousViolations(page), `${url} at ${width}`).toEqual([]);
      }
    }
  });
});
