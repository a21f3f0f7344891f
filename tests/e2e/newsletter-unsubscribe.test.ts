import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, watchProblems, withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * The newsletter from the visitor's side (decision 102): subscribed on the home page, the welcome
 * e-mail arrives with its protocol and an unsubscribe link; the link opens a page that changes
 * nothing until its button is pressed, on a phone; pressed, the subscription is cancelled.
 */
describe("the newsletter's welcome e-mail and its unsubscribe page in Chromium", () => {
  let jira: FakeJira;
  let smtp: FakeSmtp;
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [jira, smtp] = await Promise.all([startFakeJira(), startFakeSmtp()]);
    [server, browser] = await withBrowser(
      startServerProcess({
        ...jiraEnv(jira),
        SMTP_URL: smtp.url,
        // Tests fill forms faster than a person; the minimum time is checked in the integration tests.
        FORM_MIN_FILL_MS: "0",
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([jira?.close(), smtp?.close()]);
  });

  it("subscribe on the home page, get the welcome, unsubscribe with the page's button on a phone", async () => {
    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, server.url);
    await page.getByLabel("Seu e-mail", { exact: true }).fill("leitora@example.com");
    await page.getByRole("button", { name: "Quero receber" }).click();
    await page.getByText("Inscrição realizada com sucesso!").waitFor();
    const key = jira.issues.at(-1)!.key;

    // Due 3 s after the lead, picked up by the worker's next look (every 5 s): decision 102.
    await expect.poll(() => smtp.messages.length, { timeout: 20_000 }).toBe(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toBe("Boas-vindas à newsletter da Vértice");
    expect(mail.text).toContain(key);
    const link = /https?:\/\/\S+\/newsletter\/cancelar\?token=[\w.-]+/.exec(mail.text)?.[0] ?? "";
    expect(mail.html).toContain(link);
    const token = new URL(link).searchParams.get("token")!;

    await gotoHydrated(page, `${server.url}/newsletter/cancelar?token=${token}`);
    await page.getByRole("heading", { name: "Cancelar a inscrição na newsletter" }).waitFor();
    expect(await page.getByText("l•••@example.com", { exact: false }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "newsletter-unsubscribe-390.png"), fullPage: true });
    // Nothing fits sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "Confirmar cancelamento" }).click();
    await page.getByRole("heading", { name: "Inscrição cancelada" }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Inscrição cancelada" }).textContent()).toBe(
      "Inscrição cancelada: você não receberá mais a newsletter da Vértice.",
    );
    expect(await page.getByRole("button", { name: "Confirmar cancelamento" }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // Opened again later: already cancelled.
    await gotoHydrated(page, `${server.url}/newsletter/cancelar?token=${token}`);
    await page.getByRole("heading", { name: "Inscrição já cancelada" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
