// Development helper: `node scripts/screenshot.mjs URL out.png [width]` takes a full-page screenshot in Debian's Chromium.
// SCREENSHOT_TOKEN=<session token> looks at the page signed in (the token of POST /api/auth/login).
// SCREENSHOT_LOCALE=en-US looks at it as a browser in that language (pt-BR otherwise).
import { chromium } from "playwright-core";
import { CHROMIUM_HEADLESS_ARGS, ensureDebianTool } from "./outside-tools.mjs";

const [url, out, width = "1280"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: ensureDebianTool("chromium"),
  args: CHROMIUM_HEADLESS_ARGS,
});
const page = await browser.newPage({
  viewport: { width: Number(width), height: 900 },
  locale: process.env.SCREENSHOT_LOCALE ?? "pt-BR",
});
if (process.env.SCREENSHOT_TOKEN) {
  await page.setExtraHTTPHeaders({ Authorization: `Bearer ${process.env.SCREENSHOT_TOKEN}` });
}
const errors = [];
page.on("console", (m) => {
  if (m.type() === "error" || m.type() === "warning") errors.push(m.text());
});
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(url, { waitUntil: "networkidle" });
console.log("hydrated:", await page.evaluate(() => Boolean(window.__reactRouterRouteModules)));
await page.screenshot({ path: out, fullPage: true });
console.log(errors.join("\n"));
await browser.close();
