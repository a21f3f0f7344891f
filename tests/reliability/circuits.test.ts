/**
 * The outside services' circuits (decision 124), run through the lead pipeline in this process
 * with a clock the test moves: Jira refusing the credentials, then a restart with the right token;
 * a 503 with Retry-After; three instances with Jira down; SMTP down for a minute; a webhook
 * receiver down then back; a 12-hour outage. Each ends with what was delivered, and how often.
 */
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryAttempts, deliveryJobs, leads, outsideCircuits } from "@server/db/schema.ts";
import { PROBE_MAX_MS } from "@server/platform/outside/circuit-rules.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { startFakeSmtp } from "../fakes/smtp.ts";
import { startFakeWebhooks } from "../fakes/webhooks.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { auditDelivery, cleanAudit } from "../support/delivery-audit.ts";
import { leadStack, testClock } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

type Stack = Awaited<ReturnType<typeof leadStack>>;

/** Sends `count` contact forms, each from its own visitor. */
async function sendLeads(stack: Stack, count: number, tag: string) {
  const answers = [];
  for (let i = 0; i < count; i++) {
    answers.push(
      await stack.leads.submit(
        stack.submission({
          formKey: "contato",
          // Its own key: stacks built in the same millisecond would draw the same default one.
          requestKey: `${tag}-${i}`,
          answers: {
            nome: `Visitante ${i}`,
            email: `${tag}-${i}@example.com`,
            mensagem: "Quero uma proposta.",
          },
        }),
      ),
    );
  }
  await stack.worker.kick();
  return answers;
}

/** Lets `duration` pass in steps, every worker running whatever falls due at each step. */
async function runFor(workers: Stack["worker"][], clock: Stack["clock"], duration: number, step: number) {
  for (let passed = 0; passed < duration; passed += step) {
    clock.advance(step);
    await Promise.all(workers.map((worker) => worker.kick()));
  }
  // A circuit closed by the last step kicked the workers again: those cycles end too.
  await Promise.all(workers.map((worker) => worker.kick()));
}

const trackerJobs = (handle: DatabaseHandle) =>
  handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.kind, "tracker"));

