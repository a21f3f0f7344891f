import { ensureDebianTool } from "../../scripts/outside-tools.mjs";
import { startSharedBrowser } from "./browser.ts";
import buildSite from "./global-setup.ts";

/**
 * End-to-end tests drive Debian's Chromium headless shell (decision 141): install it first when
 * missing (and this run may), or stop the run with one line that says how, before any test file
 * starts a server. Then one Chromium for every test file of the run (browser.ts).
 */
export default async function setup() {
  ensureDebianTool("chromium-headless-shell");
  const teardownSite = buildSite();
  const closeBrowser = await startSharedBrowser();
  return async () => {
    await closeBrowser();
    await teardownSite?.();
  };
}
