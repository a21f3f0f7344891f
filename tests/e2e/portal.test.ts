import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, signInThroughLogin, watchProblems, withBrowser } from "../support/browser.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { invitedMember } from "../support/portal-people.ts";
import { loginToken, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * The customer portal in Chromium (decision 091): an owner invites someone, who accepts and is in the
 * company's portal with the role given. This server has no SMTP: the inviter sees the link once.
 */
describe("the customer portal's people in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;
  let owner: { email: string; password: string };

  const signIn = (page: Page, who: { email: string; password: string }) =>
    signInThroughLogin(page, server.url, who);

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await withBrowser(startServerProcess());
    const c = /cliente: (\S+) \/ (\S+)/.exec(server.output())!;
    owner = { email: c[1]!, password: c[2]! };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("an owner invites a member, who accepts with a name and a password and is in the company's portal", async () => {
    // bypassCSP: axe is injected as a script the page's policy would refuse.
    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, owner);
    await gotoHydrated(page, `${server.url}/user/usuarios`);
    await page.getByRole("heading", { name: "Usuários" }).waitFor();
    // No ERP_APP_URL on this server: no link to a system that has no address.
    expect(await page.getByRole("link", { name: /Abrir o sistema/ }).count()).toBe(0);
    expect(await page.getByText("Só você tem acesso por enquanto.", { exact: false }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Convidar pessoa" }).click();
    await page.getByRole("heading", { name: "Convidar pessoa" }).waitFor();
    // Without e-mail configured, the page says once that the link is given here to send.
    expect(await page.getByText("você recebe aqui um link", { exact: false }).count()).toBe(1);
    expect(await page.getByText("A pessoa recebe por e-mail", { exact: false }).count()).toBe(0);
    await page.getByLabel("E-mail da pessoa").fill("bruno@agrosul.com.br");
    await page.getByLabel("Membro", { exact: false }).check();
    await page.getByRole("button", { name: "Enviar convite" }).click();
    await page.getByText("Convite criado para bruno@agrosul.com.br.", { exact: false }).waitFor();
    const link = await page.getByLabel("Link do convite").inputValue();
    expect(link).toMatch(/\/convite\/[A-Za-z0-9_-]{40,}$/);
    // The form is emptied for the next person.
    expect(await page.getByLabel("E-mail da pessoa").inputValue()).toBe("");
    expect(await seriousViolations(page)).toEqual([]);

    // The same address again is a resend, not a second place; an existing account is named.
    await page.getByLabel("E-mail da pessoa").fill(owner.email);
    await page.getByRole("button", { name: "Enviar convite" }).click();
    await page.getByText(`${owner.email} já faz parte da sua empresa.`).waitFor();

    const invited = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const invitee = await invited.newPage();
    const inviteeProblems = watchProblems(invitee);
    await gotoHydrated(invitee, new URL(new URL(link).pathname, server.url).href);
    await invitee
      .getByText("Você foi convidado(a) para o portal de Agro Sul como membro.", { exact: false })
      .waitFor();
    expect(await invitee.getByLabel("E-mail").inputValue()).toBe("bruno@agrosul.com.br");
    expect(await seriousViolations(invitee)).toEqual([]);
    await invitee.getByLabel("Seu nome").fill("Bruno Costa");
    await invitee.getByLabel("Senha", { exact: true }).fill("senha-do-bruno");
    await invitee.getByLabel("Confirme a senha").fill("senha-do-bruno");
    await invitee.screenshot({
      path: path.join(screenshots, "portal-invitation-mobile.png"),
      fullPage: true,
    });
    await invitee.getByRole("button", { name: "Criar acesso e entrar" }).click();
    await invitee.waitForURL((url) => url.pathname === "/user/dashboard");

    // A member sees the people, and cannot invite or manage anyone.
    await gotoHydrated(invitee, `${server.url}/user/usuarios`);
    await invitee.locator(".member-card", { hasText: "Bruno Costa" }).waitFor();
    expect(await invitee.getByRole("link", { name: "Convidar pessoa" }).count()).toBe(0);
    expect(await invitee.getByRole("button", { name: "Remover" }).count()).toBe(0);
    expect(inviteeProblems).toEqual([]);
    // The link is spent: its page says so, as a 404.
    await gotoHydrated(invitee, new URL(new URL(link).pathname, server.url).href);
    await invitee.getByRole("heading", { name: "Convite indisponível" }).waitFor();

    await gotoHydrated(page, `${server.url}/user/usuarios`);
    await page.locator(".member-card", { hasText: "Bruno Costa" }).waitFor();
    expect(await page.getByText("Nenhum convite em aberto.").count()).toBe(1);
    await page.screenshot({ path: path.join(screenshots, "portal-users-desktop.png"), fullPage: true });
    // The owner makes Bruno finance, then removes him (confirmed); his session ends.
    const bruno = page.locator(".member-card", { hasText: "Bruno Costa" });
    await bruno.getByLabel("Mudar papel").selectOption("finance");
    await bruno.getByRole("button", { name: "Salvar papel" }).click();
    await page.getByText("Papel alterado.").waitFor();
    // The message comes with the action's answer; the card shows the new role once the page's data is read again.
    await page
      .locator(".member-card", { hasText: "Bruno Costa" })
      .locator("dd", { hasText: "Financeiro" })
      .waitFor();
    page.once("dialog", (dialog) => void dialog.accept());
    await page
      .locator(".member-card", { hasText: "Bruno Costa" })
      .getByRole("button", { name: "Remover" })
      .click();
    await page.getByText("bruno@agrosul.com.br foi removido(a) da empresa.").waitFor();
    await invitee.goto(`${server.url}/user/usuarios`);
    expect(new URL(invitee.url()).pathname).toBe("/login");

    // On the portal in English, the same refusal is said in English (decision 115).
    await context.addCookies([{ name: "lang", value: "en", url: server.url }]);
    await gotoHydrated(page, `${server.url}/user/usuarios/novo`);
    await page.getByRole("heading", { name: "Invite someone" }).waitFor();
    await page.getByLabel("Their e-mail").fill(owner.email);
    await page.getByLabel("Member", { exact: false }).check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`${owner.email} is already part of your company.`).waitFor();
    expect(await page.getByText("já faz parte", { exact: false }).count()).toBe(0);

    expect(problems).toEqual([]);
    await invited.close();
    await context.close();
  });
});

