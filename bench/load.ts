// `npm run bench:load [seconds] [-- --embedded]`: the production build under wrk (50 connections,
// one thread), the server pinned to core 0 and wrk to core 1, 3 interleaved rounds of `seconds`
// (default 10) per scenario; the table holds the medians. nginx, on the server's core, serves the
// same home bytes (identity, gzip_static, brotli) in the same run as the ceiling the cached pages
// are measured against. The database is a fresh PostgreSQL one (TEST_DATABASE_URL, or
// postgres://root@127.0.0.1:5432/test), or the embedded one with --embedded. Budgets in
// bench/budgets.json ("load"); exit 1 when one is missed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Signer } from "@server/secrets.ts";

import { createPostgresDatabase, dropCreatedDatabases } from "../tests/support/databases.ts";
import { startVarnish } from "../tests/support/varnish.ts";
import { contactFormBody } from "./contact-form.ts";
import { startNodeHttp } from "./node-http.mjs";
import { startBuiltServer } from "./server.mjs";
import { startNginx, type WrkResult, wrk } from "./wrk.mjs";

const args = process.argv.slice(2);
const embedded = args.includes("--embedded");
const seconds = Number(args.find((a) => /^\d+$/.test(a)) ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const budgets = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")).load as Record<
  string,
  number
>;
const root = path.resolve(import.meta.dirname, "..");
const SECRET = "bench-load-secret-0123456789abcdef01234";
const LOGIN = { email: "bench@example.com", password: "bench-password-123" };
const work = mkdtempSync(path.join(tmpdir(), "bench-load-"));

const databaseUrl = embedded
  ? null
  : await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test");
const env: Record<string, string> = {
  SESSION_SECRET: SECRET,
  FORM_RATE_LIMIT_PER_MINUTE: "1000000000",
  LOGIN_RATE_LIMIT_PER_MINUTE: "1000000000",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-")) }),
};
// The account the login scenario signs in to, created with the project's own command.
execFileSync(
  process.execPath,
  [
    path.join(root, "build/server-main/cli.js"),
    "user-create",
    "--email",
    LOGIN.email,
    "--password",
    LOGIN.password,
    "--role",
    "customer",
    "--company",
    "11.222.333/0001-81",
  ],
  {
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: "ignore",
  },
);
const server = await startBuiltServer(env, { cpu: 0 });

// The home page's bytes, as the page cache holds them, for nginx to serve.
const home = Buffer.from(
  await (
    await fetch(`${server.url}/`, { headers: { "accept-language": "pt-BR", "accept-encoding": "identity" } })
  ).arrayBuffer(),
);
// Varnish with deploy/varnish's VCL in front of the server, on the server's core as nginx is: what a
// shared cache answers for the same page (decision 122), against nginx serving its bytes. Varnish's
// own thread pools (2 × 100 threads, as a deployment runs it), not the tests' few threads.
const varnish = await startVarnish({
  backends: [{ host: "127.0.0.1", port: Number(new URL(server.url).port) }],
  cpu: "0",
  storageMb: 256,
  probe: { intervalMs: 1_000, timeoutMs: 2_000 },
  params: (process.env.BENCH_VARNISH_PARAMS ?? "thread_pools=2 thread_pool_min=100")
    .split(/\s+/)
    .filter(Boolean),
});
/** The page's headers as Varnish gives them to a browser (its surrogate keys removed). */
const answerHeaders = (answer: Response, drop: string[]) =>
  [...answer.headers].filter(
    ([name]) =>
      ![
        "date",
        "connection",
        "keep-alive",
        "content-length",
        "content-encoding",
        "transfer-encoding",
        ...drop,
      ].includes(name),
  );
const throughVarnish = await fetch(`${varnish.url}/`, { headers: { "accept-encoding": "gzip" } });
await throughVarnish.arrayBuffer();
const nginx = await startNginx(
  {
    "home.html": home,
    "home.html.gz": gzipSync(home, { level: 9 }),
    "br/home.html": brotliCompressSync(home, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  },
  { cpu: "0", headers: answerHeaders(throughVarnish, ["age", "x-cache", "accept-ranges"]) },
);

// The same bytes from node:http with the page's own headers: what Node's HTTP stack costs alone.
const hit = await fetch(`${server.url}/`, { headers: { "accept-language": "pt-BR" } });
await hit.arrayBuffer();
const hitHeaders = answerHeaders(hit, []).flat();
const nodeHttp = await startNodeHttp(
  { plain: home, gzip: gzipSync(home, { level: 9 }), headers: hitHeaders },
  { cpu: "0" },
);

// Lua for the POST scenarios: each request the next body of a file written here, from BODY_OFFSET on
// (each run continues where the last one stopped: a lead body sent again is a repeat, not a new lead).
const postScript = path.join(work, "post.lua");
writeFileSync(
  postScript,
  `local bodies = {}
for line in io.lines(os.getenv("BODIES")) do bodies[#bodies + 1] = line end
local i = tonumber(os.getenv("BODY_OFFSET") or "0")
request = function()
  i = i + 1
  return wrk.format("POST", os.getenv("POST_PATH"), { ["Content-Type"] = "application/json" }, bodies[(i - 1) % #bodies + 1])
end
`,
);
const signer = new Signer(SECRET);
/** Contact forms, each a new visitor's (own request key and form token, shown 10 s before). */
const leadBodies = path.join(work, "leads.jsonl");
writeFileSync(
  leadBodies,
  Array.from({ length: Math.max(20_000, 1_500 * seconds * (rounds + 1)) }, (_, i) =>
    contactFormBody(signer, i),
  ).join("\n"),
);
/** The mixed scenario's submissions: other visitors than the intake scenario's (no body is sent twice). */
const mixedBodies = path.join(work, "mixed-leads.jsonl");
writeFileSync(
  mixedBodies,
  Array.from({ length: Math.max(20_000, 1_000 * seconds * (rounds + 1)) }, (_, i) =>
    contactFormBody(signer, 1_000_000 + i),
  ).join("\n"),
);
const loginBodies = path.join(work, "login.jsonl");
writeFileSync(loginBodies, JSON.stringify(LOGIN));

const pt = { "accept-language": "pt-BR" };
const gzip = { ...pt, "accept-encoding": "gzip" };
const browser = { ...pt, "accept-encoding": "gzip, deflate, br, zstd" };

interface Scenario {
  name: string;
  url: string;
  headers?: Record<string, string>;
  post?: { path: string; bodies: string };
  /** The scenario whose req/s this one is compared with. */
  ceiling?: string;
  /** What the first answer must show, so that the line measures what it says. */
  /** `cache: null`: the answer must not come from the page cache. */
  expect?: { status?: number; encoding?: string | null; cache?: string | null };
  /** Run while the login scenario loads the server from a second wrk (10 connections here). */
  underLogin?: boolean;
  /** How long wrk waits for an answer before it counts a failure (default 10 s). */
  timeoutSeconds?: number;
  /** wrk connections (default 50). */
  connections?: number;
  /**
   * A scenario run beside this one, from a second wrk, whose figures are its own line (listed
   * after this one, never run alone): the mixed scenario's submissions beside its page loads.
   */
  companion?: Scenario;
}
const s = server.url;
// A query the page cache does not know (campaign tags would be answered from it): every request renders.
const renderedHome = `${s}/?bench=render`;
const scenarios: Scenario[] = [
  { name: "nginx, home (identity)", url: `${nginx.url}/home.html`, headers: pt },
  {
    name: "nginx, home (gzip_static)",
    url: `${nginx.url}/home.html`,
    headers: gzip,
    expect: { encoding: "gzip" },
  },
  {
    name: "nginx, home (brotli file)",
    url: `${nginx.url}/br/home.html`,
    headers: browser,
    expect: { encoding: "br" },
  },
  {
    name: "nginx, home (gzip_static, the page's headers)",
    url: `${nginx.url}/page/home.html`,
    headers: gzip,
    expect: { encoding: "gzip" },
  },
  {
    name: "nginx, home (brotli file, the page's headers)",
    url: `${nginx.url}/page/br/home.html`,
    headers: browser,
    expect: { encoding: "br" },
  },
  {
    name: "varnish, home (gzip)",
    url: `${varnish.url}/`,
    headers: gzip,
    ceiling: "nginx, home (gzip_static, the page's headers)",
    expect: { encoding: "gzip" },
  },
  {
    name: "varnish, home (brotli)",
    url: `${varnish.url}/`,
    headers: browser,
    ceiling: "nginx, home (brotli file, the page's headers)",
    expect: { encoding: "br" },
  },
  { name: "node:http, home (identity)", url: `${nodeHttp.url}/`, headers: pt },
  {
    name: "node:http, home (gzip)",
    url: `${nodeHttp.url}/`,
    headers: gzip,
    expect: { encoding: "gzip" },
  },
  {
    name: "home, cache (identity)",
    url: `${s}/`,
    headers: pt,
    ceiling: "nginx, home (identity)",
    expect: { cache: "hit", encoding: null },
  },
  {
    name: "home, cache (gzip)",
    url: `${s}/`,
    headers: gzip,
    ceiling: "nginx, home (gzip_static)",
    expect: { cache: "hit", encoding: "gzip" },
  },
  {
    name: "home, cache (brotli)",
    url: `${s}/`,
    headers: browser,
    ceiling: "nginx, home (brotli file)",
    expect: { cache: "hit", encoding: "br" },
  },
  {
    name: "segment home, cache (gzip)",
    url: `${s}/`,
    headers: { ...gzip, host: "industria.localhost" },
    ceiling: "nginx, home (gzip_static)",
    expect: { cache: "hit", encoding: "gzip" },
  },
  {
    name: "/planos, cache (gzip)",
    url: `${s}/planos`,
    headers: gzip,
    ceiling: "nginx, home (gzip_static)",
    expect: { cache: "hit", encoding: "gzip" },
  },
  {
    name: "blog post, cache (gzip)",
    url: `${s}/blog/como-escolher-um-erp`,
    headers: gzip,
    ceiling: "nginx, home (gzip_static)",
    expect: { cache: "hit", encoding: "gzip" },
  },
  {
    name: "home, rendered (gzip)",
    url: renderedHome,
    headers: gzip,
    expect: { encoding: "gzip", cache: null },
  },
  // A page of each public kind (decision 106): what campaigns land on must come from the cache too.
  ...(
    [
      ["form page", "/demonstracao"],
      ["contact page", "/contato"],
      ["blog list", "/blog"],
      ["blog list, filtered", "/blog?categoria=ERP"],
      ["content page", "/crm"],
      ["map page", "/mapa-parceiros"],
    ] as const
  ).map(
    ([kind, pagePath]): Scenario => ({
      name: `${kind}, cache (gzip)`,
      url: `${s}${pagePath}`,
      headers: gzip,
      ceiling: "node:http, home (gzip)",
      expect: { cache: "hit", encoding: "gzip" },
    }),
  ),
  { name: "public JSON API (gzip)", url: `${s}/api/json/public/hero-section-data`, headers: gzip },
  {
    name: "login API",
    url: `${s}/api/auth/login`,
    post: { path: "/api/auth/login", bodies: loginBodies },
    // 50 connections share ~3 hashes a second: each waits its turn ~17 s by design (scrypt's cost),
    // which is not a failure.
    timeoutSeconds: 30,
  },
  {
    name: "home, cache, during login load",
    url: `${s}/`,
    headers: gzip,
    underLogin: true,
    expect: { cache: "hit" },
  },
  { name: "lead intake API", url: `${s}/api/leads`, post: { path: "/api/leads", bodies: leadBodies } },
  // Campaign visitors: 25 connections load the contact page while 25 others send it.
  {
    name: "mixed: contact page (gzip)",
    url: `${s}/contato`,
    headers: browser,
    connections: 25,
    expect: { cache: "hit" },
    companion: {
      name: "mixed: its submissions",
      url: `${s}/api/leads`,
      post: { path: "/api/leads", bodies: mixedBodies },
      connections: 25,
    },
  },
];

// BENCH_ONLY=regex keeps the scenarios whose names match (and the ceilings they need), for work on one.
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
if (only) {
  const kept = scenarios.filter((x) => only.test(x.name));
  const needed = new Set(kept.flatMap((x) => [x.name, x.ceiling ?? "", x.underLogin ? "login API" : ""]));
  scenarios.splice(0, scenarios.length, ...scenarios.filter((x) => needed.has(x.name)));
}
/** Every line of the table: the scenarios, each followed by its companion. */
const lines = scenarios.flatMap((x) => (x.companion ? [x, x.companion] : [x]));

/** Bodies each POST scenario has sent so far, warm-up included. */
const bodiesSent = new Map<string, number>();

async function load(
  scenario: Scenario,
  duration: number,
  connections = scenario.connections ?? 50,
): Promise<WrkResult> {
  const offset = bodiesSent.get(scenario.name) ?? 0;
  const result = await wrk({
    url: scenario.url,
    seconds: duration,
    connections,
    headers: scenario.headers,
    script: scenario.post ? postScript : undefined,
    env: scenario.post
      ? { BODIES: scenario.post.bodies, POST_PATH: scenario.post.path, BODY_OFFSET: String(offset) }
      : {},
    timeoutSeconds: scenario.timeoutSeconds,
  });
  // wrk counts answered requests; those still in flight when it stopped (one per connection at most)
  // were sent too.
  bodiesSent.set(scenario.name, offset + result.requests + connections);
  return result;
}

/**
 * The scenario's figures, and its companion's when it has one; under login, those of the page probe
 * while login runs beside it.
 */
async function measure(scenario: Scenario, duration: number): Promise<Array<[string, WrkResult]>> {
  await settle();
  if (scenario.companion) {
    const [own, beside] = await Promise.all([load(scenario, duration), load(scenario.companion, duration)]);
    return [
      [scenario.name, own],
      [scenario.companion.name, beside],
    ];
  }
  if (!scenario.underLogin) return [[scenario.name, await load(scenario, duration)]];
  const login = scenarios.find((x) => x.name === "login API")!;
  const [probe] = await Promise.all([load(scenario, duration, 10), load(login, duration)]);
  return [[scenario.name, probe]];
}

/** CPU seconds the server has used (utime + stime of /proc/pid/stat). */
const cpuSeconds = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/**
 * Waits until the server is idle (under 5 % of a core for half a second): work a scenario left
 * behind (queued hashes, the lead worker's backlog, garbage) must not count against the next one.
 */
async function settle() {
  const started = Date.now();
  let last = cpuSeconds();
  while (Date.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuSeconds();
    if (now - last < 0.025) return;
    last = now;
  }
}

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const describeFailures = (failures: Record<string, number>) =>
  Object.entries(failures)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(", ");

const missed: string[] = [];
try {
  // Each line measures what it names: the first answer's status, encoding and cache state.
  for (const scenario of scenarios) {
    if (scenario.post) continue;
    // fetch asks for gzip unless told otherwise; wrk sends only the headers given.
    const headers = { "accept-encoding": "identity", ...scenario.headers };
    const response = await fetch(scenario.url, { headers });
    await response.arrayBuffer();
    const again = await fetch(scenario.url, { headers });
    await again.arrayBuffer();
    const problems = [
      again.status !== 200 && `status ${again.status}`,
      scenario.expect?.encoding !== undefined &&
        again.headers.get("content-encoding") !== scenario.expect.encoding &&
        `content-encoding ${again.headers.get("content-encoding")}`,
      scenario.expect?.cache !== undefined &&
        again.headers.get("x-page-cache") !== scenario.expect.cache &&
        `x-page-cache ${again.headers.get("x-page-cache")}`,
    ].filter(Boolean);
    if (problems.length) missed.push(`${scenario.name}: ${problems.join(", ")}`);
  }
  const renderedHtmlKb = (await (await fetch(renderedHome, { headers: pt })).arrayBuffer()).byteLength / 1024;
  const idleRss = rssMb();
  let peakRss = idleRss;

  const results = new Map<string, WrkResult[]>(lines.map((x) => [x.name, []]));
  // The server's RSS right after each scenario (the highest of its rounds): which load holds memory.
  const rssAfter = new Map<string, number>();
  for (const scenario of scenarios) await measure(scenario, 2); // warm-up: JIT, caches, pools
  for (let round = 0; round < rounds; round++) {
    for (const scenario of scenarios) {
      const measured = await measure(scenario, seconds);
      const rss = rssMb();
      for (const [name, result] of measured) {
        results.get(name)!.push(result);
        rssAfter.set(name, Math.max(rssAfter.get(name) ?? 0, rss));
      }
      peakRss = Math.max(peakRss, rss);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const summary = new Map(
    lines.map((x) => {
      const list = results.get(x.name)!;
      return [
        x.name,
        {
          rps: median(list.map((r) => r.rps)),
          p99: median(list.map((r) => r.p99)),
          failures: list.reduce<Record<string, number>>((all, r) => {
            for (const [kind, count] of Object.entries(r.failures)) all[kind] = (all[kind] ?? 0) + count;
            return all;
          }, {}),
        },
      ];
    }),
  );

  console.log(
    `Load, wrk 1 thread × 50 connections, server and nginx on core 0, wrk on core 1, median of ${rounds} × ${seconds} s, ${databaseUrl ? "PostgreSQL" : "embedded database"}`,
  );
  console.log(
    `${"what".padEnd(34)} ${"req/s".padStart(9)} ${"p99 ms".padStart(8)} ${"vs ceiling".padStart(10)} ${"RSS MB".padStart(7)}`,
  );
  for (const scenario of lines) {
    const r = summary.get(scenario.name)!;
    const failed = Object.values(r.failures).reduce((sum, count) => sum + count, 0);
    const ceiling = scenario.ceiling ? summary.get(scenario.ceiling)!.rps : null;
    console.log(
      `${scenario.name.padEnd(34)} ${r.rps.toFixed(0).padStart(9)} ${r.p99.toFixed(1).padStart(8)} ${(ceiling ? (r.rps / ceiling).toFixed(3) : "").padStart(10)} ${(scenario.url.startsWith(server.url) ? rssAfter.get(scenario.name)!.toFixed(0) : "").padStart(7)}${failed ? `  (${failed} failed: ${describeFailures(r.failures)})` : ""}`,
    );
    if (failed) missed.push(`${scenario.name}: ${failed} requests failed (${describeFailures(r.failures)})`);
  }
  console.log(
    `\nRendered home HTML: ${renderedHtmlKb.toFixed(1)} KB. Server RSS: ${idleRss.toFixed(0)} MB before the load, ${peakRss.toFixed(0)} MB at most after a scenario, ${rssMb().toFixed(0)} MB at the end.`,
  );

  // A scenario BENCH_ONLY left out reads as NaN, and a budget over a NaN is not checked.
  const notRun = { rps: Number.NaN, p99: Number.NaN, failures: {} };
  const get = (name: string) => summary.get(name) ?? notRun;
  const ratio = (name: string, ceiling: string) => get(name).rps / get(ceiling).rps;
  console.log(
    `node:http with the same bytes and headers (no work per request) reaches ${ratio("node:http, home (identity)", "nginx, home (identity)").toFixed(3)} of nginx identity and ${ratio("node:http, home (gzip)", "nginx, home (gzip_static)").toFixed(3)} of nginx gzip_static; the page cache reaches ${ratio("home, cache (identity)", "node:http, home (identity)").toFixed(3)} and ${ratio("home, cache (gzip)", "node:http, home (gzip)").toFixed(3)} of node:http.`,
  );
  const check = (ok: boolean, what: string) => ok || what.includes("NaN") || missed.push(what);
  // A shared cache in front serves the page nearly as fast as nginx serves its bytes (decision 122).
  for (const [name, ceiling] of [
    ["varnish, home (gzip)", "nginx, home (gzip_static, the page's headers)"],
    ["varnish, home (brotli)", "nginx, home (brotli file, the page's headers)"],
  ] as const) {
    const value = ratio(name, ceiling);
    check(
      value >= budgets.varnishVsNginx!,
      `${name} ${value.toFixed(3)} of ${ceiling} < ${budgets.varnishVsNginx}`,
    );
  }
  const cachedId = ratio("home, cache (identity)", "nginx, home (identity)");
  check(
    cachedId >= budgets.cachedVsNginxIdentity!,
    `cached home identity ${cachedId.toFixed(3)} of nginx < ${budgets.cachedVsNginxIdentity}`,
  );
  for (const name of [
    "home, cache (gzip)",
    "segment home, cache (gzip)",
    "/planos, cache (gzip)",
    "blog post, cache (gzip)",
  ]) {
    const value = ratio(name, "nginx, home (gzip_static)");
    check(
      value >= budgets.cachedVsNginxGzip!,
      `${name} ${value.toFixed(3)} of nginx gzip_static < ${budgets.cachedVsNginxGzip}`,
    );
  }
  // Every page served from the cache, against Node's HTTP stack with no work per request (decision 106).
  const cachedPages = lines.filter(
    (x) => x.url.startsWith(server.url) && x.expect?.cache === "hit" && !x.underLogin && !x.companion,
  );
  for (const { name } of cachedPages) {
    check(
      get(name).p99 <= budgets.cachedMaxP99Ms!,
      `${name}: p99 ${get(name).p99} ms > ${budgets.cachedMaxP99Ms}`,
    );
    const reference = name.includes("(identity)") ? "node:http, home (identity)" : "node:http, home (gzip)";
    const value = ratio(name, reference);
    check(
      value >= budgets.cachedVsNodeHttp!,
      `${name} ${value.toFixed(3)} of ${reference} < ${budgets.cachedVsNodeHttp}`,
    );
  }
  const mixedPage = get("mixed: contact page (gzip)");
  const mixedIntake = get("mixed: its submissions");
  console.log(
    `Campaign visitors (25 loading /contato, 25 sending it): page p99 ${mixedPage.p99} ms, ${mixedIntake.rps.toFixed(0)} leads/s with p99 ${mixedIntake.p99} ms.`,
  );
  check(
    mixedPage.p99 <= budgets.cachedMaxP99Ms!,
    `mixed: contact page p99 ${mixedPage.p99} ms > ${budgets.cachedMaxP99Ms}`,
  );
  check(
    mixedIntake.rps >= budgets.intakeMinPerSecond!,
    `mixed: ${mixedIntake.rps.toFixed(0)} leads/s < ${budgets.intakeMinPerSecond}`,
  );
  check(
    mixedIntake.p99 <= budgets.intakeMaxP99Ms!,
    `mixed: intake p99 ${mixedIntake.p99} ms > ${budgets.intakeMaxP99Ms}`,
  );
  const rendered = get("home, rendered (gzip)");
  check(
    rendered.rps >= budgets.renderedMinPerSecond!,
    `rendered home ${rendered.rps.toFixed(0)} req/s < ${budgets.renderedMinPerSecond}`,
  );
  check(
    rendered.p99 <= budgets.renderedMaxP99Ms!,
    `rendered home p99 ${rendered.p99} ms > ${budgets.renderedMaxP99Ms}`,
  );
  check(
    renderedHtmlKb <= budgets.renderedMaxHtmlKb!,
    `rendered home HTML ${renderedHtmlKb.toFixed(1)} KB > ${budgets.renderedMaxHtmlKb}`,
  );
  const json = get("public JSON API (gzip)");
  check(
    json.rps >= budgets.jsonMinPerSecond!,
    `public JSON API ${json.rps.toFixed(0)} req/s < ${budgets.jsonMinPerSecond}`,
  );
  check(json.p99 <= budgets.jsonMaxP99Ms!, `public JSON API p99 ${json.p99} ms > ${budgets.jsonMaxP99Ms}`);
  const during = get("home, cache, during login load");
  check(
    during.p99 <= budgets.cachedDuringLoginMaxP99Ms!,
    `cached home during login load: p99 ${during.p99} ms > ${budgets.cachedDuringLoginMaxP99Ms}`,
  );
  const intake = get("lead intake API");
  check(
    intake.rps >= budgets.intakeMinPerSecond!,
    `lead intake ${intake.rps.toFixed(0)}/s < ${budgets.intakeMinPerSecond}`,
  );
  check(
    intake.p99 <= budgets.intakeMaxP99Ms!,
    `lead intake p99 ${intake.p99} ms > ${budgets.intakeMaxP99Ms}`,
  );
  check(peakRss <= budgets.maxRssMb!, `server RSS ${peakRss.toFixed(0)} MB > ${budgets.maxRssMb}`);
} finally {
  await Promise.all([server.stop(), nginx.stop(), nodeHttp.stop(), varnish.stop()]);
  await dropCreatedDatabases();
}
if (missed.length) {
  console.log(`\nBudgets missed (bench/budgets.json):\n- ${missed.join("\n- ")}`);
  process.exit(1);
}
console.log("\nEvery load budget is met.");
