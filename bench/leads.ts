// `npm run bench:leads [seconds]`: lead intake on PostgreSQL, the production build with the fake Jira
// of the tests at its real REST paths. 50 connections send contact forms (each with its own request
// key and form token, as browsers do) for `seconds` (default 10) with the tracker down, then as long
// with it up; then the time until every accepted lead is in Jira exactly once after it came back,
// counted in the fake Jira by the lead's label. Budgets in bench/budgets.json ("leads"); exit 1 when
// one is missed. Needs PostgreSQL: TEST_DATABASE_URL, or postgres://root@127.0.0.1:5432/test.
import { readFileSync } from "node:fs";
import { openDatabase } from "@server/db/client.ts";
import { Signer } from "@server/secrets.ts";
import autocannon from "autocannon";
import { jiraEnv, startFakeJira } from "../tests/fakes/jira.ts";
import { createPostgresDatabase, dropCreatedDatabases } from "../tests/support/databases.ts";
import { auditDelivery, type DeliveryAudit } from "../tests/support/delivery-audit.ts";
import { contactFormBody } from "./contact-form.ts";
import { startBuiltServer } from "./server.mjs";

const seconds = Number(process.argv[2] ?? 10);
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const budgets = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")).leads as {
  minPerSecond: number;
  maxP99Ms: number;
  minDeliveredPerSecond: number;
};
const SECRET = "bench-leads-secret-0123456789abcdef0123";
const signer = new Signer(SECRET);

const jira = await startFakeJira();
const databaseUrl = await createPostgresDatabase(adminUrl);
const server = await startBuiltServer({
  DATABASE_URL: databaseUrl,
  ...jiraEnv(jira),
  SESSION_SECRET: SECRET,
  FORM_RATE_LIMIT_PER_MINUTE: "10000000",
});

/** One phase of load: every request a new visitor's contact form. */
async function send(duration: number) {
  let sent = 0;
  const result = await autocannon({
    url: `${server.url}/api/leads`,
    connections: 50,
    duration,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        setupRequest: (request: Record<string, unknown>) => {
          const i = ++sent;
          return {
            ...request,
            body: contactFormBody(signer, i),
          };
        },
      },
    ],
  });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    accepted: result["2xx"],
    failed: result.non2xx + result.errors + result.timeouts,
    /** What the failures were: answers other than 2xx by status, connection errors, timeouts. */
    failures: [
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith("2"))
        .map(([status, { count }]) => `${count} × HTTP ${status}`),
      result.errors > 0 && `${result.errors} connection errors`,
      result.timeouts > 0 && `${result.timeouts} timeouts`,
    ].filter(Boolean),
  };
}

const database = await openDatabase({ kind: "postgres", url: databaseUrl });
/** Every stored lead against the issues the fake Jira holds (the audit of the fault tests). */
const audit = () => auditDelivery(database.db, jira);
/** Leads not yet in Jira once with their key written back. */
const pending = (state: DeliveryAudit) => state.undelivered.length + state.wrongKey.length;

const missed: string[] = [];
try {
  await send(2); // warm-up: JIT, connections, caches
  jira.setDown(true);
  const down = await send(seconds);
  jira.setDown(false);
  const backAt = Date.now();
  const up = await send(seconds);
  let state = await audit();
  while (pending(state) > 0 && Date.now() - backAt < 15 * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    state = await audit();
    console.error(`waiting for delivery: ${state.delivered} of ${state.leads} leads in Jira`);
  }
  const deliveredAfter = (Date.now() - backAt) / 1000;
  const deliveredPerSecond = state.leads / deliveredAfter;

  console.log(`Lead intake on PostgreSQL, 50 connections, ${seconds} s per phase`);
  console.log(
    `${"phase".padEnd(16)} ${"leads/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"accepted".padStart(9)} ${"failed".padStart(7)}`,
  );
  for (const [name, phase] of [
    ["tracker down", down],
    ["tracker up", up],
  ] as const) {
    console.log(
      `${name.padEnd(16)} ${phase.perSecond.toFixed(0).padStart(8)} ${String(phase.p50).padStart(7)} ${String(phase.p99).padStart(7)} ${String(phase.accepted).padStart(9)} ${String(phase.failed).padStart(7)}`,
    );
    if (phase.perSecond < budgets.minPerSecond)
      missed.push(`${name}: ${phase.perSecond.toFixed(0)} leads/s < ${budgets.minPerSecond}`);
    if (phase.p99 > budgets.maxP99Ms) missed.push(`${name}: p99 ${phase.p99} ms > ${budgets.maxP99Ms}`);
    if (phase.failed > 0)
      missed.push(`${name}: ${phase.failed} submissions not accepted (${phase.failures.join(", ")})`);
  }
  console.log(
    `\nAfter Jira came back: ${state.leads} leads stored, ${state.delivered} in Jira once, ${state.duplicated.length} more than once, ${pending(state)} missing; all there after ${deliveredAfter.toFixed(1)} s (${deliveredPerSecond.toFixed(0)} leads/s)`,
  );
  if (state.duplicated.length > 0 || pending(state) > 0)
    missed.push(`${state.duplicated.length} duplicated and ${pending(state)} missing leads`);
  // The more the intake phases stored, the longer the delivery: the budget is its rate.
  if (deliveredPerSecond < budgets.minDeliveredPerSecond)
    missed.push(
      `delivery after the outage: ${deliveredPerSecond.toFixed(0)} leads/s < ${budgets.minDeliveredPerSecond}`,
    );
} finally {
  await server.stop();
  await database.close();
  await jira.close();
  await dropCreatedDatabases();
}
if (missed.length) {
  console.log(`\nBudgets missed (bench/budgets.json):\n- ${missed.join("\n- ")}`);
  process.exit(1);
}
console.log("\nEvery lead-intake budget is met.");
