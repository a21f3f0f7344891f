import { hasError, parsePix } from "pix-utils";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, signInThroughLogin, watchProblems, withBrowser } from "../support/browser.ts";
import { invitedMember } from "../support/portal-people.ts";
import { demoTokens, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * The customer's invoices in Chromium (decision 097): billing posts an invoice for the demo company
 * through its API; the company's finance member finds it in the history, copies the Pix code (a
 * BR Code pix-utils reads), downloads a PDF that starts with %PDF, and asks about it in a support
 * ticket already filled in. Axe-clean at 1280 and 390 px.
 */
describe("the customer's invoices in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;
  const finance = { email: "financeiro@agrosul.example", password: "uma-senha-bem-forte-1" };

  const signIn = (page: Page) => signInThroughLogin(page, server.url, finance);

  beforeAll(async () => {
    [server, browser] = await withBrowser(
      startServerProcess({
        PIX_KEY: "financeiro@vertice.com.br",
        PIX_MERCHANT_NAME: "Vertice Sistemas",
        PIX_MERCHANT_CITY: "Goiania",
        FORM_RATE_LIMIT_PER_MINUTE: "10000",
      }),
    );
    const { admin, customer } = await demoTokens(server);
    await invitedMember(server.url, customer, finance.email, "finance");
    // Billing's key, made by staff on the API keys screen, and the invoice billing posts for the demo company.
    const made = await postForm(
      server.url,
      "/admin/chaves-api",
      { intent: "apikey-create", name: "Faturamento", scope: "billing" },
      admin,
    );
    const key = /value="(vk_billing_[A-Za-z0-9_-]+)"/.exec(await made.text())?.[1];
    expect(key, "a billing key was made").toBeTruthy();
    const posted = await fetch(`${server.url}/api/billing/invoices`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        number: "2026-000123",
        cnpj: "12.ABC.345/01DE-35",
        competence: "2026-11",
        issuedOn: "2026-11-01",
        dueOn: "2099-12-10",
        amountCentavos: 102656,
        lines: [
          { description: "Plano Empresarial — novembro", amountCentavos: 99990 },
          { description: "Usuário adicional", amountCentavos: 2666 },
        ],
      }),
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the finance member finds the invoice, copies its Pix code, downloads its PDF and asks about it", async () => {
    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
      acceptDownloads: true,
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page);
    await gotoHydrated(page, `${server.url}/user/faturas`);
    await page.getByRole("heading", { name: "Faturas", exact: true }).waitFor();
    expect(await page.getByText("R$ 1.026,56").count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Fatura 2026-000123" }).click();
    await page.getByRole("heading", { name: "Fatura 2026-000123" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Copiar código Pix" }).click();
    await page.getByText("Código Pix copiado.").waitFor();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    const pix = parsePix(code);
    if (hasError(pix) || pix.type !== "STATIC") throw new Error(`the clipboard holds no Pix code: ${code}`);
    expect(pix.transactionAmount).toBe(1026.56);
    expect(pix.txid).toBe("2026000123");
    expect(await page.getByRole("img", { name: "QR code do Pix da fatura 2026-000123" }).count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Baixar PDF da fatura" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("fatura-2026-000123.pdf");
    // Read through the connection: the run's shared Chromium keeps the file on its side.
    const pdf = Buffer.concat(await (await download.createReadStream()).toArray());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await page.getByRole("link", { name: "Dúvida sobre esta fatura" }).click();
    await page.getByRole("heading", { name: "Abrir chamado" }).waitFor();
    expect(await page.getByRole("radio", { name: /Financeiro/ }).isChecked()).toBe(true);
    expect(await page.getByLabel("Assunto").inputValue()).toBe("Dúvida sobre a fatura 2026-000123");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("is usable at 390 px: the code to copy before the QR code, nothing wider than the screen", async () => {
    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await signIn(page);
    for (const path of ["/user/faturas", "/user/faturas/notas", "/user/faturas/2026-000123"]) {
      await gotoHydrated(page, `${server.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    const code = await page.getByLabel("Código Pix").boundingBox();
    const qr = await page.getByRole("img", { name: /QR code do Pix/ }).boundingBox();
    expect(code!.y).toBeLessThan(qr!.y);
    await context.close();
  });
});
