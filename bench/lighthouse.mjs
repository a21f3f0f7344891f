// `npm run bench:lighthouse [-- path ...]`: Lighthouse 12 against the production build in Debian's
// Chromium, mobile (its default throttling) and desktop, each page LH_RUNS times (default 3) in
// interleaved rounds; the table holds the medians. In the same run, the stock React Router 7 page of
// bench/baseline (nothing of ours) is measured as the baseline: what this machine gives the
// framework's floor. Budgets in bench/budgets.json ("lighthouse"); exit 1 when one is missed.
import { readFileSync } from "node:fs";
import { CHROMIUM_HEADLESS_ARGS, ensureDebianTool, importOnDemand } from "../scripts/outside-tools.mjs";
import { startBaseline } from "./baseline/server.mjs";
import { startBuiltServer } from "./server.mjs";

// The baseline is served in this process: React Router's production build, as the site's.
process.env.NODE_ENV ??= "production";

// Lighthouse is not a dependency of the project (it pins a tree npm ci cannot keep in sync with
// ours): it is installed on demand (npm install --no-save), and so is Debian's Chromium.
const [chromeLauncher, { default: lighthouse }] = await importOnDemand([
  { name: "chrome-launcher", spec: "chrome-launcher@1" },
  { name: "lighthouse", spec: "lighthouse@12" },
]);
const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
const chromePath = process.env.CHROME_PATH ?? ensureDebianTool("chromium");

const DEFAULT_PAGES = [
  "/",
  "/planos",
  "/demonstracao",
  "/contato",
  "/blog",
  "/blog/como-escolher-um-erp",
  "/sobre",
  "/politicas",
  "/mapa-parceiros",
];
const pages = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PAGES;
const runs = Number(process.env.LH_RUNS ?? 3);
const formFactors = (process.env.LH_FORM_FACTORS ?? "mobile,desktop").split(",");
// LH_LONG_TASKS=1 prints each run's long tasks (what a TBT is made of), with the script each ran.
const showLongTasks = process.env.LH_LONG_TASKS === "1";
const budgets = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")).lighthouse;

const [server, baseline] = await Promise.all([startBuiltServer(), startBaseline()]);
const chrome = await chromeLauncher.launch({
  chromePath,
  // A Brazilian visitor's browser: an English one is taken from an unprefixed page to its /en address
  // by the language redirect (decision 122), and the run would measure two pages for one.
  chromeFlags: [...CHROMIUM_HEADLESS_ARGS, "--lang=pt-BR", "--accept-lang=pt-BR"],
});

/** One Lighthouse run: the figures the table and the budgets use. */
async function measure(url, formFactor, attempt = 1) {
  const { lhr } = await lighthouse(
    url,
    {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    },
    formFactor === "desktop" ? desktopConfig : undefined,
  );
  if (lhr.runtimeError) {
    // Lighthouse's own trace sometimes fails (NO_NAVSTART, NO_FCP on a busy machine): run it again.
    if (attempt < 3) return measure(url, formFactor, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
    (i) => i.resourceType === "Script",
  );
  if (showLongTasks) {
    const tasks = lhr.audits["long-tasks"]?.details?.items ?? [];
    console.log(`${url} ${formFactor}: ${tasks.length} long tasks`);
    for (const task of tasks)
      console.log(`  at ${task.startTime.toFixed(0)} ms, ${task.duration.toFixed(0)} ms: ${task.url}`);
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    jsKb: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const targets = [
  { label: "baseline (stock RR7)", url: `${baseline.url}/`, baseline: true },
  ...pages.map((page) => ({ label: page, url: `${server.url}${page}` })),
];
const missed = [];
try {
  // Warm the page and content caches first: the figures are the steady state.
  for (const target of targets) await fetch(target.url);
  for (const formFactor of formFactors) {
    const results = new Map(targets.map((t) => [t.label, []]));
    for (let round = 0; round < runs; round++) {
      for (const target of targets) results.get(target.label).push(await measure(target.url, formFactor));
    }
    console.log(`\nLighthouse ${formFactor}, median of ${runs}`);
    console.log(`${"page".padEnd(28)} perf  a11y  best  seo   LCP ms  TBT ms  CLS    JS KB (transfer)`);
    const budget = budgets[formFactor] ?? {};
    for (const target of targets) {
      const list = results.get(target.label);
      const m = Object.fromEntries(Object.keys(list[0]).map((key) => [key, median(list.map((r) => r[key]))]));
      console.log(
        `${target.label.padEnd(28)} ${String(m.performance).padStart(4)}  ${String(m.accessibility).padStart(4)}  ${String(m.bestPractices).padStart(4)}  ${String(m.seo).padStart(4)}  ${m.lcp.toFixed(0).padStart(7)} ${m.tbt.toFixed(0).padStart(7)}  ${m.cls.toFixed(3)}  ${m.jsKb.toFixed(0).padStart(6)}`,
      );
      if (target.baseline) continue;
      const check = (ok, what) => ok || missed.push(`${formFactor} ${target.label}: ${what}`);
      if (budget.minPerformance !== undefined)
        check(
          m.performance >= budget.minPerformance,
          `performance ${m.performance} < ${budget.minPerformance}`,
        );
      if (budget.minAccessibility !== undefined)
        check(
          m.accessibility >= budget.minAccessibility,
          `accessibility ${m.accessibility} < ${budget.minAccessibility}`,
        );
      if (budget.maxLcpMs !== undefined)
        check(m.lcp <= budget.maxLcpMs, `LCP ${m.lcp.toFixed(0)} ms > ${budget.maxLcpMs}`);
      if (budget.maxTbtMs !== undefined)
        check(m.tbt <= budget.maxTbtMs, `TBT ${m.tbt.toFixed(0)} ms > ${budget.maxTbtMs}`);
      if (budget.maxCls !== undefined)
        check(m.cls <= budget.maxCls, `CLS ${m.cls.toFixed(3)} > ${budget.maxCls}`);
    }
  }
} finally {
  await chrome.kill();
  await Promise.all([server.stop(), baseline.stop()]);
}
if (missed.length) {
  console.log(`\nBudgets missed (bench/budgets.json):\n- ${missed.join("\n- ")}`);
  process.exit(1);
}
console.log("\nEvery Lighthouse budget is met.");
