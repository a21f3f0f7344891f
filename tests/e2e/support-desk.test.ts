import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, signInThroughLogin, watchProblems, withBrowser } from "../support/browser.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * The staff's support inbox in Chromium (decision 130), on a server without Jira: a customer's ticket
 * reaches staff all the same, who read it with its file, answer and take it in hand; the customer
 * reads the answer in the portal. At 1280 and 390 px, axe-clean.
 */
describe("the support inbox in Chromium, without Jira", () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: { email: string; password: string };
  let customer: { email: string; password: string };

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await withBrowser(startServerProcess());
    const a = /admin: +(\S+) \/ (\S+)/.exec(server.output())!;
    admin = { email: a[1]!, password: a[2]! };
    const c = /cliente: (\S+) \/ (\S+)/.exec(server.output())!;
    customer = { email: c[1]!, password: c[2]! };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a ticket opened in the portal is answered from the admin and read by the customer", async () => {
    // bypassCSP: axe is injected as a script the page's policy would refuse.
    const customerContext = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const portal = await customerContext.newPage();
    await signInThroughLogin(portal, server.url, customer, "/user/suporte/novo");
    await portal.getByRole("heading", { name: "Abrir chamado" }).waitFor();
    await portal.getByLabel("Problema", { exact: false }).check();
    await portal.getByLabel("Alta", { exact: false }).check();
    await portal.getByLabel("Assunto").fill("Erro ao emitir nota fiscal de saída");
    await portal.getByLabel("Descrição").fill("Aparece 'Rejeição 225' desde ontem, em todas as filiais.");
    await portal
      .getByLabel("Anexos", { exact: false })
      .setInputFiles({ name: "tela.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG });
    await portal.getByRole("button", { name: "Enviar chamado" }).click();
    await portal.getByText("Chamado aberto. O protocolo é SUP-", { exact: false }).waitFor();
    const ticketUrl = portal.url();

    const staffContext = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await staffContext.newPage();
    // Through the second factor staff must have (decision 112); its first step answers 403 by design.
    await signInThroughLogin(page, server.url, admin, "/admin/suporte");
    const problems = watchProblems(page);
    await page.getByRole("heading", { name: "Chamados dos clientes" }).waitFor();
    // The sidebar leads here, under Clientes.
    expect(await page.getByRole("link", { name: "Suporte", exact: true }).count()).toBeGreaterThan(0);
    await page.getByText("O Jira não está configurado", { exact: false }).waitFor();
    const row = page.getByRole("row", { name: /Erro ao emitir nota fiscal de saída/ });
    expect(await row.getByText("Aguarda resposta").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "support-inbox-1280.png"), fullPage: true });
    // The filter "waiting for us" keeps it; "Resolvido" has none.
    await page.getByLabel("Situação").selectOption("resolvido");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await page.getByText("Nenhum chamado com estes filtros.").waitFor();
    await page.getByRole("link", { name: "Limpar filtros" }).click();

    await page.getByRole("link", { name: "Erro ao emitir nota fiscal de saída" }).click();
    await page.getByRole("heading", { name: "Erro ao emitir nota fiscal de saída" }).waitFor();
    await page.getByText("Aparece 'Rejeição 225' desde ontem, em todas as filiais.").waitFor();
    expect(await page.getByRole("link", { name: "tela.png" }).getAttribute("href")).toMatch(
      /^\/admin\/suporte\/[0-9a-f-]{36}\/anexos\/[0-9a-f-]{36}$/,
    );
    const file = await page.request.get(
      `${server.url}${await page.getByRole("link", { name: "tela.png" }).getAttribute("href")}`,
    );
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toContain("attachment");
    expect(await page.getByText("Ainda não enviado ao Jira").count()).toBe(1);

    // An empty reply is refused beside its field; a real one is sent and the box emptied.
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await page.locator("#resposta-erro").waitFor();
    expect(problems.filter((p) => !p.includes("400"))).toEqual([]);
    problems.length = 0;
    await page.getByLabel("Sua resposta").fill("Olá! Pode nos enviar o XML da nota rejeitada?");
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await page.getByText("Resposta enviada ao cliente.").waitFor();
    expect(await page.getByLabel("Sua resposta").inputValue()).toBe("");
    await page.locator(".support-message--support", { hasText: "Pode nos enviar o XML" }).waitFor();
    await page.getByRole("button", { name: "Marcar em atendimento" }).click();
    await page.getByText("Chamado em atendimento. O cliente foi avisado.").waitFor();
    await page.getByRole("button", { name: "Marcar em atendimento" }).waitFor({ state: "detached" });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "support-ticket-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(screenshots, "support-ticket-390.png"), fullPage: true });
    expect(problems).toEqual([]);

    // The customer reads the answer, and the new status, in the portal.
    await gotoHydrated(portal, ticketUrl);
    await portal.getByText("Olá! Pode nos enviar o XML da nota rejeitada?").waitFor();
    expect(await portal.getByText("Em atendimento").count()).toBeGreaterThan(0);
    await customerContext.close();
    await staffContext.close();
  });
});
