/**
 * Fault scenarios of the tracker, run through the lead pipeline in this process with a clock the
 * test moves (hours pass in milliseconds): a long Jira outage, then a storm of 429 answers. Each ends
 * with the audit: no lead lost, no issue duplicated, every attempt recorded.
 */
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryAttempts, deliveryJobs, leads } from "@server/db/schema.ts";
import { MAX_JOB_ATTEMPTS } from "@server/leads/retry-policy.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { auditDelivery, cleanAudit } from "../support/delivery-audit.ts";
import { leadStack } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Stack = Awaited<ReturnType<typeof leadStack>>;

/** Sends `count` leads, contact and newsletter forms in turn, each from its own visitor. */
async function sendLeads(stack: Stack, count: number, tag: string) {
  const answers = [];
  for (let i = 0; i < count; i++) {
    const email = `${tag}-${i}@example.com`;
    answers.push(
      await stack.leads.submit(
        i % 2 === 0
          ? stack.submission({
              formKey: "contato",
              answers: { nome: `Visitante ${i}`, email, mensagem: "Quero conhecer o ERP da empresa." },
            })
          : stack.submission({ formKey: "newsletter", answers: { email } }),
      ),
    );
  }
  // Once the tracker fails, visitors are answered without waiting for their leads' attempts: the
  // attempts still in hand end here, before the test moves the clock.
  await stack.worker.kick();
  return answers;
}

/** Lets `duration` pass in steps, the worker running whatever falls due at each step. */
async function runFor(stack: Stack, duration: number, step = 10 * MINUTE) {
  for (let passed = 0; passed < duration; passed += step) {
    stack.clock.advance(step);
    await stack.worker.kick();
  }
}

describe.each(databaseTargets())("tracker faults on $name", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;

  beforeEach(async () => {
    [handle, jira] = await Promise.all([target.open(), startFakeJira()]);
  });
  afterEach(async () => {
    await jira.close();
    await handle.close();
  });

  it("a 12-hour outage: every lead is kept, shown as failed once its attempts run out, and delivered once when Jira is back", async () => {
    const stack = await leadStack(handle, jira);
    jira.setDown(true);
    const sent = await sendLeads(stack, 12, "outage");
    // The visitor got a protocol for each, and no tracker key.
    expect(sent.every((answer) => answer.protocol.startsWith("VRT-") && answer.trackerKey === null)).toBe(
      true,
    );

    await runFor(stack, 12 * HOUR);
    const jobs = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.kind, "tracker"));
    expect(jobs).toHaveLength(12);
    // Every job used its whole schedule and waits as dead, marked as an outage's victim; from then
    // on one probe an hour tried the oldest (16:00 to 24:00), and nothing else called Jira.
    for (const job of jobs) expect(job).toMatchObject({ status: "dead", exhausted: true });
    const used = jobs.reduce((sum, job) => sum + job.attempts, 0);
    expect(used).toBe(12 * MAX_JOB_ATTEMPTS.tracker + 8);
    const statuses = await handle.db.select({ status: leads.deliveryStatus }).from(leads);
    expect(statuses.every((lead) => lead.status === "failed")).toBe(true);
    expect(jira.issues).toHaveLength(0);

    // Jira comes back. Within the hour a probe tries the oldest job; it succeeds, and every
    // other job that died of the outage is queued again and delivered.
    jira.setDown(false);
    await runFor(stack, HOUR);
    expect(await auditDelivery(handle.db, jira)).toEqual(cleanAudit(12, used + 12));
    const after = await handle.db.select({ status: leads.deliveryStatus }).from(leads);
    expect(after.every((lead) => lead.status === "delivered")).toBe(true);
  });

  it("a job refused by Jira (not an outage) stays dead for an admin, and a probe never revives it", async () => {
    const stack = await leadStack(handle, jira);
    jira.failNext(3, 400, { errorMessages: [], errors: { summary: "Field 'summary' is required." } });
    const [refused] = await sendLeads(stack, 1, "refused");
    await runFor(stack, 3 * HOUR);
    // The lead's tracker job (beside it, the visitor's e-mail: decision 102).
    const trackerJob = and(eq(deliveryJobs.leadId, refused!.leadId), eq(deliveryJobs.kind, "tracker"));
    const [job] = await handle.db.select().from(deliveryJobs).where(trackerJob);
    expect(job).toMatchObject({ status: "dead", attempts: 1, exhausted: false });
    // Another lead is delivered: what died of a refusal is not brought back by it.
    await sendLeads(stack, 1, "after");
    await runFor(stack, 2 * HOUR);
    const [still] = await handle.db.select().from(deliveryJobs).where(trackerJob);
    expect(still).toMatchObject({ status: "dead", attempts: 1 });
    expect(jira.issues).toHaveLength(1);
  });

  it("a 429 storm: a short Retry-After is waited in line, a long one moves the job, and nothing calls Jira before it ends", async () => {
    const stack = await leadStack(handle, jira);
    // A short storm first: two 429s asking for 3 s, waited inside the call.
    jira.rateLimitNext(2, 3);
    const [first] = await sendLeads(stack, 1, "short");
    expect(first!.trackerKey).toMatch(/^FDVW-\d+$/);
    expect(stack.sleeps).toEqual([3_000, 3_000]);

    // Then a long one: every answer asks for 15 minutes.
    jira.rateLimitNext(10_000, 900);
    const sent = await sendLeads(stack, 8, "storm");
    expect(sent.every((answer) => answer.trackerKey === null)).toBe(true);
    const waiting = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.status, "pending"));
    expect(waiting.length).toBeGreaterThanOrEqual(8);
    const history = await handle.db.select().from(deliveryAttempts);
    for (const job of waiting.filter((j) => j.kind === "tracker")) {
      const last = history.filter((a) => a.jobId === job.id).at(-1)!;
      // The job's own backoff is 30 s; Jira asked for 15 minutes, and that is what it waits.
      expect(job.runAt.getTime() - last.finishedAt.getTime()).toBe(15 * MINUTE);
    }
    // Ten minutes on, nothing has called Jira again.
    const calls = jira.requests.length;
    await runFor(stack, 10 * MINUTE, MINUTE);
    expect(jira.requests.length).toBe(calls);

    // The storm ends: everything is delivered once.
    jira.reset();
    await runFor(stack, 2 * HOUR);
    expect(await auditDelivery(handle.db, jira)).toEqual(cleanAudit(9));
  });
});
