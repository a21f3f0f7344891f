import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { gotoHydrated, waitHydrated, watchProblems, withBrowser } from "../support/browser.ts";
import { fillDemoFirstStep, finishDemoForm } from "../support/demo-form.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

describe("lead forms in Chromium, delivered to the fake Jira", () => {
  let jira: FakeJira;
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    jira = await startFakeJira();
    [server, browser] = await withBrowser(
      startServerProcess({
        ...jiraEnv(jira),
        // Tests fill forms faster than a person; the minimum time is checked in the integration tests.
        FORM_MIN_FILL_MS: "0",
      }),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await jira?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    // The outside world is not reachable here: the chat link answers from this fake instead.
    await context.route(/^https:\/\/(wa\.me|api\.whatsapp\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }),
    );
    page = await context.newPage();
    problems = watchProblems(page);
  });

  it("tests the Jira connection at start (B §7.2)", async () => {
    await expect.poll(() => server.output()).toContain('"msg":"Jira conectado"');
    expect(jira.requests.some((r) => r.method === "GET" && r.path === "/rest/api/3/myself")).toBe(true);
  });

  it("demo form: validation, masks, no score shown to the visitor, capture after step 1, success screen and one qualified issue", async () => {
    const before = jira.issues.length;
    // From a paid ad: the campaign tags go with the lead, never onto the visitor's summary.
    await gotoHydrated(page, `${server.url}/demonstracao?utm_source=google&utm_medium=cpc&gclid=abc123`);
    await page.getByRole("button", { name: "Continuar" }).click();
    expect(
      await page.locator("#campo-nomeResponsavel + .field__error, .field__error").first().textContent(),
    ).toBe("Este campo é obrigatório");
    // No Anterior on the first step: there is nowhere to go back to.
    expect(await page.getByRole("button", { name: "Anterior" }).count()).toBe(0);

    await fillDemoFirstStep(page);
    expect(await page.getByLabel("Telefone / WhatsApp").inputValue()).toBe("(62) 99876-5432");
    expect(await page.getByLabel("CNPJ").inputValue()).toBe("12.ABC.345/01DE-35");
    expect(await page.locator(".field__error").count()).toBe(0);
    // Wrong check digits are refused in the browser, named as such; the wrong length as before.
    await page.getByLabel("CNPJ").fill("12ABC34501DE36");
    await page.getByRole("button", { name: "Continuar" }).click();
    expect(await page.locator(".field__error").allTextContents()).toEqual(["CNPJ inválido"]);
    await page.getByLabel("CNPJ").fill("12ABC34501DE3");
    await page.getByRole("button", { name: "Continuar" }).click();
    expect(await page.locator(".field__error").allTextContents()).toEqual(["CNPJ deve ter 14 dígitos"]);
    await page.getByLabel("CNPJ").fill("12abc34501de35");
    expect(await page.getByLabel("CNPJ").inputValue()).toBe("12.ABC.345/01DE-35");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByText("Registrando informações...").waitFor();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
    expect(await page.locator(".banner--success").textContent()).toMatch(/^Registro criado: FDVW-\d+$/);
    expect(jira.issues.length).toBe(before + 1);
    // From the second step on, Anterior is there and usable.
    expect(await page.getByRole("button", { name: "Anterior" }).isEnabled()).toBe(true);

    // maxSelect 3 on segmento: the fourth choice is refused with a message, the first three kept
    // (decision 128); unchecking one makes room and clears the message.
    for (const label of ["Agronegócio", "Indústria", "Distribuição"]) {
      await page.getByLabel(label, { exact: true }).check();
    }
    await page.getByLabel("Comércio", { exact: true }).click();
    expect(await page.getByLabel("Comércio", { exact: true }).isChecked()).toBe(false);
    expect(await page.getByLabel("Agronegócio", { exact: true }).isChecked()).toBe(true);
    await page.getByText("Escolha no máximo 3 opções: desmarque uma para escolher outra.").waitFor();
    await page.getByLabel("Agronegócio", { exact: true }).uncheck();
    await page.getByLabel("Comércio", { exact: true }).check();
    expect(await page.getByText("Escolha no máximo 3 opções").count()).toBe(0);
    // A visitor is never shown their own lead score (B §2.6's badge is for staff, decision 116).
    expect(await page.locator(".lead-badge").count()).toBe(0);
    expect(await page.getByText(/Qualificação do lead|\/100\)/).count()).toBe(0);
    await page.getByLabel("Número de funcionários").selectOption("grande");
    await page.getByLabel("Planilhas", { exact: false }).first().check();
    await page.locator('input[name="principalDesafio"]').first().check();
    await page.getByRole("button", { name: "Continuar" }).click();

    await page.getByRole("heading", { name: "Seu momento" }).waitFor();
    await page.locator('select[name="urgencia"]').selectOption("ontem");
    await page.locator('select[name="cargoResponsavel"]').selectOption("diretor");
    await page.locator('select[name="melhorHorario"]').selectOption("manha");
    expect(await page.locator(".lead-badge").count()).toBe(0);
    await page.getByRole("button", { name: "Finalizar" }).click();

    await page
      .getByRole("heading", { name: "Pedido de demonstração recebido!" })
      .waitFor({ timeout: 10_000 });
    const protocol = await page.getByTestId("protocolo").textContent();
    expect(protocol).toBe(jira.issues.at(-1)!.key);
    expect(await page.getByText("Protocolo de atendimento").count()).toBe(1);
    // The visitor's own answers under their headings, nothing else (decision 126).
    expect(await page.locator(".form-success__group h3").allTextContents()).toEqual([
      "Dados de Contato",
      "Informações da Empresa",
      "Preferências de Contato",
      "Outros Dados",
    ]);
    const summary = (await page.locator(".form-success").textContent()) ?? "";
    for (const internal of ["Rastreamento", "utm_", "gclid", "abc123", "/demonstracao"])
      expect(summary).not.toContain(internal);
    expect(await page.getByText("Nosso time retorna em até 4 h úteis.").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Voltar ao site" }).count()).toBe(1);
    expect(jira.issues.length).toBe(before + 1);
    const issue = jira.issues.at(-1)!;
    expect(issue.status).toBe("Qualified");
    expect(issue.priority).toBe("High");
    expect(issue.labels).toEqual(
      expect.arrayContaining(["demo", "temp-hot", "urgencia-ontem", "porte-grande", "seg-comercio"]),
    );
    // The alphanumeric CNPJ reached the ticket, shown formatted.
    expect(JSON.stringify(issue.description)).toContain("12.ABC.345/01DE-35");
    await page.screenshot({ path: path.join(screenshots, "demo-success-desktop.png"), fullPage: true });
    expect(problems).toEqual([]);
  });

  it("back, forward and reload: each step is a history entry with its answers kept, one lead in the end, and a reload of the success shows its protocol again", async () => {
    const before = jira.issues.length;
    await gotoHydrated(page, `${server.url}/demonstracao`);
    await fillDemoFirstStep(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
    expect(jira.issues.length).toBe(before + 1);
    await page.getByLabel("Número de funcionários").selectOption("media");

    // The browser's back goes one step back, not off the form; the answers stay.
    await page.goBack();
    await page.getByRole("heading", { name: "Seus dados" }).waitFor();
    expect(await page.getByLabel("Nome completo").inputValue()).toBe("Maria Oliveira");
    await page.goForward();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
    expect(await page.getByLabel("Número de funcionários").inputValue()).toBe("media");

    // Off to another page and back: still this step, still these answers.
    await gotoHydrated(page, `${server.url}/planos`);
    await page.goBack();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
    await waitHydrated(page);
    expect(await page.getByLabel("Número de funcionários").inputValue()).toBe("media");

    await page.getByLabel("Comércio", { exact: true }).check();
    await page.getByLabel("Planilhas", { exact: false }).first().check();
    await page.locator('input[name="principalDesafio"]').first().check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Seu momento" }).waitFor();
    await page.locator('select[name="urgencia"]').selectOption("breve");
    await page.locator('select[name="cargoResponsavel"]').selectOption("gerente");
    await page.locator('select[name="melhorHorario"]').selectOption("tarde");
    await page.getByRole("button", { name: "Finalizar" }).click();
    await page
      .getByRole("heading", { name: "Pedido de demonstração recebido!" })
      .waitFor({ timeout: 10_000 });
    const protocol = await page.getByTestId("protocolo").textContent();
    // The first step's lead was completed: one lead, one issue.
    expect(jira.issues.length).toBe(before + 1);
    expect(protocol).toBe(jira.issues.at(-1)!.key);

    // A reload shows the same success and protocol, not a blank form inviting a second send.
    await page.reload();
    await page.getByRole("heading", { name: "Pedido de demonstração recebido!" }).waitFor();
    expect(await page.getByTestId("protocolo").textContent()).toBe(protocol);
    // A new visit to the form starts a new one.
    await gotoHydrated(page, `${server.url}/demonstracao`);
    await page.getByRole("heading", { name: "Seus dados" }).waitFor();
    expect(await page.getByLabel("Nome completo").inputValue()).toBe("");
    expect(jira.issues.length).toBe(before + 1);
  });

  it("a first step lost on the network is kept in the browser, and dropped once the whole form is stored", async () => {
    const before = jira.issues.length;
    let leadPosts = 0;
    await page.route("**/api/leads", (route) => (++leadPosts === 1 ? route.abort() : route.continue()));
    await gotoHydrated(page, `${server.url}/demonstracao`);
    await fillDemoFirstStep(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
    const kept = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem("vertice-lead-outbox") ?? "[]").length);
    expect(await kept()).toBe(1);
    await finishDemoForm(page, {
      segment: "Comércio",
      employees: "pequena",
      urgency: "breve",
      role: "diretor",
      bestTime: "tarde",
    });
    await page
      .getByRole("heading", { name: "Pedido de demonstração recebido!" })
      .waitFor({ timeout: 10_000 });
    expect(await kept()).toBe(0);
    // The next page view sends nothing more: one lead, one issue.
    await gotoHydrated(page, server.url);
    expect(leadPosts).toBe(2);
    expect(jira.issues.length).toBe(before + 1);
  });

  it("demo form works without JavaScript, as plain form posts", async () => {
    await context.close();
    context = await browser.newContext({ locale: "pt-BR", javaScriptEnabled: false });
    page = await context.newPage();
    const before = jira.issues.length;
    await page.goto(`${server.url}/demonstracao`);
    // The server draws the first step without Anterior too, before and after a post.
    expect(await page.getByRole("button", { name: "Anterior" }).count()).toBe(0);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.waitForLoadState();
    expect(await page.locator(".field__error").first().textContent()).toBe("Este campo é obrigatório");
    expect(await page.getByRole("button", { name: "Anterior" }).count()).toBe(0);
    await fillDemoFirstStep(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    // The page carries no challenge (decision 122): the server asks once to confirm, answers kept.
    await page.getByText("Confira os dados abaixo e envie mais uma vez para confirmar.").waitFor();
    expect(jira.issues.length).toBe(before);
    expect(await page.locator('input[name="nomeResponsavel"]').inputValue()).not.toBe("");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
    expect(jira.issues.length).toBe(before + 1);
    await page.getByLabel("Agronegócio", { exact: true }).check();
    await page.locator('select[name="numeroFuncionarios"]').selectOption("media");
    await page.locator('input[name="sistemaAtual"]').first().check();
    await page.locator('input[name="principalDesafio"]').first().check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Seu momento" }).waitFor();
    // Back keeps the answers.
    await page.getByRole("button", { name: "Anterior" }).click();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
    expect(await page.locator('select[name="numeroFuncionarios"]').inputValue()).toBe("media");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.locator('select[name="urgencia"]').selectOption("breve");
    await page.locator('select[name="cargoResponsavel"]').selectOption("gerente");
    await page.locator('select[name="melhorHorario"]').selectOption("tarde");
    await page.getByRole("button", { name: "Finalizar" }).click();
    await page.getByRole("heading", { name: "Pedido de demonstração recebido!" }).waitFor();
    expect(await page.getByTestId("protocolo").textContent()).toBe(jira.issues.at(-1)!.key);
    expect(jira.issues.length).toBe(before + 1);
    expect(jira.issues.at(-1)!.status).toBe("Qualified");
  });

  it("the free trial carries the chosen plan and billing into the lead", async () => {
    await gotoHydrated(page, `${server.url}/teste-gratis/profissional?anual=1`);
    expect(await page.getByText("Plano escolhido: profissional (cobrança anual)").count()).toBe(1);
  });

  it("an unknown step shows the navigation error", async () => {
    await gotoHydrated(page, `${server.url}/demonstracao?etapa=9`);
    expect(await page.getByRole("heading", { name: "Erro na navegação" }).count()).toBe(1);
    expect(
      await page.getByText("Etapa 9 não encontrada. Este formulário possui apenas 3 etapa(s).").count(),
    ).toBe(1);
    await page.getByRole("link", { name: "Voltar ao início" }).click();
    await page.getByRole("heading", { name: "Seus dados" }).waitFor();
  });

  it("contact form: required fields, protocol with its banner and tag, cleared after 7 s", async () => {
    await page.clock.install();
    await gotoHydrated(page, `${server.url}/contato`);
    expect(await page.getByRole("heading", { name: "Entre em Contato" }).count()).toBe(1);
    expect(await page.locator(".info-card").count()).toBe(4);
    // Each card is a way to reach us, from the content: the chat popup, e-mail, phone.
    const cards = page.locator(".contact__cards");
    expect(await cards.getByRole("link", { name: "contato@vertice.com.br" }).getAttribute("href")).toBe(
      "mailto:contato@vertice.com.br",
    );
    // The number never breaks across lines: non-breaking space and hyphen.
    expect(await cards.locator('a[href="tel:+556233334000"]').textContent()).toBe("(62)\u00a03333\u20114000");
    const whatsappCard = cards.getByRole("link", { name: "Conversar pelo WhatsApp" });
    expect(await whatsappCard.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/5562999990000/);
    await whatsappCard.click();
    const chat = page.getByRole("dialog", { name: "Fale conosco pelo WhatsApp" });
    await chat.waitFor();
    await page.keyboard.press("Escape");
    await chat.waitFor({ state: "hidden" });
    // The privacy text promises nothing the form does not ask.
    expect(await page.getByText("assunto escolhido", { exact: false }).count()).toBe(0);
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    expect(await page.locator(".banner--error").textContent()).toBe(
      "Por favor, preencha todos os campos obrigatórios.",
    );
    await page.getByLabel("Nome Completo").fill("João Lima");
    await page.getByLabel("Email").fill("joao@example.com");
    await page.getByLabel("Mensagem").fill("Quero entender os planos para a minha loja.");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page.getByText("Mensagem enviada com sucesso!", { exact: true }).waitFor();
    const protocol = await page.getByTestId("protocolo").textContent();
    expect(protocol).toBe(jira.issues.at(-1)!.key);
    expect(await page.locator(".banner--success").textContent()).toBe(
      `Mensagem enviada com sucesso! Protocolo: ${protocol}`,
    );
    expect(await page.locator(".tag").textContent()).toBe("Jira integrado");
    expect(await page.getByLabel("Nome Completo").inputValue()).toBe("");
    await page.clock.fastForward(7_000);
    await page.locator(".contact-form__success").waitFor({ state: "detached" });
    expect(jira.issues.at(-1)!.projectKey).toBe("FDVW");
  });

  it("newsletter: 'Registrando...', then the ticket message, and the e-mail emptied", async () => {
    await gotoHydrated(page, server.url);
    // The legal text names the policy once, and that name is the link.
    const legal = page.locator(".newsletter__legal");
    expect((await legal.textContent())?.match(/Política de Privacidade/g)).toHaveLength(1);
    expect(await legal.getByRole("link", { name: "Política de Privacidade" }).getAttribute("href")).toBe(
      "/politicas",
    );
    // Whitespace does nothing.
    await page.getByLabel("Seu e-mail", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Quero receber" }).click();
    expect(await page.locator(".newsletter .banner").count()).toBe(0);
    // The browser's own e-mail check stops a typo; an address it lets through but the server refuses
    // ("a@b" has no dot) is not reported as saved: it stays in the field with the server's reason.
    const field = page.getByLabel("Seu e-mail", { exact: true });
    const issuesBefore = jira.issues.length;
    await field.fill("leitora");
    await page.getByRole("button", { name: "Quero receber" }).click();
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);
    await field.fill("leitora@example");
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/leads"));
    await page.getByRole("button", { name: "Quero receber" }).click();
    expect((await refused).status()).toBe(422);
    await expect
      .poll(() => field.evaluate((input: HTMLInputElement) => input.validationMessage))
      .toBe("E-mail inválido");
    expect(await field.inputValue()).toBe("leitora@example");
    expect(await page.locator(".newsletter .banner").count()).toBe(0);
    expect(jira.issues.length).toBe(issuesBefore);
    await field.fill("leitora@example.com");
    await page.getByRole("button", { name: "Quero receber" }).click();
    await page.getByText("Inscrição realizada com sucesso!").waitFor();
    const key = jira.issues.at(-1)!.key;
    expect(key).toMatch(/^MKT-\d+$/);
    expect(await page.getByText(`Inscrição registrada com sucesso! Ticket: ${key}`).count()).toBe(1);
    expect(await page.getByLabel("Seu e-mail", { exact: true }).inputValue()).toBe("");
  });

  it("chat popup: typing rules, mask, messages, the chat opened after the lead is stored, closed after 2 s", async () => {
    await page.clock.install();
    await gotoHydrated(page, server.url);
    await page.getByRole("button", { name: "Abrir conversa no WhatsApp" }).click();
    const dialog = page.getByRole("dialog", { name: "Fale conosco pelo WhatsApp" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Iniciar conversa" }).click();
    expect(await dialog.getByText("Nome é obrigatório").count()).toBe(1);
    expect(await dialog.getByText("Telefone deve ter pelo menos 8 dígitos").count()).toBe(1);
    await dialog.getByLabel("Nome").fill("Ana 123 Souza!");
    expect(await dialog.getByLabel("Nome").inputValue()).toBe("Ana  Souza");
    expect(await dialog.getByText("Nome é obrigatório").count()).toBe(0);
    await dialog.getByLabel("WhatsApp").fill("11987654321");
    expect(await dialog.getByLabel("WhatsApp").inputValue()).toBe("(11) 98765-4321");
    const before = jira.issues.length;
    const popup = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Iniciar conversa" }).click();
    await dialog.getByText("WhatsApp aberto! Continue a conversa lá.").waitFor();
    expect(await dialog.getByRole("button", { name: "Enviado!" }).count()).toBe(1);
    // The window is opened during the click (so browsers let it open), then sent to the chat.
    const chat = await popup;
    await chat.waitForURL(/^https:\/\/(wa\.me|api\.whatsapp\.com)\//);
    expect(decodeURIComponent(chat.url())).toContain("5562999990000");
    expect(await chat.evaluate(() => window.opener)).toBeNull();
    expect(jira.issues.length).toBe(before + 1);
    expect(jira.issues.at(-1)!.labels).toEqual(expect.arrayContaining(["whatsapp", "lead"]));
    expect(jira.issues.at(-1)!.priority).toBe("Medium");
    await page.clock.fastForward(2_000);
    await dialog.waitFor({ state: "hidden" });
    await chat.close();

    // A number without the area code (8 digits) is what the popup allows, and the server agrees.
    await page.getByRole("button", { name: "Abrir conversa no WhatsApp" }).click();
    await dialog.getByLabel("Nome").fill("Bruno Lima");
    await dialog.getByLabel("WhatsApp").fill("98765432");
    const second = context.waitForEvent("page");
    await dialog.getByRole("button", { name: "Iniciar conversa" }).click();
    await dialog.getByText("WhatsApp aberto! Continue a conversa lá.").waitFor();
    await (await second).waitForURL(/^https:\/\/(wa\.me|api\.whatsapp\.com)\//);
    expect(jira.issues.length).toBe(before + 2);
  });

  it("the popup's code is not part of the page's: fetched on demand, and the chat still opens when it cannot load", async () => {
    // Time held (install alone lets it run): the idle prefetch cannot fire, so only the click can
    // ask for the popup's code.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    const asked: string[] = [];
    await page.route(/\/assets\/ChatDialog-[\w-]+\.js$/, (route) => {
      asked.push(route.request().url());
      return route.abort("internetdisconnected");
    });
    await gotoHydrated(page, server.url);
    expect(asked).toEqual([]);
    const popup = context.waitForEvent("page");
    await page.getByRole("button", { name: "Abrir conversa no WhatsApp" }).click();
    const chat = await popup;
    await chat.waitForURL(/^https:\/\/(wa\.me|api\.whatsapp\.com)\//);
    expect(decodeURIComponent(chat.url())).toContain("5562999990000");
    expect(asked.length).toBeGreaterThan(0);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await chat.close();
  });

  it("the chat button is not shown on /dashboard-like areas, the demo form fits a phone, the popup's code comes when idle", async () => {
    await context.close();
    context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    page = await context.newPage();
    // With real timers the popup's code is fetched once the page is idle, before any click.
    const prefetched = page.waitForRequest(/\/assets\/ChatDialog-[\w-]+\.js$/);
    await gotoHydrated(page, `${server.url}/demonstracao`);
    await prefetched;
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(screenshots, "demo-mobile.png"), fullPage: true });
    expect(await page.getByRole("button", { name: "Abrir conversa no WhatsApp" }).count()).toBe(1);
  });
});

describe("lead forms in simulated mode (no Jira configured)", () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await withBrowser(startServerProcess({ FORM_MIN_FILL_MS: "0" }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("still stores every lead and says so with the simulated-mode messages", async () => {
    const context = await browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await gotoHydrated(page, `${server.url}/demonstracao`);
    await fillDemoFirstStep(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByText("Informações registradas! Prossiga com o formulário.").waitFor();
    // The lead is stored all the same: a success, drawn as one (decision 134).
    expect(await page.locator(".form-card__status .banner").getAttribute("class")).toBe(
      "banner banner--success",
    );

    await gotoHydrated(page, server.url);
    await page.getByLabel("Seu e-mail", { exact: true }).fill("simulada@example.com");
    await page.getByRole("button", { name: "Quero receber" }).click();
    await page
      .getByText("Inscrição registrada localmente! Configure o Jira para integração completa.")
      .waitFor();

    await gotoHydrated(page, `${server.url}/contato`);
    await page.getByLabel("Nome Completo").fill("Rita Melo");
    await page.getByLabel("Email").fill("rita@example.com");
    await page.getByLabel("Mensagem").fill("Preciso de ajuda com a emissão de notas.");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page
      .getByText("Mensagem registrada localmente! Configure o Jira para integração completa.")
      .waitFor();
    expect(await page.getByTestId("protocolo").textContent()).toMatch(/^SIM-\d{8}-/);
    expect(await page.locator(".tag").textContent()).toBe("Modo simulado");
    await context.close();
  });
});
