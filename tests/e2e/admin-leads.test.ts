import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import {
  gotoHydrated,
  sendContactForm,
  signInThroughLogin,
  watchProblems,
  withBrowser,
} from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * The lead inbox in Chromium (decision 072): a visitor's message whose delivery to Jira gave up is
 * retried by an admin and delivered once; a person's data is erased here and in Jira.
 */
describe("lead inbox in Chromium: retry a failed delivery, erase a person", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    jira = await startFakeJira();
    [server, browser] = await withBrowser(
      startServerProcess({
        ...jiraEnv(jira),
        FORM_MIN_FILL_MS: "0",
      }),
    );
    const [, email, password] = /admin: +(\S+) \/ (\S+)/.exec(server.output())!;
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Through the second factor staff must have (decision 112).
    await signInThroughLogin(page, server.url, { email: email!, password: password! }, "/admin/leads");
    admin = { context, page };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await jira?.close();
  });

  /** A visitor sends the contact form, as in the browser. */
  async function sendContact(name: string, email: string) {
    const context = await browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await sendContactForm(page, server.url, { name, email });
    await context.close();
  }

  /** Reloads the inbox, searching for `q`, until the lead's row shows `status`. */
  async function waitForRow(q: string, status: string) {
    const { page } = admin;
    await expect
      .poll(
        async () => {
          await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent(q)}`, {
            waitUntil: "networkidle",
          });
          return page.locator("tbody tr td:nth-child(4) .inbox-status").first().textContent();
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(status);
  }

  it("a delivery that gave up (Jira refused the request) is retried from the inbox and delivered once", async () => {
    const problems = watchProblems(admin.page);
    // A 400: no retry can fix it, so the job gives up at once. (A refused token pauses instead:
    // decision 124, tests/e2e/outside-circuits.test.ts.)
    jira.failNext(50, 400);
    await sendContact("Rita Melo", "rita.melo@example.com");
    await waitForRow("rita.melo@example.com", "Falhou");
    jira.reset();
    const issuesBefore = jira.issues.length;

    const { page } = admin;
    await page.locator("tbody tr a").first().click();
    await page.getByRole("heading", { level: 2, name: "Entregas" }).waitFor();
    expect(await page.getByText(/HTTP 400/).count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Tentar entregar de novo" }).click();
    await page.getByText("1 entrega voltou para a fila.").waitFor();

    await waitForRow("rita.melo@example.com", "Entregue");
    const created = jira.issues.slice(issuesBefore);
    expect(created).toHaveLength(1);
    // The row links the ticket by its key.
    expect(await page.locator("tbody tr td:nth-child(4) .admin-table__sub").first().textContent()).toBe(
      created[0]!.key,
    );
    expect(problems).toEqual([]);
  });

  it("the CSV export opens as columns in a Brazilian spreadsheet: semicolons, BOM, São Paulo times, words, one column per answer (decision 127)", async () => {
    await sendContact("Lia Campos", "lia.campos@example.com");
    const { page } = admin;
    await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent("lia.campos@example.com")}`, {
      waitUntil: "networkidle",
    });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), "leads-csv-")), "leads.csv");
    await download.saveAs(saved);
    const bytes = readFileSync(saved);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = bytes
      .subarray(3)
      .toString("utf8")
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(";"));
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0]![header!.indexOf(name)];
    expect(header!.slice(0, 3)).toEqual(["Protocolo", "Data", "Formulário"]);
    expect(cell("Nome Completo")).toBe("Lia Campos");
    expect(cell("Email")).toBe("lia.campos@example.com");
    expect(cell("Mensagem")).toBe("Quero uma proposta para a minha empresa.");
    expect(cell("Formulário")).toBe("Contato");
    expect(cell("Temperatura")).toMatch(/^(Frio|Morno|Quente)$/);
    expect(cell("Entrega")).toBe("Entregue");
    expect(cell("Data")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it("erases a person's data: the leads lose it, the Jira issue is redacted with a comment saying why", async () => {
    await sendContact("Paulo Titular", "paulo.titular@example.com");
    await waitForRow("paulo.titular@example.com", "Entregue");
    const issue = jira.issues.find((i) => JSON.stringify(i.fields).includes("paulo.titular@example.com"))!;
    expect(issue).toBeDefined();

    const { page } = admin;
    await gotoHydrated(page, `${server.url}/admin/leads`);
    await page.getByLabel("E-mail do titular").fill("paulo.titular@example.com");
    await page.getByRole("button", { name: "Apagar dados" }).click();
    await page.getByText("1 lead teve os dados pessoais apagados; 1 chamado do Jira foi editado.").waitFor();

    // The issue as Jira now holds it: summary and description replaced, a comment saying why.
    expect(issue.summary).toBe("[Dados removidos a pedido do titular - LGPD art. 18]");
    const now = JSON.stringify([issue.summary, issue.description]);
    expect(now).not.toContain("paulo.titular@example.com");
    expect(now).not.toContain("Paulo Titular");
    expect(JSON.stringify(issue.comments)).toContain("LGPD, art. 18, VI");
    await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent("paulo.titular@example.com")}`);
    expect(await page.locator("tbody tr").count()).toBe(0);
  });
});
