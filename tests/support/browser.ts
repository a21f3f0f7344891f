import { type Browser, chromium, type Page } from "playwright-core";
import { DEBIAN_TOOLS } from "../../scripts/outside-tools.mjs";

/** Debian's Chromium, driven by playwright-core; never a downloaded browser (e2e-setup.ts installs it). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEBIAN_TOOLS.chromium.binary;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * Opens a page and waits until React has hydrated it (root.tsx marks <html data-hydrated>), which is
 * what a test needs before it clicks, rather than a half-second of network silence.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "load" });
  await waitHydrated(page);
}

/** Waits until the current document is hydrated (after a reload, a back navigation or a redirect). */
export async function waitHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
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
