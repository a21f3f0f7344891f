import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWebhooks } from "../fakes/webhooks.ts";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, signedInPage, watchProblems, withBrowser } from "../support/browser.ts";
import { demoAccounts, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * Outgoing webhooks in Chromium (decision 103): staff create an endpoint in the admin, a visitor asks
 * for a demo, and the signed delivery shows in the endpoint's log with the receiver's answer.
 */
describe("outgoing webhooks in Chromium", () => {
  let hooks: Awaited<ReturnType<typeof startFakeWebhooks>>;
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    hooks = await startFakeWebhooks();
    [server, browser] = await withBrowser(startServerProcess({ FORM_MIN_FILL_MS: "0" }));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await hooks?.close();
  });

  it("staff create an endpoint, a demo request is delivered signed, and its log shows it", async () => {
    const { page, context } = await signedInPage(
      browser,
      server.url,
      demoAccounts(server).admin,
      "/admin/webhooks",
      // axe is injected as a script, which the pages' policy rightly refuses.
      { bypassCSP: true },
    );
    await page.getByText("Nenhum endpoint ainda.").waitFor();

    // A field left wrong is named, and the form keeps what was typed.
    await page.getByLabel("Endereço (URL)").fill("ftp://crm.exemplo.com.br/in");
    await page.getByRole("button", { name: "Criar endpoint" }).click();
    await page.getByText("Endereço (URL): deve começar com https://.").first().waitFor();
    // From here on, nothing may go wrong in the console (the refusal above was a 422, as meant).
    const problems = watchProblems(page);

    await page.getByLabel("Endereço (URL)").fill(`${hooks.url}/crm`);
    await page.getByLabel("Descrição").fill("CRM do comercial");
    await page.getByLabel(/Lead qualificado/).uncheck();
    await page.getByRole("button", { name: "Criar endpoint" }).click();
    await page.waitForURL(/\/admin\/webhooks\/[0-9a-f-]{36}\?criado=1$/);
    await page.getByText("Endpoint criado.").waitFor();
    const secret = await page.getByLabel("Segredo de assinatura").inputValue();
    expect(secret).toMatch(/^whsec_/);
    hooks.expectSigned("/crm", secret);
    await page.getByText("Nenhuma entrega ainda.").waitFor();

    // A visitor sends the demo form's first step: the lead is stored, and announced.
    const visitor = await browser.newContext({ locale: "pt-BR" });
    const form = await visitor.newPage();
    await gotoHydrated(form, `${server.url}/demonstracao`);
    await form.getByLabel("Nome completo").fill("Maria Oliveira");
    await form.getByLabel("E-mail corporativo").fill("maria@agrosul.com.br");
    await form.getByLabel("Telefone / WhatsApp").fill("62998765432");
    await form.getByLabel("Nome da empresa").fill("Agro Sul Ltda");
    await form.getByLabel("CNPJ").fill("12abc34501de35");
    await form.getByRole("button", { name: "Continuar" }).click();
    await expect.poll(() => hooks.at("/crm").length, { timeout: 15_000 }).toBe(1);
    await visitor.close();
    expect(hooks.refused).toEqual([]);
    expect(hooks.at("/crm")[0]!.verified).toMatchObject({
      type: "lead.created",
      data: { form: "demo", answers: { nomeEmpresa: "Agro Sul Ltda" } },
    });

    await page.getByRole("link", { name: "Atualizar" }).click();
    const row = page.locator(".webhook-log tbody tr").first();
    await row.waitFor();
    expect(await row.textContent()).toContain("Lead criado");
    expect(await row.textContent()).toContain("Entregue");
    expect(await row.textContent()).toContain("HTTP 200");
    await page.screenshot({ path: path.join(screenshots, "admin-webhook-1280.png"), fullPage: true });

    // Resent from the log: the same message again.
    await row.getByRole("button", { name: "Reenviar" }).click();
    await page.getByText("Entrega colocada na fila de novo.").waitFor();
    await expect.poll(() => hooks.at("/crm").length, { timeout: 15_000 }).toBe(2);
    expect(hooks.at("/crm")[1]!.headers["webhook-id"]).toBe(hooks.at("/crm")[0]!.headers["webhook-id"]);

    // The list shows the endpoint with its last delivery.
    await page.getByRole("link", { name: "Voltar aos webhooks" }).click();
    await page.getByRole("link", { name: `${hooks.url}/crm` }).waitFor();
    expect(await page.locator(".webhook-table tbody tr").first().textContent()).toContain("Entregue");
    expect(problems).toEqual([]);
    // A request React Router aborted, rejecting where nothing awaits it (app/entry.client.tsx), is
    // not an error a person's console shows; any other rejection still is.
    await page.evaluate(() => {
      void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
      void Promise.reject(new Error("falha de verdade"));
    });
    await expect.poll(() => problems.length).toBe(1);
    expect(problems[0]).toContain("falha de verdade");
    problems.length = 0;

    // Both screens pass axe (WCAG 2.1 AA) on a desktop and on a phone, the log with a delivery in it.
    const detail = `${server.url}/admin/webhooks/${/[0-9a-f-]{36}/.exec((await page.getByRole("link", { name: `${hooks.url}/crm` }).getAttribute("href")) ?? "")?.[0]}`;
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const url of [`${server.url}/admin/webhooks`, detail]) {
        await gotoHydrated(page, url);
        expect(await seriousViolations(page), `${url} at ${width}`).toEqual([]);
      }
    }
    await page.screenshot({ path: path.join(screenshots, "admin-webhook-390.png"), fullPage: true });
    await context.close();
  });
});
