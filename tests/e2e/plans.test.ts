import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatPrice, type PlansData } from "@domain/plans.ts";
import { projectRoot } from "@server/paths.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gotoHydrated, launchBrowser, watchProblems } from "../support/browser.ts";
import { type SharedServer, sharedServer } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");
const shipped = JSON.parse(
  readFileSync(path.join(projectRoot, "content/data/plans-data.json"), "utf8"),
) as PlansData;
const popular = shipped.plans.find((p) => p.popular)!;

/** The price a card shows: of the two billing variants laid out in the card, the visible one. */
function visibleAmount(page: Page, planId: string) {
  return page.locator(`[data-plan="${planId}"] .plan-card__variant[data-active="true"] .plan-card__amount`);
}

describe("the plans page in Chromium (A §2, §4, §9)", () => {
  let server: SharedServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await Promise.all([sharedServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    problems = watchProblems(page);
  });

  it("arrives server-rendered: title, four cards, limits and the monthly prices, before any script runs", async () => {
    const bare = await browser.newContext({ javaScriptEnabled: false, locale: "pt-BR" });
    const noScript = await bare.newPage();
    const response = await noScript.goto(`${server.url}/planos`);
    expect(response?.status()).toBe(200);
    expect(await noScript.locator("main h1").textContent()).toBe(shipped.title);
    expect(await noScript.locator(".plan-card").count()).toBe(4);
    expect(await noScript.locator(".plan-card--popular .plan-card__badge").textContent()).toBe(
      shipped.popular_badge,
    );
    expect(await noScript.getByText("Usuários ilimitados").count()).toBe(1);
    expect(await noScript.getByText("Até 10 usuários").count()).toBe(1);
    // img_ keys are pictures, never limit lines.
    expect((await noScript.locator(".plan-card__limits").allTextContents()).join(" ")).not.toContain("img_");
    expect(await visibleAmount(noScript, popular.id).textContent()).toBe(formatPrice(popular.monthly_price));
    // Under a language prefix the texts are English and the trial links keep the prefix.
    await noScript.goto(`${server.url}/en/planos`);
    expect(await noScript.getByText("Unlimited users").count()).toBe(1);
    expect(await noScript.locator(`[data-plan="${popular.id}"] .plan-card__cta`).getAttribute("href")).toBe(
      `/en/teste-gratis/${popular.id}`,
    );
    await bare.close();
  });

  it("toggles monthly → annual and takes the popular plan to the annual free trial", async () => {
    await gotoHydrated(page, `${server.url}/planos`);
    const monthly = page.getByRole("button", { name: shipped.toggle.monthly, exact: true });
    const annual = page.getByRole("button", { name: new RegExp(`^${shipped.toggle.annual}`) });
    expect(await monthly.getAttribute("aria-pressed")).toBe("true");
    expect(await annual.getAttribute("aria-pressed")).toBe("false");
    expect(await visibleAmount(page, popular.id).textContent()).toBe(formatPrice(popular.monthly_price));

    // Four columns at 1280 px: the four cards share one row.
    const tops = await page
      .locator(".plan-card")
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);

    const cardHeight = await page.locator(`[data-plan="${popular.id}"]`).evaluate((el) => el.clientHeight);
    await annual.click();
    expect(await annual.getAttribute("aria-pressed")).toBe("true");
    expect(await monthly.getAttribute("aria-pressed")).toBe("false");
    expect(await visibleAmount(page, popular.id).textContent()).toBe(formatPrice(popular.annual_price / 12));
    for (const plan of shipped.plans) {
      expect(await visibleAmount(page, plan.id).textContent()).toBe(formatPrice(plan.annual_price / 12));
    }
    expect(
      await page.locator(`[data-plan="${popular.id}"] .plan-card__variant[data-active="true"]`).textContent(),
    ).toContain(shipped.annual_savings_text);
    // Switching the billing period does not move the card.
    expect(await page.locator(`[data-plan="${popular.id}"]`).evaluate((el) => el.clientHeight)).toBe(
      cardHeight,
    );
    await page.screenshot({ path: path.join(screenshots, "plans-annual-desktop.png"), fullPage: true });

    await page
      .locator(`[data-plan="${popular.id}"]`)
      .getByRole("link", { name: new RegExp(`^${shipped.cta_button}`) })
      .click();
    await page.waitForURL(`${server.url}/teste-gratis/${popular.id}?anual=1`);
    await page.getByText(`Plano escolhido: ${popular.id} (cobrança anual)`).waitFor();
    expect(problems).toEqual([]);
  });

  it("a click anywhere on a card follows its link (monthly billing)", async () => {
    await gotoHydrated(page, `${server.url}/planos`);
    const first = shipped.plans[0]!;
    // The button's link is stretched over the card: a click on the limits list lands on it.
    const limits = page.locator(`[data-plan="${first.id}"] .plan-card__limits`);
    await limits.scrollIntoViewIfNeeded();
    const box = (await limits.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("a")?.getAttribute("href") ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe(`/teste-gratis/${first.id}`);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL(`${server.url}/teste-gratis/${first.id}`);
    await page.getByText(`Plano escolhido: ${first.id} (cobrança mensal)`).waitFor();
    expect(problems).toEqual([]);
  });

  it("fits a 390 px phone without horizontal scroll, one card per row", async () => {
    await context.close();
    context = await browser.newContext({ locale: "pt-BR", viewport: { width: 390, height: 844 } });
    page = await context.newPage();
    problems = watchProblems(page);
    await gotoHydrated(page, `${server.url}/planos`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const lefts = await page
      .locator(".plan-card")
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    await page.screenshot({ path: path.join(screenshots, "plans-mobile.png"), fullPage: true });
    expect(problems).toEqual([]);
  });

  it("serves the same document as JSON at /api/json/plans-data, ignoring Authorization", async () => {
    const response = await fetch(`${server.url}/api/json/plans-data`, {
      headers: { Authorization: "Bearer not-a-real-token", Accept: "application/json" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const body = (await response.json()) as PlansData;
    expect(body.plans.map((p) => p.id)).toEqual(shipped.plans.map((p) => p.id));

    const english = (await (await fetch(`${server.url}/api/json/plans-data?lang=en`)).json()) as PlansData;
    expect(english.cta_button).not.toBe(shipped.cta_button);
    const refused = await fetch(`${server.url}/api/json/plans-data?lang=xx`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/idioma não aceito/);
  });
});
