import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { CHROMIUM_SHELL_ARGS, DEBIAN_TOOLS } from "../../scripts/outside-tools.mjs";
import { consentCookie } from "./consent.ts";
import { nextSignInCode, rememberRecoveryCodes, setupCode } from "./two-factor.ts";

/**
 * Debian's Chromium as its headless shell (decision 141), driven by playwright-core; never a
 * downloaded browser (e2e-setup.ts installs it).
 */
const SHELL = DEBIAN_TOOLS["chromium-headless-shell"];
export const CHROMIUM_PATH = process.env[SHELL.envVar] ?? SHELL.binary;

const CHROMIUM_ARGS = [
  ...CHROMIUM_SHELL_ARGS,
  // One renderer per page rather than per site within it: fewer processes to start on two cores.
  "--disable-site-isolation-trials",
  "--disable-features=IsolateOrigins,site-per-process",
];

/**
 * The run's Chromium, which e2e-setup.ts starts once and names here (its WebSocket address): the
 * test files connect to it instead of starting one each; each file's contexts are its own and end
 * when it disconnects.
 */
const SHARED_BROWSER_VARIABLE = "SITE_TEST_BROWSER_WS";

/** For the e2e global setup: one Chromium for the run's test files, with the teardown that ends it. */
export async function startSharedBrowser(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  process.env[SHARED_BROWSER_VARIABLE] = server.wsEndpoint();
  return async () => {
    delete process.env[SHARED_BROWSER_VARIABLE];
    await server.close();
  };
}

/**
 * A browser for a test file: the run's shared Chromium when there is one, or one of its own when
 * it needs other command-line switches (or runs without the e2e setup). close() on a shared one
 * only disconnects.
 */
/**
 * A visitor's browser name. Headless Chromium names itself HeadlessChrome, which isbot counts as a
 * bot, and a beacon sent as a page is left carries the browser's own name, not a context's override:
 * a test that needs the funnel to count its visitor starts Chromium with this name.
 */
export const VISITOR_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

export async function launchBrowser(
  extraArgs: string[] = [],
  options: { askConsent?: boolean } = {},
): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_VARIABLE];
  const browser =
    shared && extraArgs.length === 0
      ? await chromium.connect(shared)
      : await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
  return options.askConsent ? browser : withCookieChoiceMade(browser);
}

/**
 * A visitor who already answered the cookie choice (decision 123) with 'Aceitar todos', as the tests
 * before it saw the site: the first touch kept, no banner over what they click. The consent tests
 * ask for a browser without it (`askConsent`).
 */
function withCookieChoiceMade(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    await context.addInitScript((cookie: string) => {
      try {
        if (!document.cookie.includes("vertice_consent="))
          document.cookie = `${cookie}; Path=/; SameSite=Lax`;
      } catch {}
    }, consentCookie());
    return context;
  };
  return browser;
}

/**
 * Opens a page and waits until React has hydrated it (root.tsx marks <html data-hydrated>), which is
 * what a test needs before it clicks, rather than a half-second of network silence.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "load" });
  await waitHydrated(page);
}

/**
 * Scrolls a part of an island page into view and waits until React has hydrated its island: a part
 * below the fold is hydrated only when it comes near the screen (decision 114).
 */
export async function hydratedInView(part: Locator): Promise<void> {
  await part.scrollIntoViewIfNeeded();
  await part
    .page()
    .waitForFunction(
      (element) => element?.closest("[data-island]")?.getAttribute("data-island-hydrated") === "true",
      await part.elementHandle(),
    );
}

/**
 * Scrolls each island of the page into view and waits until it is hydrated (islands below the fold
 * hydrate when they come near the viewport, decision 114). Returns how many islands the page has.
 */
export async function hydrateAllIslands(page: Page): Promise<number> {
  const islands = page.locator("[data-island]");
  const count = await islands.count();
  for (let i = 0; i < count; i++) {
    const island = islands.nth(i);
    await island.evaluate((element) =>
      (element.firstElementChild ?? element).scrollIntoView({ block: "center" }),
    );
    await expect.poll(() => island.getAttribute("data-island-hydrated")).toBe("true");
  }
  return count;
}

