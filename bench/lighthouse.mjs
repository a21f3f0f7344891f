// `node bench/lighthouse.mjs [path ...]`: Lighthouse 12 (mobile, its default throttling) against the
// production build in Debian's Chromium: category scores, LCP, TBT, CLS and the JavaScript transferred.
// ../shared/ENVIRONMENT.md has the stock React Router page as a reference (score 99, LCP 1.8 s, CLS 0).
import { ensureDebianTool, importOnDemand } from "../scripts/outside-tools.mjs";
import { startBuiltServer } from "./server.mjs";

// Lighthouse is not a dependency of the project (it pins a tree npm ci cannot keep in sync with
// ours): it is installed on demand (npm install --no-save), and so is Debian's Chromium.
const [chromeLauncher, { default: lighthouse }] = await importOnDemand([
  { name: "chrome-launcher", spec: "chrome-launcher@1" },
  { name: "lighthouse", spec: "lighthouse@12" },
]);
const chromePath = process.env.CHROME_PATH ?? ensureDebianTool("chromium");

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/planos", "/demonstracao"];
const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  console.log(`${"page".padEnd(16)} perf  a11y  best  seo   LCP ms  TBT ms  CLS    JS KB (transfer)`);
  for (const page of paths) {
    // Warm the page cache and the content cache first: the figure is the steady state.
    await fetch(`${server.url}${page}`);
    const { lhr } = await lighthouse(`${server.url}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (lhr.runtimeError) {
      console.log(
        `${page.padEnd(16)} Lighthouse failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
      continue;
    }
    const score = (id) => String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(4);
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
      (item) => item.resourceType === "Script",
    );
    const jsKb = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
    if (process.env.LH_DETAILS) {
      const lcp = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
      console.log(
        JSON.stringify({
          fcp: audit("first-contentful-paint"),
          si: audit("speed-index"),
          lcp: lcp.flatMap((i) => i.items ?? i).slice(0, 3),
        }).slice(0, 1500),
      );
      const blocking = lhr.audits["render-blocking-resources"]?.details?.items ?? [];
      console.log("render-blocking", JSON.stringify(blocking.map((b) => [b.url, b.wastedMs])));
      console.log(
        "bootup",
        lhr.audits["bootup-time"]?.numericValue,
        "mainthread",
        lhr.audits["mainthread-work-breakdown"]?.numericValue,
      );
    }
    console.log(
      `${page.padEnd(16)} ${score("performance")}  ${score("accessibility")}  ${score("best-practices")}  ${score("seo")}  ${audit("largest-contentful-paint").toFixed(0).padStart(7)} ${audit("total-blocking-time").toFixed(0).padStart(7)}  ${audit("cumulative-layout-shift").toFixed(3)}  ${jsKb.toFixed(0).padStart(6)}`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
}
