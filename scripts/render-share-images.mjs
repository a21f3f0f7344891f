// Development helper: `node scripts/render-share-images.mjs` turns every public/images/og/*.svg into the
// 1200x630 PNG beside it. Social networks (Facebook, LinkedIn, WhatsApp, X) do not show SVG share
// images, so the page head points at the PNGs; the SVGs stay as their editable source. Run it after
// changing an SVG and commit both.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { ensureDebianTool } from "./outside-tools.mjs";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "images", "og");
const browser = await chromium.launch({
  executablePath: ensureDebianTool("chromium"),
  args: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
  ],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
for (const file of (await readdir(dir)).filter((name) => name.endsWith(".svg")).sort()) {
  await page.goto(pathToFileURL(path.join(dir, file)).href);
  const out = path.join(dir, file.replace(/\.svg$/, ".png"));
  await page.screenshot({ path: out, clip: { x: 0, y: 0, width: 1200, height: 630 } });
  console.log(path.relative(process.cwd(), out));
}
await browser.close();