/** Waits until the current document is hydrated (after a reload, a back navigation or a redirect). */
export async function waitHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Signs in through the login page as a person does. With `to`, the login is asked to go there
 * (redirectTo) and this waits for that page, hydrated; without, for any page but the login. A staff
 * account passes its second factor (decision 112): the set-up page the first time (its secret read
 * from the page, as an app scans it), the 'Código' step afterwards.
 */
export async function signInThroughLogin(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string },
  to?: string,
): Promise<void> {
  await gotoHydrated(page, `${baseUrl}/login${to ? `?redirectTo=${encodeURIComponent(to)}` : ""}`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Senha", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  // The login page's own 'Código' step (the set-up page and /dashboard have headings of that name too).
  const codeStep = page.locator("#login-code");
  // The one that loses keeps waiting until its own time-out: both settle quietly.
  const outcome = await Promise.race([
    page
      .waitForURL((url) => url.pathname !== "/login")
      .then(
        () => "left" as const,
        () => "timeout" as const,
      ),
    codeStep.waitFor().then(
      () => "code" as const,
      () => "timeout" as const,
    ),
  ]);
  if (outcome === "timeout") throw new Error("the login neither left the page nor asked for a code");
  if (outcome === "code") {
    await page.getByLabel("Código").fill(await nextSignInCode(baseUrl, account.email));
    await page.getByRole("button", { name: "Verificar" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
  } else if (new URL(page.url()).pathname === "/conta/dois-fatores") {
    const secret = (await page.getByTestId("totp-secret").textContent())?.replace(/\s/g, "") ?? "";
    await page.getByLabel("Código").fill(await setupCode(baseUrl, account.email, secret));
    await page.getByRole("button", { name: "Ativar" }).click();
    await page.locator(".recovery-codes li").first().waitFor();
    const codes = await page.locator(".recovery-codes li").allTextContents();
    rememberRecoveryCodes(baseUrl, account.email, codes);
    await page.getByRole("link", { name: "Continuar" }).click();
    await page.waitForURL((url) => url.pathname !== "/conta/dois-fatores");
  }
  if (!to) return;
  await page.waitForURL(`${baseUrl}${to}`);
  await waitHydrated(page);
}

/**
 * A new browser context (Portuguese, `width` wide) with a page signed in at `to`. `bypassCSP` lets
 * axe be injected as a script, which the pages' policy (rightly) refuses.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  account: { email: string; password: string },
  to: string,
  options: { width?: number; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: "pt-BR",
    viewport: { width: options.width ?? 1280, height: 900 },
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  await signInThroughLogin(page, baseUrl, account, to);
  return { context, page };
}

/** Collects what would show in the console as a problem: errors, CSP violations, uncaught exceptions. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  return problems;
}

/**
 * Waits for a server being started and a new browser together. When either fails the other is
 * stopped before the error goes on, so a failed run leaves no server process listening.
 */
export async function withBrowser<S extends { stop(): Promise<unknown> }>(
  starting: Promise<S>,
): Promise<[S, Browser]> {
  const [server, browser] = await Promise.allSettled([starting, launchBrowser()]);
  if (server.status === "fulfilled" && browser.status === "fulfilled") return [server.value, browser.value];
  if (server.status === "fulfilled") await server.value.stop();
  if (browser.status === "fulfilled") await browser.value.close();
  throw server.status === "rejected" ? server.reason : (browser as PromiseRejectedResult).reason;
}

/**
 * A visitor sends the contact form on `baseUrl`/contato, as in the browser, and reads the protocol
 * the success screen shows.
 */
export async function sendContactForm(
  page: Page,
  baseUrl: string,
  visitor: { name: string; email: string; message?: string },
): Promise<string> {
  await gotoHydrated(page, `${baseUrl}/contato`);
  await page.getByLabel("Nome Completo").fill(visitor.name);
  await page.getByLabel("Email").fill(visitor.email);
  await page.getByLabel("Mensagem").fill(visitor.message ?? "Quero uma proposta para a minha empresa.");
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  return (await page.getByTestId("protocolo").textContent()) ?? "";
}
