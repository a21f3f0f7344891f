import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { sendContactForm, watchProblems, withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * Decision 125: a person whose browser fills the form and who sends it sooner than the minimum fill
 * time is delivered; sent as fast with a link in the text, it is held. The minimum is a minute here,
 * so every send of this test is "fast" however slow the machine (the held second send proves it:
 * a link alone, sent slowly, is delivered).
 */
describe("visitors who send a form at once (browser autofill)", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    jira = await startFakeJira();
    [server, browser] = await withBrowser(
      startServerProcess({ ...jiraEnv(jira), FORM_MIN_FILL_MS: "60000" }),
    );
    const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await jira?.close();
  });

  function sendContactAtOnce(message: string): Promise<string> {
    return sendContactForm(page, server.url, { name: "Joana Prado", email: "joana@prado.com.br", message });
  }

  it("an autofilled form sent sooner than the minimum fill time reaches Jira; the same speed with a link in the text is held", async () => {
    const protocol = await sendContactAtOnce("Quero uma proposta para 12 usuários.");
    expect(jira.issues).toHaveLength(1);
    expect(protocol).toBe(jira.issues[0]!.key);

    const held = await sendContactAtOnce("Conheça nossos serviços em http://spam.example");
    // Answered like a success (a bot learns nothing), with the local protocol, and not delivered.
    expect(held).toMatch(/^VRT-\d{8}-[A-Z0-9]{6}$/);
    expect(jira.issues).toHaveLength(1);
    expect(problems).toEqual([]);
  });
});
