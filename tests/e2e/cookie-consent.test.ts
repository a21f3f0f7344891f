import { mkdirSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "@server/paths.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "../support/axe.ts";
import { gotoHydrated, launchBrowser, watchProblems } from "../support/browser.ts";
import { demoTokens, postForm, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const screenshots = path.join(projectRoot, "tests/.tmp/screenshots");
const GA4 = "G-AB12CD34EF";
const PIXEL = "123456789012345";
/** The vendors' hosts: unreachable here, so the browser's requests are answered by the test. */
const TAG_HOSTS = /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\//;

/**
 * The cookie choice in Chromium (decision 123), with GA4 and the Meta Pixel turned on in the admin:
 * a fresh visitor is asked before anything optional is set; 'Rejeitar' loads no tag and sets no
 * optional cookie over two pages; 'Aceitar todos' loads both and keeps the first touch; the footer
 * reopens the choice; a new version of the list, or the browser's privacy signal, is honoured.
 */
describe("the cookie choice and the marketing tags in Chromium", () => {
  let server: ServerProcess;
  let browser: Browser;
  let adminToken: string;

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    [server, browser] = await Promise.all([startServerProcess(), launchBrowser([], { askConsent: true })]);
    adminToken = (await demoTokens(server)).admin;
    const saved = await postForm(
      server.url,
      "/admin/cookies",
      { version: "0", ga4: GA4, metaPixel: PIXEL },
      adminToken,
    );
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh visitor: its tag requests answered with an empty script and counted. */
  async function visitor(width: number, init?: () => void) {
    const context = await browser.newContext({
      locale: "pt-BR",
      viewport: { width, height: 844 },
      bypassCSP: true,
    });
    if (init) await context.addInitScript(init);
    const tagRequests: string[] = [];
    await context.route(TAG_HOSTS, (route) => {
      tagRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/javascript", body: "/* tag */" });
    });
    const page = await context.newPage();
    return { context, page, tagRequests, problems: watchProblems(page) };
  }
  const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();
  const choiceDialog = (page: Page) => page.getByRole("dialog", { name: "Sua privacidade" });

  it("a fresh visitor at 390 px is asked first, with nothing optional set, and the chat button free", async () => {
    const { context, page, tagRequests, problems } = await visitor(390);
    await gotoHydrated(page, `${server.url}/?utm_source=news&gclid=abc`);
    await choiceDialog(page).waitFor();
    expect(await cookieNames(context)).toEqual([]);
    expect(tagRequests).toEqual([]);
    // Accept and reject: the same size and weight.
    const accept = page.getByRole("button", { name: "Aceitar todos" });
    const reject = page.getByRole("button", { name: "Rejeitar" });
    const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(Math.round(a!.height)).toBe(Math.round(r!.height));
    expect(Math.abs(a!.width - r!.width)).toBeLessThan(2);
    const weights = await Promise.all(
      [accept, reject].map((button) => button.evaluate((el) => getComputedStyle(el).fontWeight)),
    );
    expect(weights[0]).toBe(weights[1]);
    // The chat button (in the header's bar on a phone) is not under the choice.
    const chat = await page.locator(".chat-button").boundingBox();
    const banner = await choiceDialog(page).boundingBox();
    expect(chat!.y + chat!.height).toBeLessThanOrEqual(banner!.y);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshots, "cookie-choice-390.png") });
    // 'Personalizar' shows the categories, Necessários always on.
    await page.getByRole("button", { name: "Personalizar" }).click();
    await expect.poll(() => page.getByRole("checkbox", { name: /Necessários/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /Necessários/ }).isDisabled()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /Medição/ }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: /Marketing/ }).isChecked()).toBe(false);
    await page.screenshot({ path: path.join(screenshots, "cookie-choice-customise-390.png") });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a form's send button scrolled to is never under the choice", async () => {
    const { context, page } = await visitor(390);
    await gotoHydrated(page, `${server.url}/contato`);
    await choiceDialog(page).waitFor();
    const send = page.locator("main form button[type=submit]").first();
    await send.evaluate((el) => el.scrollIntoView({ block: "end" }));
    const button = await send.boundingBox();
    const banner = await choiceDialog(page).boundingBox();
    expect(button!.y + button!.height).toBeLessThanOrEqual(banner!.y + 1);
    await context.close();
  });

  it("'Rejeitar', then two pages: no tag requested and no optional cookie; the choice recorded", async () => {
    const { context, page, tagRequests, problems } = await visitor(1280);
    await gotoHydrated(page, `${server.url}/?utm_source=news&gclid=abc`);
    await page.screenshot({ path: path.join(screenshots, "cookie-choice-1280.png") });
    await page.getByRole("button", { name: "Rejeitar" }).click();
    await choiceDialog(page).waitFor({ state: "detached" });
    for (const next of ["/planos", "/contato"]) {
      await gotoHydrated(page, `${server.url}${next}`);
      expect(await choiceDialog(page).count()).toBe(0);
    }
    expect(tagRequests).toEqual([]);
    expect(await cookieNames(context)).toEqual(["vertice_consent"]);
    const visitorId = (await context.cookies())[0]!.value.split(".")[0]!;
    await expect
      .poll(async () => {
        const csv = await fetch(`${server.url}/admin/consentimentos.csv`, {
          headers: { Authorization: `Bearer ${adminToken}` },
        });
        return (await csv.text()).split("\n").find((line) => line.includes(visitorId)) ?? "";
      })
      .toMatch(/,1:ga4\+metaPixel,não,não,reject_all,\/,/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("'Aceitar todos': GA4 and the Meta Pixel requested, Consent Mode granted, the first touch kept", async () => {
    const { context, page, tagRequests } = await visitor(1280);
    await gotoHydrated(page, `${server.url}/?utm_source=news&gclid=abc`);
    await page.getByRole("button", { name: "Aceitar todos" }).click();
    await expect.poll(() => tagRequests.length).toBe(2);
    expect(
      tagRequests.some((url) => url.startsWith(`https://www.googletagmanager.com/gtag/js?id=${GA4}`)),
    ).toBe(true);
    expect(tagRequests.some((url) => url.startsWith("https://connect.facebook.net/en_US/fbevents.js"))).toBe(
      true,
    );
    const consent = await page.evaluate(() =>
      ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry))
        .filter((entry) => entry[0] === "consent"),
    );
    expect(consent[0]).toEqual([
      "consent",
      "default",
      expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied" }),
    ]);
    expect(consent.at(-1)).toEqual([
      "consent",
      "update",
      expect.objectContaining({ analytics_storage: "granted", ad_user_data: "granted" }),
    ]);
    await expect.poll(() => cookieNames(context)).toEqual(["vertice_consent", "vertice_ft"]);
    const firstTouch = (await context.cookies()).find((c) => c.name === "vertice_ft")!;
    expect(decodeURIComponent(firstTouch.value)).toContain('"gclid":"abc"');
    // The next page asks nothing and loads the tags at once.
    await gotoHydrated(page, `${server.url}/planos`);
    expect(await choiceDialog(page).count()).toBe(0);
    await expect.poll(() => tagRequests.length).toBe(4);

    // 'Preferências de cookies' in the footer reopens it; rejecting now removes the first touch.
    await page.getByRole("link", { name: "Preferências de cookies" }).click();
    await choiceDialog(page).waitFor();
    expect(await page.getByRole("checkbox", { name: /Medição/ }).isChecked()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/planos");
    await page.getByRole("checkbox", { name: /Marketing/ }).uncheck();
    await page.getByRole("checkbox", { name: /Medição/ }).uncheck();
    await page.getByRole("button", { name: "Salvar preferências" }).click();
    await choiceDialog(page).waitFor({ state: "detached" });
    await expect.poll(() => cookieNames(context)).toEqual(["vertice_consent"]);
    expect(
      await page
        .getByRole("link", { name: "Preferências de cookies" })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await context.close();
  });

  it("a choice made against another version of the list is asked again", async () => {
    const { context, page } = await visitor(1280);
    await context.addCookies([
      {
        name: "vertice_consent",
        value: "0b6f3c1e-8a4d-4c2b-9f1e-2d3c4b5a6f70.1.11.accept_all.1796000000",
        url: server.url,
      },
    ]);
    await gotoHydrated(page, server.url);
    await choiceDialog(page).waitFor();
    await context.close();
  });

  it("Global Privacy Control is a refusal: nothing asked, no tag, the choice recorded as the browser's", async () => {
    const { context, page, tagRequests } = await visitor(1280, () => {
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true });
    });
    await gotoHydrated(page, server.url);
    await expect.poll(() => cookieNames(context)).toEqual(["vertice_consent"]);
    expect(await choiceDialog(page).count()).toBe(0);
    expect((await context.cookies())[0]!.value).toMatch(/\.00\.browser_signal\./);
    expect(tagRequests).toEqual([]);
    await context.close();
  });
});