describe.each(databaseTargets())("outside services' circuits on $name", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;

  beforeEach(async () => {
    handle = await target.open();
  });
  afterEach(async () => {
    await jira?.close();
    await handle.close();
  });

  it("Jira refusing the credentials for a minute pauses every lead; a restart with the right token delivers each once, with no click", async () => {
    // Jira takes only a new token; the site still has the old one.
    jira = await startFakeJira({ token: "token-novo" });
    const stack = await leadStack(handle, jira);
    const sent = await sendLeads(stack, 6, "credenciais");
    expect(sent.every((answer) => answer.trackerKey === null && answer.protocol.startsWith("VRT-"))).toBe(
      true,
    );

    // The first 401 opened Jira's circuit: nothing is sent while it is open, only its probes.
    const circuit = stack.services.circuits.circuit("jira");
    expect(circuit).toMatchObject({ state: "open", reason: "credentials" });
    expect(circuit!.openedAt).toEqual(stack.clock.now());
    const before = jira.requests.length;
    await runFor([stack.worker], stack.clock, MINUTE, 10 * SECOND);
    // A probe or two in the minute, one call each: never every lead again.
    expect(jira.requests.length - before).toBeLessThanOrEqual(4);
    // Paused, never failed: every job waits with its attempts unspent, every lead is pending.
    for (const job of await trackerJobs(handle))
      expect(job).toMatchObject({ status: "pending", attempts: 0 });
    const statuses = await handle.db.select({ status: leads.deliveryStatus }).from(leads);
    expect(statuses.every((lead) => lead.status === "pending")).toBe(true);
    const [row] = await handle.db.select().from(outsideCircuits).where(eq(outsideCircuits.service, "jira"));
    expect(row).toMatchObject({ state: "open", reason: "credentials", detail: "Token inválido ou expirado" });

    // The operator sets the new token and restarts: the first cycle probes, and everything resumes.
    const restarted = await leadStack(handle, jira, stack.clock, { env: { JIRA_API_TOKEN: "token-novo" } });
    await restarted.services.circuits.probeNow(); // what startServices does at every start
    await restarted.worker.kick();
    await restarted.worker.kick();
    expect(restarted.services.circuits.state("jira")).toBe("closed");
    expect(await auditDelivery(handle.db, jira)).toEqual(cleanAudit(6));
    // In the order they came: the oldest is the probe, alone, so its issue is the first; the rest
    // went out together in the next batch.
    const numberOf = (leadId: string) =>
      Number(jira.issues.find((issue) => issue.labels.includes(`lead-${leadId}`))!.key.split("-")[1]);
    expect(numberOf(sent[0]!.leadId)).toBe(1);
    const outcomes = await handle.db.select({ outcome: deliveryAttempts.outcome }).from(deliveryAttempts);
    expect(outcomes.some((attempt) => attempt.outcome === "dead")).toBe(false);
  });

  it("a 503 with Retry-After: 5: no call to Jira before 5 s, then the lead is delivered", async () => {
    jira = await startFakeJira();
    const stack = await leadStack(handle, jira);
    jira.rateLimitNext(1, 5, 503);
    const [lead] = await sendLeads(stack, 1, "retry-after");
    expect(lead!.trackerKey).toBeNull();
    expect(stack.services.circuits.circuit("jira")).toMatchObject({ state: "open", reason: "retry_after" });
    const calls = jira.requests.length;
    // 4.9 s pass, the worker running every 100 ms: Jira hears nothing.
    await runFor([stack.worker], stack.clock, 4_900, 100);
    expect(jira.requests.length).toBe(calls);
    // At 5 s the probe goes, and the lead is in Jira.
    await runFor([stack.worker], stack.clock, 200, 100);
    expect(jira.requests.length).toBeGreaterThan(calls);
    expect(await auditDelivery(handle.db, jira)).toEqual(cleanAudit(1));
  });

  it("three instances with Jira down: their retries spread over the backoff, and one probe at a time goes", async () => {
    jira = await startFakeJira();
    const clock = testClock();
    // Jira failing below the circuit's threshold first: each job's own retry, drawn with full jitter.
    const flaky = await Promise.all(
      ["a", "b", "c"].map(() =>
        leadStack(handle, jira, clock, { random: Math.random, circuitFailuresToOpen: 1_000 }),
      ),
    );
    jira.setDown(true);
    for (const [i, stack] of flaky.entries()) await sendLeads(stack, 4, `instancia-${i}`);
    const failedAt = clock.now().getTime();
    const delays = (await trackerJobs(handle)).map((job) => job.runAt.getTime() - failedAt);
    expect(delays).toHaveLength(12);
    // Spread across the first step's 30 s, not in step: a fixed schedule would give one value.
    expect(new Set(delays).size).toBeGreaterThan(8);
    expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(10 * SECOND);
    for (const delay of delays) expect(delay).toBeLessThan(30 * SECOND);

    // Then with the real threshold: the circuit opens, and only probes reach Jira, one at a time.
    // A visitor whose lead's job another instance ran waits until its own instance reads the circuit
    // open (at its next cycle): not what this test is about, so not for long.
    const instances = await Promise.all(
      ["a", "b", "c"].map(() => leadStack(handle, jira, clock, { random: Math.random, protocolWaitMs: 100 })),
    );
    await Promise.all(instances.map((stack, i) => sendLeads(stack, 1, `aberto-${i}`)));
    // Each instance reads the others' openings (every second in the background; here at once).
    await Promise.all(instances.map((stack) => stack.services.circuits.refresh()));
    expect(instances.every((stack) => stack.services.circuits.state("jira") !== "closed")).toBe(true);
    const probeTimes: number[] = [];
    for (let passed = 0; passed < 15 * MINUTE; passed += 2 * SECOND) {
      clock.advance(2 * SECOND);
      const before = jira.requests.length;
      await Promise.all(instances.map((stack) => stack.worker.kick()));
      if (jira.requests.length > before) {
        probeTimes.push(clock.now().getTime());
        // Each instance reads the circuits every second of real time, sooner than the next probe
        // could come; this clock runs faster, so they read them after each probe, as they would have
        // (a view left stale asks for a probe the others already took at every step until it reads).
        await Promise.all(instances.map((stack) => stack.services.circuits.refresh()));
      }
    }
    const gaps = probeTimes.slice(1).map((at, i) => at - probeTimes[i]!);
    expect(probeTimes.length).toBeGreaterThan(4);
    // Never two probes in one step, the waits between them drawn (not all alike) and bounded.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(2 * SECOND);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(PROBE_MAX_MS + 2 * SECOND);
    expect(new Set(gaps).size).toBeGreaterThan(2);

    jira.setDown(false);
    await runFor(
      instances.map((stack) => stack.worker),
      clock,
      PROBE_MAX_MS + 2 * MINUTE,
      10 * SECOND,
    );
    await runFor(
      flaky.map((stack) => stack.worker),
      clock,
      2 * MINUTE,
      10 * SECOND,
    );
    expect(await auditDelivery(handle.db, jira)).toEqual(cleanAudit(15));
  });

  it("SMTP down for a minute: every confirmation e-mail is sent once when it returns", async () => {
    jira = await startFakeJira();
    const smtp = await startFakeSmtp();
    try {
      const stack = await leadStack(handle, jira, undefined, { env: { SMTP_URL: smtp.url } });
      smtp.setDown(true);
      await sendLeads(stack, 6, "smtp");
      await runFor([stack.worker], stack.clock, MINUTE, 5 * SECOND);
      expect(stack.services.circuits.state("smtp")).not.toBe("closed");
      expect(smtp.messages).toHaveLength(0);
      const mails = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.kind, "mail"));
      expect(mails.every((job) => job.status === "pending")).toBe(true);

      smtp.setDown(false);
      await runFor([stack.worker], stack.clock, PROBE_MAX_MS + MINUTE, 10 * SECOND);
      expect(stack.services.circuits.state("smtp")).toBe("closed");
      const recipients = smtp.messages.flatMap((message) => message.to).sort();
      expect(recipients).toEqual(Array.from({ length: 6 }, (_, i) => `smtp-${i}@example.com`).sort());
    } finally {
      await smtp.close();
    }
  });

  it("a webhook receiver down, then back: its deliveries resume by themselves, each once", async () => {
    jira = await startFakeJira();
    const hooks = await startFakeWebhooks();
    try {
      const stack = await leadStack(handle, jira, undefined, {
        webhookUrl: `${hooks.url}/crm`,
        webhookSecret: "segredo-dos-webhooks-do-crm-0123456789",
      });
      hooks.failPath("/crm", ...Array.from({ length: 1_000 }, () => 503));
      const sent = await sendLeads(stack, 4, "webhook");
      await runFor([stack.worker], stack.clock, 10 * MINUTE, 30 * SECOND);
      const open = stack.services.circuits.notClosed().find((row) => row.service.startsWith("webhook:"));
      expect(open).toBeDefined();
      expect(hooks.at("/crm")).toHaveLength(0);

      hooks.failPath("/crm");
      await runFor([stack.worker], stack.clock, PROBE_MAX_MS + MINUTE, 10 * SECOND);
      expect(stack.services.circuits.state(open!.service)).toBe("closed");
      expect(hooks.at("/crm").length).toBeGreaterThanOrEqual(sent.length);
      const jobs = await handle.db
        .select()
        .from(deliveryJobs)
        .where(and(eq(deliveryJobs.kind, "webhook")));
      expect(jobs.every((job) => job.status === "done")).toBe(true);
      // Each job's message reached the receiver once: as many deliveries as jobs.
      expect(hooks.at("/crm")).toHaveLength(jobs.length);
    } finally {
      await hooks.close();
    }
  });

  it("a 12-hour outage: no lead is lost or spends its attempts, Jira hears only probes, and everything is delivered once after it returns", async () => {
    jira = await startFakeJira();
    const stack = await leadStack(handle, jira);
    jira.setDown(true);
    await sendLeads(stack, 12, "outage");
    const before = jira.requests.length;
    // The worker runs every five minutes: each run takes at most one probe (its wait is at most a
    // minute), so running it more often repeats the same failed probe, not another case.
    const every = 5 * MINUTE;
    await runFor([stack.worker], stack.clock, 12 * HOUR, every);
    // A probe at most about once a minute (its wait grows to 1 min), one job's calls each.
    const probes = (await handle.db.select().from(deliveryAttempts)).filter((a) => a.outcome === "deferred");
    expect(probes.length).toBeLessThanOrEqual((12 * HOUR) / (PROBE_MAX_MS / 2) + 12);
    // And one per run of the worker at most (beside the leads deferred as the circuit opened).
    expect(probes.length).toBeLessThanOrEqual((12 * HOUR) / every + 1 + 12);
    expect(jira.requests.length - before).toBeLessThanOrEqual(probes.length * 3);
    for (const job of await trackerJobs(handle))
      expect(job).toMatchObject({ status: "pending", attempts: 0 });

    jira.setDown(false);
    await runFor([stack.worker], stack.clock, PROBE_MAX_MS + MINUTE, 10 * SECOND);
    expect(await auditDelivery(handle.db, jira)).toEqual(cleanAudit(12));
  });
});
