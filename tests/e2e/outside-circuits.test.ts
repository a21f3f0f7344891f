import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { sendContactForm, signInThroughLogin, withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * Jira refusing the site's token, as staff see it (decision 124): a visitor still gets a protocol,
 * and the admin's dashboard and Jira screen say "O Jira recusou as credenciais", since when and what
 * to do; no lead shows as failed.
 */
describe("an outside service refusing the credentials, in the admin (Chromium)", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    // Jira takes only a token the site does not have.
    jira = await startFakeJira({ token: "token-novo" });
    [server, browser] = await withBrowser(
      startServerProcess({ ...jiraEnv(jira), JIRA_API_TOKEN: "token-antigo", FORM_MIN_FILL_MS: "0" }),
    );
    const [, email, password] = /admin: +(\S+) \/ (\S+)/.exec(server.output())!;
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughLogin(page, server.url, { email: email!, password: password! }, "/admin/dashboard");
    admin = { context, page };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await jira?.close();
  });

  it("a visitor gets a protocol; the dashboard and the Jira screen say the credentials were refused and what to do", async () => {
    const visitor = await browser.newContext({ locale: "pt-BR" });
    const page = await visitor.newPage();
    expect(
      await sendContactForm(page, server.url, { name: "Rita Campos", email: "rita@example.com" }),
    ).toMatch(/^VRT-/);
    await visitor.close();

    const notice = admin.page.getByRole("status").filter({ hasText: "O Jira recusou as credenciais" });
    await expect
      .poll(async () => {
        await admin.page.goto(`${server.url}/admin/dashboard`, { waitUntil: "networkidle" });
        return notice.count();
      })
      .toBe(1);
    const text = await notice.textContent();
    expect(text).toMatch(/^O Jira recusou as credenciais desde \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain("Gere um token de API novo para a conta do site no Jira");
    // Paused, not failed: the dashboard counts no failed delivery.
    expect(
      await admin.page
        .locator(".stat", { hasText: "Entregas com falha" })
        .locator(".stat__value")
        .textContent(),
    ).toBe("0");

    await admin.page.goto(`${server.url}/admin/jira`, { waitUntil: "networkidle" });
    await expect
      .poll(() => admin.page.locator(".banner", { hasText: "O Jira recusou as credenciais" }).count())
      .toBe(1);
  });
});
