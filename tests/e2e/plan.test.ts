import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, signInThroughLogin, watchProblems, withBrowser } from "../support/browser.ts";
import { type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/**
 * The company's plan in Chromium (decision 095): the demo company's owner sees the plan with its
 * limits, chooses another plan and cycle, sees the new price and the pro-rata difference, confirms,
 * and the plan page shows the request 'Solicitado'. Axe-clean at every step, at 1280 and 390 px.
 */
describe("the company's plan in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;
  let owner: { email: string; password: string };

  const signIn = (page: Page) => signInThroughLogin(page, server.url, owner);

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

  it("an owner asks for an upgrade and sees it 'Solicitado'", async () => {
    // bypassCSP: axe is injected as a script the page's policy would refuse.
    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page);
    await gotoHydrated(page, `${server.url}/user/plano`);
    await page.getByRole("heading", { name: "Detalhes do plano", level: 1 }).waitFor();
    expect(await page.getByRole("heading", { name: "Profissional" }).count()).toBe(1);
    expect(await page.getByText("R$ 299,90").count()).toBeGreaterThan(0);
    expect(await page.getByText("1 de 10 usuários").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Mudar de plano" }).last().click();
    await page.getByRole("heading", { name: "Mudar de plano", level: 1 }).waitFor();
    const plans = page.getByRole("group", { name: "Plano" });
    await plans.getByLabel(/Empresarial/).check();
    await page.getByRole("group", { name: "Ciclo de cobrança" }).getByLabel(/Anual/).check();
    // With JavaScript a choice updates the summary at once (the GET form also works without it).
    await page.getByRole("heading", { name: "Resumo da mudança" }).waitFor();
    await page.waitForURL((url) => url.searchParams.get("ciclo") === "anual");
    const summary = page.getByRole("region", { name: "Resumo da mudança" });
    // The cycle change's lines: the new year, the unused month credited, what is due.
    await summary.getByText("A pagar na próxima fatura").waitFor();
    expect(await summary.getByText("R$ 5.999,00").count()).toBeGreaterThan(0);
    expect(await summary.getByText("Crédito do período não usado do ciclo atual").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "plan-upgrade-desktop.png"), fullPage: true });

    await page.getByRole("button", { name: "Confirmar pedido de mudança" }).click();
    await page.getByText("Pedido enviado.", { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/user/plano");
    const request = page.getByRole("region", { name: "Pedido de mudança" });
    expect(await request.getByText("Solicitado", { exact: true }).count()).toBe(1);
    expect(await request.getByText("Empresarial (anual)").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone: nothing wider than the screen, still clean.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "plan-mobile.png"), fullPage: true });

    // Withdrawn by the owner, after a question: the plan stays, a new change may be asked for.
    await request.getByText("Retirar pedido").click();
    await request
      .getByText("Retirar este pedido? Nada muda no plano da empresa e a nossa equipe é avisada.")
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "plan-withdraw-mobile.png"), fullPage: true });
    await request.getByRole("button", { name: "Sim, retirar o pedido" }).click();
    await page.getByText("Pedido retirado.", { exact: false }).waitFor();
    expect(await page.getByRole("region", { name: "Pedido de mudança" }).count()).toBe(0);
    const last = page.getByRole("region", { name: "Último pedido" });
    expect(await last.getByText("Cancelado", { exact: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Mudar de plano" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
