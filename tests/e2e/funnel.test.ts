import { mkdirSync } from "node:fs";
import path from "node:path";
import { FUNNEL_PATH } from "@domain/funnel/events.ts";
import { projectRoot } from "@server/paths.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import {
  gotoHydrated,
  launchBrowser,
  signedInPage,
  VISITOR_AGENT,
  watchProblems,
} from "../support/browser.ts";
import { fillDemoFirstStep } from "../support/demo-form.ts";
import { demoAccounts, type ServerProcess, startServerProcess } from "../support/server-process.ts";

/**
 * The form funnel in Chromium (decision 104): a visitor who stops at step 2 is counted
 * as shown, first touch and step 2, with no submission, from the beacon sent as they leave; a
 * browser with Do Not Track sends nothing; headless Chromium under its own name (a bot to isbot)
 * sends its beacon and is not counted.
 */

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");

/** The funnel table's rows (stage, visits, share, drop-off) as the admin reads them. */
async function funnelRows(page: Page): Promise<string[][]> {
  return page
    .locator(".funnel__table tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? "")),
    );
}

describe("the form funnel in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: { context: BrowserContext; page: Page } | undefined;

  /**
   * The beacon batches the server answered (204), with the browser name they came with, from its
   * request log: a beacon sent while a page is left is not seen by the test's own page.
   */
  const beacons = (agent: string) =>
    server
      .output()
      .split("\n")
      .filter(
        (line) =>
          line.includes(`"url":"${FUNNEL_PATH}"`) &&
          line.includes('"statusCode":204') &&
          line.includes(`"userAgent":"${agent}`),
      ).length;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    server = await startServerProcess({ FORM_MIN_FILL_MS: "0" });
    try {
      browser = await launchBrowser([`--user-agent=${VISITOR_AGENT}`]);
    } catch (error) {
      await server.stop();
      throw error;
    }
  });
  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
    await server?.stop();
  });

  async function visitor(from: Browser, options: { doNotTrack?: boolean } = {}) {
    const context = await from.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    if (options.doNotTrack)
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, "doNotTrack", { get: () => "1", configurable: true }),
      );
    const page = await context.newPage();
    return { context, page, problems: watchProblems(page) };
  }

  /** Opens the demo form from a campaign link, fills step 1 and reaches step 2. */
  async function reachStepTwo(page: Page) {
    await gotoHydrated(
      page,
      `${server.url}/demonstracao?utm_source=google&utm_medium=cpc&utm_campaign=e2e-funil`,
    );
    await fillDemoFirstStep(page);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Sua empresa" }).waitFor();
  }

  async function adminFunnel() {
    if (!admin) {
      const { email, password } = demoAccounts(server).admin;
      // bypassCSP: axe is injected as a script, which the admin's policy (rightly) refuses.
      admin = await signedInPage(
        browser,
        server.url,
        { email, password },
        "/admin/dashboard?funil=demo&periodo=7",
        { bypassCSP: true },
      );
    } else {
      await gotoHydrated(admin.page, `${server.url}/admin/dashboard?funil=demo&periodo=7`);
    }
    return admin.page;
  }

  it("a visitor who stops at step 2 is counted: shown, first touch, step 2, nothing sent", async () => {
    const { context, page, problems } = await visitor(browser);
    await reachStepTwo(page);
    // Nothing leaves while the visitor is on the page: the batch waits for them to go.
    await page.waitForTimeout(1_000);
    expect(beacons(VISITOR_AGENT)).toBe(0);
    await page.goto("about:blank");
    await expect.poll(() => beacons(VISITOR_AGENT)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();

    await expect
      .poll(async () => funnelRows(await adminFunnel()))
      .toEqual([
        ["Formulário exibido", "1", "100%", "—"],
        ["Primeiro campo tocado", "1", "100%", "0 (0%)"],
        ["Etapa 2 alcançada", "1", "100%", "0 (0%)"],
        ["Etapa 3 alcançada", "0", "0%", "1 (100%)"],
        ["Enviado", "0", "0%", "—"],
        ["Demonstração agendada", "0", "0%", "—"],
      ]);
    const page_ = admin!.page;
    // The campaign is the visit's source; the lead its first step made is counted by it too.
    const row = (table: number) =>
      page_
        .locator("section.funnel table")
        .nth(table)
        .locator("tbody tr")
        .first()
        .locator("th, td")
        .allTextContents();
    expect(await row(1)).toEqual(["google", "cpc", "e2e-funil", "1", "1", "0", "0", "0%"]);
    expect(await row(2)).toEqual(["google", "cpc", "e2e-funil", "1", "0", "0"]);
    expect(await page_.getByRole("img", { name: /^Funil de Demonstração nos últimos 7 dias:/ }).count()).toBe(
      1,
    );
    // uPlot drew the bars (its canvas), in the chart's own chunk.
    await page_.locator(".funnel-chart canvas").first().waitFor();
    for (const width of [1280, 390]) {
      await page_.setViewportSize({ width, height: 900 });
      // The funnel drawn, its tables and its form: WCAG 2.1 AA at both widths.
      expect(await seriousViolations(page_), `dashboard at ${width}`).toEqual([]);
      await page_.locator("#funil-titulo").scrollIntoViewIfNeeded();
      await page_.screenshot({ path: path.join(screenshots, `admin-funnel-${width}.png`), fullPage: true });
    }
  });

  it("the campaign report credits the lead to its campaign by both touches, sorts, and opens its leads", async () => {
    const page = await adminFunnel();
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, `${server.url}/admin/campanhas?periodo=7`);
    await page.getByRole("heading", { name: "Campanhas que trazem leads" }).waitFor();
    const cells = await page
      .getByRole("row", { name: /e2e-funil/ })
      .locator("th, td")
      .allTextContents();
    expect(cells).toEqual(["e2e-funil", "google", "cpc", "1", "0", "1", "0", "0", "0"]);
    await page.getByRole("link", { name: "Ordenar por Leads (último toque)" }).click();
    await page.waitForURL(/ordem=lastLeads/);
    // The address changes before React draws the new order: wait for the drawn column.
    await page.locator('th[aria-sort="descending"]', { hasText: "Leads" }).waitFor();
    expect(await page.locator('th[aria-sort="descending"]').count()).toBe(1);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousViolations(page), `campaigns at ${width}`).toEqual([]);
      await page.screenshot({ path: path.join(screenshots, `admin-campaigns-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("link", { name: "Ver os leads da campanha e2e-funil" }).click();
    await page.waitForURL(/\/admin\/leads\?campanha=e2e-funil/);
    expect(await page.getByLabel("Campanha (utm_campaign)").inputValue()).toBe("e2e-funil");
    await page.getByText("1 lead", { exact: false }).first().waitFor();
  });

  it("Do Not Track sends and keeps nothing; a headless browser's beacon is answered and not counted", async () => {
    const privately = await visitor(browser, { doNotTrack: true });
    await reachStepTwo(privately.page);
    expect(await privately.page.evaluate(() => navigator.doNotTrack)).toBe("1");
    await privately.page.waitForTimeout(1_500);
    expect(await privately.page.evaluate(() => sessionStorage.getItem("vertice-origem"))).toBeNull();
    await privately.page.goto("about:blank");
    await privately.page.waitForTimeout(1_000);
    expect(beacons(VISITOR_AGENT)).toBe(1);
    await privately.context.close();

    // Chromium under its own headless name: a bot to isbot.
    const headless = await launchBrowser();
    try {
      const bot = await visitor(headless);
      await reachStepTwo(bot.page);
      await bot.page.goto("about:blank");
      await expect
        .poll(() =>
          beacons("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome"),
        )
        .toBe(1);
    } finally {
      await headless.close();
    }

    const rows = await funnelRows(await adminFunnel());
    expect(rows.slice(0, 3).map((row) => row[1])).toEqual(["1", "1", "1"]);
  });
});
