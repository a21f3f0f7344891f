// `node bench/load.mjs [seconds]`: requests per second and p99 latency of the production build under
// load (autocannon, 50 connections), as medians of 3 interleaved rounds. The figures that matter are
// the ratios against the first line, the fully rendered page, measured in the same run on the same
// machine; absolute numbers depend on the machine (../shared/ENVIRONMENT.md has reference points).
// autocannon itself tops out around 7–12k req/s on 2 cores, so the cached lines are a lower bound.
import autocannon from "autocannon";
import { startBuiltServer } from "./server.mjs";

const seconds = Number(process.argv[2] ?? 5);
const gzip = { "accept-encoding": "gzip, deflate, br", "accept-language": "pt-BR" };
const scenarios = [
  // A query string keeps a request out of the page cache: the whole React Router render.
  { name: "home, rendered (SSR, gzip on the fly)", path: "/?utm_source=bench", headers: gzip },
  { name: "home, page cache (gzip)", path: "/", headers: gzip },
  { name: "home, page cache (identity)", path: "/", headers: { "accept-language": "pt-BR" } },
  { name: "plans, page cache (gzip)", path: "/planos", headers: gzip },
  { name: "public JSON document (Express)", path: "/api/json/public/hero-section-data", headers: gzip },
];

const server = await startBuiltServer();
try {
  const results = new Map(scenarios.map((s) => [s.name, []]));
  for (const scenario of scenarios) await run(scenario, 1); // warm-up: JIT, content and page caches
  for (let round = 0; round < 3; round++) {
    for (const scenario of scenarios) results.get(scenario.name).push(await run(scenario, seconds));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const baseline = median(results.get(scenarios[0].name).map((r) => r.rps));
  console.log(
    `${"scenario".padEnd(42)} ${"req/s".padStart(8)} ${"p99 ms".padStart(7)} ${"× SSR".padStart(7)}`,
  );
  for (const scenario of scenarios) {
    const rounds = results.get(scenario.name);
    const rps = median(rounds.map((r) => r.rps));
    const p99 = median(rounds.map((r) => r.p99));
    const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `${scenario.name.padEnd(42)} ${rps.toFixed(0).padStart(8)} ${p99.toFixed(0).padStart(7)} ${(rps / baseline).toFixed(1).padStart(7)}${errors ? `  (${errors} errors or non-2xx)` : ""}`,
    );
  }
} finally {
  await server.stop();
}

async function run(scenario, duration) {
  const result = await autocannon({
    url: `${server.url}${scenario.path}`,
    connections: 50,
    duration,
    headers: scenario.headers,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