/**
 * Support in Chromium (decision 094): a customer opens a ticket with a file; support answers in the fake
 * Jira, whose signed webhook brings the reply to the portal; the customer answers. A colleague who
 * is a plain member cannot open the ticket (404).
 */
describe("the customer portal's support tickets in Chromium", () => {
  const WEBHOOK_SECRET = "segredo-do-webhook-e2e-123456";
  let server: ServerProcess;
  let browser: Browser;
  let jira: FakeJira;
  let owner: { email: string; password: string };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    jira = await startFakeJira();
    [server, browser] = await withBrowser(
      startServerProcess({
        ...jiraEnv(jira),
        JIRA_WEBHOOK_SECRET: WEBHOOK_SECRET,
      }),
    );
    jira.configureWebhook({ url: `${server.url}/api/webhooks/jira`, secret: WEBHOOK_SECRET });
    const c = /cliente: (\S+) \/ (\S+)/.exec(server.output())!;
    owner = { email: c[1]!, password: c[2]! };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await jira?.close();
  });

  it("opens a ticket with a file, sees support's reply from Jira, answers; a colleague gets a 404", async () => {
    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await gotoHydrated(page, `${server.url}/login`);
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Senha", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");

    await gotoHydrated(page, `${server.url}/user/suporte`);
    await page.getByRole("heading", { name: "Chamados de suporte" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Abrir chamado" }).first().click();
    await page.getByRole("heading", { name: "Abrir chamado" }).waitFor();
    await page.getByLabel("Problema", { exact: false }).check();
    await page.getByLabel("Alta", { exact: false }).check();
    await page.getByLabel("Assunto").fill("Erro ao emitir nota fiscal de saída");
    await page.getByLabel("Descrição").fill("Aparece 'Rejeição 225' desde ontem, em todas as filiais.");
    // A file refused by its content: the answer comes in place, the form keeps what was typed, and
    // as the input still holds the file, the page does not ask to choose it again.
    await page
      .getByLabel("Anexos", { exact: false })
      .setInputFiles({ name: "tela.png", mimeType: "image/png", buffer: Buffer.from("nada de imagem aqui") });
    await page.getByRole("button", { name: "Enviar chamado" }).click();
    await page.locator(".field__error", { hasText: "O arquivo tela.png não é de um tipo aceito" }).waitFor();
    expect(await page.getByLabel("Assunto").inputValue()).toBe("Erro ao emitir nota fiscal de saída");
    expect(await page.getByText("selecione-os de novo", { exact: false }).count()).toBe(0);
    // The browser's console notes the refusal (400): the one problem expected on this page.
    expect(problems).toEqual([
      "Failed to load resource: the server responded with a status of 400 (Bad Request)",
    ]);
    problems.length = 0;
    await page
      .getByLabel("Anexos", { exact: false })
      .setInputFiles({ name: "tela.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Enviar chamado" }).click();
    await page.getByText("Chamado aberto. O protocolo é SUP-", { exact: false }).waitFor();
    const ticketUrl = page.url();

    // Delivered to SUPP with the file; support answers in Jira, and the webhook brings it back.
    await expect.poll(() => jira.issues.length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => jira.issues[0]!.attachments.length, { timeout: 10_000 }).toBe(1);
    jira.addSupportComment("SUPP-1", "Olá! Pode nos enviar o XML da nota rejeitada?");
    await jira.webhooksSettled();
    await gotoHydrated(page, ticketUrl);
    await page.getByText("Olá! Pode nos enviar o XML da nota rejeitada?").waitFor();
    expect(await page.getByText("SUPP-1").count()).toBeGreaterThan(0);

    // The customer answers; the reply reaches Jira as a comment that says who wrote it.
    await page.getByLabel("Sua resposta").fill("Segue o XML em anexo.");
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await page.getByText("Resposta enviada à equipe de suporte.").waitFor();
    await expect
      .poll(() => JSON.stringify(jira.issues[0]!.comments.at(-1) ?? ""), { timeout: 10_000 })
      .toContain("Segue o XML em anexo.");
    await page.screenshot({ path: path.join(screenshots, "portal-ticket-mobile.png"), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // A colleague who is a plain member cannot open it: the same 404 as for no ticket at all.
    const token = await loginToken(server.url, owner.email, owner.password);
    const colleague = await browser.newContext({ locale: "pt-BR", bypassCSP: true });
    await colleague.addCookies([
      {
        name: "session",
        value: await invitedMember(server.url, token, "bia@agrosul.com.br", "member"),
        url: server.url,
      },
    ]);
    const other = await colleague.newPage();
    const response = await other.goto(ticketUrl);
    expect(response?.status()).toBe(404);
    await other.getByRole("heading", { name: "Chamado não encontrado" }).waitFor();
    expect(problems).toEqual([]);
    await colleague.close();
    await context.close();
  });
});
