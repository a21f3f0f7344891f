/**
 * Fault scenarios of the tracker, run through the lead pipeline in this process with a clock the
 * test moves (hours pass in milliseconds): a refusal of one lead, a storm of 429 answers. Each ends
 * with the audit: no lead lost, no issue duplicated, every attempt recorded. Outages and refused
 * credentials: tests/reliability/circuits.test.ts.
 */
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryJobs } from "@server/db/schema.ts";
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

  it("a 429 storm: each Retry-After holds every call until it ends, no job spends an attempt, and everything is delivered once", async () => {
    const stack = await leadStack(handle, jira);
    // Every answer asks for 15 minutes.
    jira.rateLimitNext(10_000, 900);
    const sent = await sendLeads(stack, 8, "storm");
    expect(sent.every((answer) => answer.trackerKey === null)).toBe(true);
    // The first answer opened Jira's circuit until its Retry-After (decision 124): the first lead's
    // calls already on their way, no more.
    expect(stack.services.circuits.circuit("jira")).toMatchObject({ state: "open", reason: "retry_after" });
    const first = jira.requests.length;
    expect(first).toBeLessThanOrEqual(2);
    const jobs = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.kind, "tracker"));
    for (const job of jobs) expect(job).toMatchObject({ status: "pending", attempts: 0 });
    // Jira asked for 15 minutes; the product waits at most 10 (MAX_RETRY_AFTER_MS). Nine minutes
    // on, nothing has called Jira again; at 10 the probe asks, and is told to wait again.
    await runFor(stack, 9 * MINUTE, MINUTE);
    expect(jira.requests).toHaveLength(first);
    await runFor(stack, 2 * MINUTE, MINUTE);
    expect(jira.requests.length).toBeGreaterThan(first);
    expect(jira.requests.length).toBeLessThanOrEqual(first + 2);

    // The storm ends: at the next probe everything is delivered once.
    jira.reset();
    await runFor(stack, 20 * MINUTE, MINUTE);
    expect(await auditDelivery(handle.db, jira)).toEqual(cleanAudit(8));
  });
});
