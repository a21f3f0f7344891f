import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryAttempts, deliveryJobs, leads, spentFormTokens } from "@server/db/schema.ts";
import { insertLead, type JobKind } from "@server/leads/repository.ts";
import { MAX_TOKEN_AGE_MS } from "@server/leads/spam.ts";
import { CONFIRMATION_DELAY_MS } from "@server/mail/lead-mail.ts";
import { JOB_BACKOFF_MS } from "@server/platform/outbox/retry-policy.ts";
import {
  ABANDONED_DETAIL,
  DeliveryWorker,
  type JobHandler,
  LEASE_MS,
  WAKE_SLACK_MS,
} from "@server/platform/outbox/worker.ts";
import { OutsideCircuits } from "@server/platform/outside/circuits.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { hotDemoAnswers, leadStack, silentLogger, testClock } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

/** A lead's tracker job (a lead also has its visitor's e-mail job: decision 102). */
const trackerJobOf = (leadId: string) =>
  and(eq(deliveryJobs.leadId, leadId), eq(deliveryJobs.kind, "tracker"));

/** Failures in a row that never open Jira's circuit: for tests of a job's own retry schedule. */
const BELOW_THE_CIRCUIT = 1_000;

const captureAnswers = {
  nomeResponsavel: hotDemoAnswers.nomeResponsavel,
  emailContato: hotDemoAnswers.emailContato,
  telefoneContato: hotDemoAnswers.telefoneContato,
  nomeEmpresa: hotDemoAnswers.nomeEmpresa,
  cnpjEmpresa: hotDemoAnswers.cnpjEmpresa,
};

describe.each(databaseTargets())("lead delivery to Jira on $name", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;

  beforeEach(async () => {
    [handle, jira] = await Promise.all([target.open(), startFakeJira()]);
  });
  afterEach(async () => {
    await jira.close();
    await handle.close();
  });

  it("a demo lead creates one issue, then qualifies it: project, type, priority, labels", async () => {
    const stack = await leadStack(handle, jira);
    const captured = await stack.leads.submit(
      stack.submission({ formKey: "demo", stage: "capture", answers: captureAnswers }),
    );
    expect(captured.stage).toBe("captured");
    expect(captured.simulated).toBe(false);
    expect(captured.protocol).toBe("FDVW-1");
    expect(jira.issues).toHaveLength(1);
    const created = jira.issues[0]!;
    expect(created.projectKey).toBe("FDVW");
    expect(created.issueTypeId).toBe("10005"); // "Demo Lead", the form's own type, before Task
    expect(created.summary).toBe(
      `${{ cold: "❄️", warm: "🌡️", hot: "🔥" }[captured.temperature.level]} Solicite uma demonstração do Vértice ERP: Agro Sul Ltda (Maria Oliveira)`,
    );
    expect(created.labels).toEqual(
      expect.arrayContaining([
        "demo",
        `temp-${captured.temperature.level}`,
        "vertice-erp",
        "site",
        "lead-capture_qualified",
        `lead-${captured.leadId}`,
      ]),
    );
    // A first step alone is not hot: the lead starts in automatic nurture (B §9.2).
    expect(captured.temperature.level).not.toBe("hot");
    expect(created.labels).toContain("nutricao-automatica");

    const completed = await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        answers: hotDemoAnswers,
        leadId: captured.leadId,
        accessToken: captured.accessToken,
      }),
    );
    expect(completed.protocol).toBe("FDVW-1");
    expect(completed.temperature.level).toBe("hot");
    expect(jira.issues).toHaveLength(1);
    expect(created.status).toBe("Qualified");
    expect(created.priority).toBe("High");
    expect(created.summary.startsWith("🔥 ")).toBe(true);
    expect(created.labels).toEqual(
      expect.arrayContaining([
        "temp-hot",
        "seg-agronegocio",
        "seg-distribuicao",
        "urgencia-ontem",
        "porte-grande",
      ]),
    );
    // A hot lead is a salesperson's, not automatic nurture's: the label of the warm capture is gone.
    expect(created.labels).not.toContain("nutricao-automatica");
    const description = JSON.stringify(created.description);
    for (const text of [
      "Agro Sul Ltda",
      "12.345.678/0001-95",
      "100 funcionários ou mais",
      "Temperatura",
      "abc123",
      "google.com",
    ]) {
      expect(description).toContain(text);
    }
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, captured.leadId));
    expect(row).toMatchObject({
      stage: "completed",
      trackerKey: "FDVW-1",
      trackerQualified: true,
      deliveryStatus: "delivered",
    });
  });

  it("an alphanumeric CNPJ is stored normalised and shown formatted in the issue; wrong check digits are refused", async () => {
    const stack = await leadStack(handle, jira);
    const refused = stack.leads.submit(
      stack.submission({
        formKey: "demo",
        stage: "capture",
        answers: { ...captureAnswers, cnpjEmpresa: "12.ABC.345/01DE-36" },
      }),
    );
    await expect(refused).rejects.toMatchObject({
      kind: "invalid-fields",
      details: { errors: { cnpjEmpresa: "CNPJ inválido" } },
    });
    expect(jira.issues).toHaveLength(0);

    const captured = await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        stage: "capture",
        answers: { ...captureAnswers, cnpjEmpresa: "12.abc.345/01de-35" },
      }),
    );
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, captured.leadId));
    expect(row!.answers.cnpjEmpresa).toBe("12ABC34501DE35");
    expect(JSON.stringify(jira.issues[0]!.description)).toContain("12.ABC.345/01DE-35");
  });

  it("stores the lead when Jira is down, answers with the local protocol, and creates the issue once when Jira is back", async () => {
    const stack = await leadStack(handle, jira);
    jira.setDown(true);
    const result = await stack.leads.submit(
      stack.submission({
        formKey: "contato",
        answers: { nome: "João Lima", email: "joao@example.com", mensagem: "Quero saber mais sobre o ERP." },
      }),
    );
    expect(result.protocol).toMatch(/^VRT-20261122-[A-Z0-9]{6}$/);
    expect(result.trackerKey).toBeNull();
    // The visitor was answered the moment Jira's circuit opened; the attempt's record follows.
    await stack.worker.kick();
    // Its calls failing in a row opened Jira's circuit (decision 124): the job waits for it, its
    // attempt given back.
    const [job] = await handle.db.select().from(deliveryJobs).where(trackerJobOf(result.leadId));
    expect(job).toMatchObject({ status: "pending", attempts: 0 });
    expect(job!.lastError).toContain("HTTP 503");
    expect(stack.services.circuits.state("jira")).toBe("open");

    // The circuit's probe is not due yet: nothing happens.
    jira.setDown(false);
    expect(await stack.worker.runDue()).toBe(0);
    stack.clock.advance(30_000);
    // The tracker job (the probe, which closes the circuit), and the visitor's e-mail (due 3 s
    // after the lead: decision 102).
    expect(await stack.worker.runDue()).toBe(2);
    expect(stack.services.circuits.state("jira")).toBe("closed");
    expect(jira.issues).toHaveLength(1);
    expect(jira.issues[0]!.labels).toContain(`lead-${result.leadId}`);
    // Running again finds nothing to do: the issue is never created twice.
    stack.clock.advance(3_600_000);
    expect(await stack.worker.runDue()).toBe(0);
    expect(jira.issues).toHaveLength(1);
    const attempts = await handle.db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.jobId, job!.id));
    expect(attempts.map((a) => a.outcome)).toEqual(["deferred", "ok"]);
  });

  it("while Jira fails, a visitor is answered at once with the local protocol; the first success ends that", async () => {
    // A wait of two minutes: a visitor who waited for the wait's end would fail the test. Jira
    // failing here and there, not down: its circuit stays closed (decision 124; the open circuit
    // is tests/reliability/circuits.test.ts).
    const stack = await leadStack(handle, jira, undefined, {
      protocolWaitMs: 120_000,
      circuitFailuresToOpen: BELOW_THE_CIRCUIT,
    });
    const contact = (i: number) =>
      stack.submission({
        formKey: "contato",
        answers: { nome: `Visitante ${i}`, email: `v${i}@example.com`, mensagem: "Quero uma proposta." },
      });
    const recordedAttempts = async (leadId: string) => {
      const [job] = await handle.db.select().from(deliveryJobs).where(trackerJobOf(leadId));
      return handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.jobId, job!.id));
    };

    // The first visitor waits for its own lead's attempt, which fails.
    jira.setDown(true);
    const first = await stack.leads.submit(contact(1));
    expect(first.trackerKey).toBeNull();
    expect(await recordedAttempts(first.leadId)).toHaveLength(1);
    expect(stack.worker.failing("tracker")).toBe(true);

    // The next is answered before its lead's attempt ends (Jira now takes the create and never
    // answers, until the tracker's 1 s timeout).
    jira.setDown(false);
    jira.holdResponseOfNextCreate();
    const second = await stack.leads.submit(contact(2));
    expect(second.protocol).toMatch(/^VRT-/);
    expect(await recordedAttempts(second.leadId)).toHaveLength(0);
    await stack.worker.kick();
    expect(await recordedAttempts(second.leadId)).toHaveLength(1);

    // Jira answers again: the next lead's own attempt succeeds, and the one after waits for its key.
    const third = await stack.leads.submit(contact(3));
    await stack.worker.kick();
    expect(stack.worker.failing("tracker")).toBe(false);
    expect((await stack.leads.submit(contact(4))).protocol).toMatch(/^FDVW-\d+$/);
    // Nothing was lost on the way: the first two are delivered on their schedule (the longest a
    // second attempt's jittered backoff can be), each once.
    stack.clock.advance(JOB_BACKOFF_MS[1]);
    await stack.worker.kick();
    const labels = jira.issues.flatMap((issue) => issue.labels);
    for (const lead of [first, second, third])
      expect(labels.filter((label) => label === `lead-${lead.leadId}`)).toHaveLength(1);
  });

  it("while deliveries are queued up (a backlog after an outage), a visitor is answered at once; once it is worked off, with the key", async () => {
    const stack = await leadStack(handle, jira, undefined, {
      protocolWaitMs: 120_000,
      circuitFailuresToOpen: BELOW_THE_CIRCUIT,
    });
    const contact = (i: number) =>
      stack.submission({
        formKey: "contato",
        answers: { nome: `Visitante ${i}`, email: `fila${i}@example.com`, mensagem: "Quero uma proposta." },
      });
    // An outage leaves six jobs that fall due together once Jira is back.
    jira.setDown(true);
    for (let i = 0; i < 6; i++) await stack.leads.submit(contact(i));
    await stack.worker.kick();
    // The visitors' e-mails (due 3 s after each lead: decision 102) go out meanwhile.
    stack.clock.advance(CONFIRMATION_DELAY_MS);
    await stack.worker.kick();
    jira.setDown(false);
    stack.clock.advance(30_000);
    // The worker takes a whole batch (5): one more job waits behind it.
    expect(await stack.worker.runDue()).toBe(5);
    expect(stack.worker.failing("tracker")).toBe(false);

    // Jira now takes a second to answer anything: a visitor who waited would see no answer before
    // the lead's attempt is recorded.
    jira.hangNext(10);
    const queued = await stack.leads.submit(contact(6));
    expect(queued.trackerKey).toBeNull();
    const [job] = await handle.db.select().from(deliveryJobs).where(trackerJobOf(queued.leadId));
    expect(
      await handle.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.jobId, job!.id)),
    ).toEqual([]);

    // The queue worked off (and the hung calls retried), the next visitor waits for the key.
    jira.reset();
    await stack.worker.kick();
    stack.clock.advance(60_000);
    await stack.worker.kick();
    expect((await stack.leads.submit(contact(7))).protocol).toMatch(/^FDVW-\d+$/);
    const labels = jira.issues.flatMap((issue) => issue.labels);
    expect(labels.filter((label) => label === `lead-${queued.leadId}`)).toHaveLength(1);
  });

  it("a worker that dies after Jira created the issue is replaced after its lease, and the issue is found, not duplicated", async () => {
    const stack = await leadStack(handle, jira);
    // The first worker's create reaches Jira but its answer is lost, as when the process is killed.
    jira.loseResponseOfNextCreate();
    const result = await stack.leads.submit(
      stack.submission({ formKey: "demo", stage: "capture", answers: captureAnswers }),
    );
    expect(jira.issues).toHaveLength(1);
    const [job] = await handle.db.select().from(deliveryJobs).where(trackerJobOf(result.leadId));
    // Simulate the crash: the job is left running under a lease nobody will release.
    await handle.db
      .update(deliveryJobs)
      .set({
        status: "running",
        lockedBy: "dead-worker",
        lockedUntil: new Date(stack.clock.now().getTime() + LEASE_MS),
      })
      .where(eq(deliveryJobs.id, job!.id));
    const restarted = stack.makeWorker("worker-after-restart");
    expect(await restarted.runDue()).toBe(0); // still leased
    stack.clock.advance(LEASE_MS + 1_000);
    // The tracker job, and the visitor's e-mail (due 3 s after the lead: decision 102).
    expect(await restarted.runDue()).toBe(2);
    expect(jira.issues).toHaveLength(1);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(row!.trackerKey).toBe(jira.issues[0]!.key);
    expect(jira.requests.filter((r) => r.path === "/rest/api/3/search/jql")).not.toHaveLength(0);
    // The attempt the dead worker never finished is in the job's history, recorded by its successor.
    const history = await handle.db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.jobId, job!.id))
      .orderBy(deliveryAttempts.id);
    expect(history.map((a) => [a.attempt, a.worker, a.outcome, a.detail])).toEqual([
      [1, "worker-a", expect.any(String), expect.any(String)],
      [1, "dead-worker", "retry", ABANDONED_DETAIL],
      [2, "worker-after-restart", "ok", expect.any(String)],
    ]);
  });

  it("one open tracker job per lead: a lead completed while its capture's job waits or runs is delivered by that job", async () => {
    const stack = await leadStack(handle, jira, undefined, { circuitFailuresToOpen: BELOW_THE_CIRCUIT });
    jira.setDown(true);
    const captured = await stack.leads.submit(
      stack.submission({ formKey: "demo", stage: "capture", answers: captureAnswers }),
    );
    const trackerJobs = () =>
      handle.db
        .select()
        .from(deliveryJobs)
        .where(eq(deliveryJobs.leadId, captured.leadId))
        .then((jobs) => jobs.filter((j) => j.kind === "tracker"));
    // The job is claimed (running) when the visitor completes the form.
    const [job] = await trackerJobs();
    await handle.db
      .update(deliveryJobs)
      .set({
        status: "running",
        lockedBy: "worker-a",
        lockedUntil: new Date(stack.clock.now().getTime() + LEASE_MS),
      })
      .where(eq(deliveryJobs.id, job!.id));
    await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        answers: hotDemoAnswers,
        leadId: captured.leadId,
        accessToken: captured.accessToken,
      }),
    );
    expect(await trackerJobs()).toHaveLength(1);
    expect((await trackerJobs())[0]).toMatchObject({ status: "running", rerun: true });
    // The database itself refuses a second open tracker job for the lead.
    await expect(
      handle.db.insert(deliveryJobs).values({ leadId: captured.leadId, kind: "tracker", maxAttempts: 5 }),
    ).rejects.toThrow();

    // The running job ends (Jira back): it runs once more, fresh, and the issue is created once and qualified.
    jira.setDown(false);
    await handle.db
      .update(deliveryJobs)
      .set({ status: "pending", lockedBy: null, lockedUntil: null, runAt: stack.clock.now() })
      .where(eq(deliveryJobs.id, job!.id));
    await Promise.all([stack.makeWorker("a").kick(), stack.makeWorker("b").kick()]);
    expect(jira.issues).toHaveLength(1);
    expect(jira.issues[0]!.status).toBe("Qualified");
    expect(await trackerJobs()).toHaveLength(1);
  });

  it("two workers and a lost create answer: the issue is searched before every later create, never made twice", async () => {
    const stack = await leadStack(handle, jira, undefined, { circuitFailuresToOpen: BELOW_THE_CIRCUIT });
    jira.setDown(true);
    const result = await stack.leads.submit(
      stack.submission({
        formKey: "contato",
        answers: { nome: "Luana Prado", email: "luana@example.com", mensagem: "Quero uma proposta." },
      }),
    );
    jira.setDown(false);
    // A create that reached Jira while its answer was lost, then the job gave up (as after its last try).
    const created = await fetch(`${jira.url}/rest/api/3/issue`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Basic ${Buffer.from("bot@example.com:test-token").toString("base64")}`,
      },
      body: JSON.stringify({
        fields: {
          project: { key: "FDVW" },
          issuetype: { id: "10001" },
          summary: "Contato: Luana Prado",
          labels: [`lead-${result.leadId}`],
        },
      }),
    });
    expect(created.status).toBe(201);
    const [job] = await handle.db.select().from(deliveryJobs).where(trackerJobOf(result.leadId));
    await handle.db.update(deliveryJobs).set({ status: "dead" }).where(eq(deliveryJobs.id, job!.id));

    // An admin's retry starts the job's count afresh; its earlier attempts still make it search first.
    await stack.inbox.retry({ email: "equipe@vertice.com.br" }, result.leadId);
    await Promise.all([stack.makeWorker("a").kick(), stack.makeWorker("b").kick()]);
    expect(jira.issues).toHaveLength(1);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(row!.trackerKey).toBe(jira.issues[0]!.key);
    const attempts = await handle.db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.jobId, job!.id));
    expect(attempts.map((a) => a.outcome)).toEqual(["retry", "ok"]);
  });

  it("a long delivery keeps its lease, and a worker that lost its job does not move it", async () => {
    const stack = await leadStack(handle, jira);
    jira.setDown(true);
    const result = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "longa@example.com" } }),
    );
    // The visitor was answered the moment Jira's circuit opened; the attempt's record follows.
    await stack.worker.kick();
    jira.setDown(false);
    stack.clock.advance(60_000);
    let finish!: () => void;
    const slow = new DeliveryWorker({
      db: handle.db,
      logger: silentLogger,
      now: stack.clock.now,
      id: "slow",
      leaseRenewMs: 5,
      handlers: {
        tracker: () => new Promise<string>((resolve) => (finish = () => resolve("feito"))),
        slack: async () => "ok",
        teams: async () => "ok",
        webhook: async () => "ok",
        ticket: async () => "ok",
        ticket_comment: async () => "ok",
        meeting_note: async () => "ok",
        meeting_reminder: async () => "ok",
        ticket_transition: async () => "ok",
        mail: async () => "ok",
        plan_request: async () => "ok",
        cache_purge: async () => "ok",
      },
    });
    const running = slow.runDue();
    await expect.poll(() => typeof finish).toBe("function");
    // Past the first lease: the renewal has moved it on, so no other worker takes the job.
    stack.clock.advance(LEASE_MS + 1_000);
    const leaseOf = async () =>
      (await handle.db.select().from(deliveryJobs).where(trackerJobOf(result.leadId)))[0]!;
    await expect
      .poll(async () => (await leaseOf()).lockedUntil!.getTime() > stack.clock.now().getTime())
      .toBe(true);
    expect(await stack.makeWorker("other").runDue()).toBe(0);

    // Another worker holds it now (as after a stall): the slow worker's end changes nothing but its record.
    await handle.db.update(deliveryJobs).set({ lockedBy: "other" }).where(trackerJobOf(result.leadId));
    finish();
    await running;
    expect(await leaseOf()).toMatchObject({ status: "running", lockedBy: "other" });
    const [attempt] = await handle.db
      .select()
      .from(deliveryAttempts)
      .where(and(eq(deliveryAttempts.worker, "slow"), eq(deliveryAttempts.jobId, (await leaseOf()).id)));
    expect(attempt!.detail).toContain("lease lost");
  });

  it("a started worker wakes when a job falls due before its next poll (a confirmation e-mail), and stop cancels it", async () => {
    const clock = testClock();
    const circuits = new OutsideCircuits({ db: handle.db, logger: silentLogger, now: clock.now });
    // The worker's timers in the test's hand: each with its delay, run when the test says.
    const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
    const ran: number[] = [];
    const deliver: JobHandler = async (job) => {
      ran.push(job.id);
      return "feito";
    };
    const worker = new DeliveryWorker({
      db: handle.db,
      logger: silentLogger,
      now: clock.now,
      id: "woken",
      pollIntervalMs: 5_000,
      circuits,
      setTimer: (run, ms) => {
        const timer = { ms, run, cancelled: false };
        timers.push(timer);
        return () => {
          timer.cancelled = true;
        };
      },
      handlers: Object.fromEntries(deliveryJobs.kind.enumValues.map((kind) => [kind, deliver])) as Record<
        JobKind,
        JobHandler
      >,
    });
    const queue = async (delayMs: number) => {
      const [job] = await handle.db
        .insert(deliveryJobs)
        .values({ kind: "mail", maxAttempts: 5, runAt: new Date(clock.now().getTime() + delayMs) })
        .returning({ id: deliveryJobs.id });
      return job!.id;
    };
    // A confirmation due 3 s from now, and a job due well after the next poll.
    const mail = await queue(CONFIRMATION_DELAY_MS);
    const later = await queue(60_000);

    worker.start();
    await worker.kick();
    // The poll in 5 s, and a wake at the confirmation's time: nothing was due yet.
    expect(timers.map((timer) => timer.ms)).toEqual([5_000, CONFIRMATION_DELAY_MS + WAKE_SLACK_MS]);
    expect(ran).toEqual([]);

    // Its time comes: the wake runs it, not the poll at 5 s. The job after the poll arms none.
    clock.advance(CONFIRMATION_DELAY_MS + WAKE_SLACK_MS);
    timers[1]!.run();
    await worker.kick();
    expect(ran).toEqual([mail]);
    expect(timers).toHaveLength(2);

    // A job due sooner than the poll arms the next wake.
    const soon = await queue(1_000);
    await worker.kick();
    expect(timers.map((timer) => timer.ms)).toEqual([
      5_000,
      CONFIRMATION_DELAY_MS + WAKE_SLACK_MS,
      1_000 + WAKE_SLACK_MS,
    ]);
    // While SMTP's circuit is open its jobs wait for the circuit: one due sooner still arms nothing.
    await circuits.failed("smtp", { verdict: "credentials", detail: "535 autenticação recusada" });
    const held = await queue(500);
    await worker.kick();
    expect(timers).toHaveLength(3);

    // Stopping cancels the wake and the poll.
    await worker.stop();
    expect(timers.map((timer) => timer.cancelled)).toEqual([true, false, true]);
    expect(ran).toEqual([mail]);
    const pending = await handle.db
      .select({ id: deliveryJobs.id })
      .from(deliveryJobs)
      .where(eq(deliveryJobs.status, "pending"));
    expect(pending.map((job) => job.id).sort((a, b) => a - b)).toEqual([later, soon, held]);
  });

  it("a completed lead is never rewritten by a later request: its issue is not edited again", async () => {
    const stack = await leadStack(handle, jira);
    const captured = await stack.leads.submit(
      stack.submission({ formKey: "demo", stage: "capture", answers: captureAnswers }),
    );
    const complete = () =>
      stack.leads.submit(
        stack.submission({
          formKey: "demo",
          answers: hotDemoAnswers,
          leadId: captured.leadId,
          accessToken: captured.accessToken,
        }),
      );
    await complete();
    const issue = jira.issues[0]!;
    const edits = issue.edits.length;
    await expect(complete()).rejects.toMatchObject({
      kind: "conflict",
      message: "Este formulário já foi enviado.",
    });
    await stack.worker.kick();
    expect(issue.edits).toHaveLength(edits);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, captured.leadId));
    expect(row!.version).toBe(2);
  });

  it("a database error after the lead is committed still answers with its protocol, so a resend makes no second lead", async () => {
    // The database stops answering reads once the lead's transaction has committed.
    let armed = false;
    let failReads = false;
    const db = new Proxy(handle.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key === "select" || key === "execute")
          return (...args: unknown[]) => {
            if (failReads) throw new Error("connection terminated unexpectedly");
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        if (key === "transaction")
          return async (...args: unknown[]) => {
            const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
            failReads = armed;
            return result;
          };
        return value;
      },
    });
    // With the reads the delivery cycle fails too, so the visitor's wait for the key runs out: a
    // short one gives the same answer sooner.
    const stack = await leadStack({ ...handle, db }, jira, undefined, { protocolWaitMs: 100 });
    const submission = stack.submission({
      formKey: "contato",
      answers: { nome: "Rui Costa", email: "rui@example.com", mensagem: "Quero falar com vendas." },
    });
    armed = true;
    const answer = await stack.leads.submit(submission);
    expect(answer.protocol).toMatch(/^VRT-/);
    armed = false;
    failReads = false;
    // The visitor sends the same form again: the request key finds the lead already stored.
    expect((await stack.leads.submit(submission)).leadId).toBe(answer.leadId);
    expect(await handle.db.select().from(leads)).toHaveLength(1);
  });

  it("two workers never deliver a job twice", async () => {
    const stack = await leadStack(handle, jira);
    const workerA = stack.makeWorker("a");
    const workerB = stack.makeWorker("b");
    jira.setDown(true);
    const submitted = [];
    for (let i = 0; i < 12; i++) {
      submitted.push(
        await stack.leads.submit(
          stack.submission({ formKey: "newsletter", answers: { email: `pessoa${i}@example.com` } }),
        ),
      );
    }
    // Visitors after the first failure were not kept waiting: their attempts end before Jira is back.
    await stack.worker.kick();
    jira.setDown(false);
    stack.clock.advance(30_000);
    await Promise.all([workerA.kick(), workerB.kick(), workerA.kick(), workerB.kick()]);
    // The probe that closed Jira's circuit kicked every worker (decision 124): their cycles end.
    await Promise.all([workerA.kick(), workerB.kick(), stack.worker.kick()]);
    expect(jira.issues).toHaveLength(12);
    expect(new Set(jira.issues.flatMap((i) => i.labels.filter((l) => l.startsWith("lead-")))).size).toBe(12);
    const jobs = await handle.db.select().from(deliveryJobs);
    expect(jobs.every((j) => j.status === "done")).toBe(true);
    const trackerJobs = new Set(jobs.filter((j) => j.kind === "tracker").map((j) => j.id));
    const attempts = await handle.db.select().from(deliveryAttempts);
    expect(attempts.filter((a) => a.outcome === "ok" && trackerJobs.has(a.jobId))).toHaveLength(12);
    expect(submitted.every((s) => s.trackerKey === null)).toBe(true);
  });

  it("a repeated request key creates nothing new", async () => {
    const stack = await leadStack(handle, jira);
    const submission = stack.submission({ formKey: "newsletter", answers: { email: "repete@example.com" } });
    const [first, second] = await Promise.all([
      stack.leads.submit(submission),
      stack.leads.submit(submission),
    ]);
    const third = await stack.leads.submit(submission);
    // A resend the form would now refuse (here its answers are invalid) still gets the first answer.
    const refused = await stack.leads.submit({ ...submission, answers: { email: "sem-arroba" } });
    expect(second.leadId).toBe(first.leadId);
    expect(third.leadId).toBe(first.leadId);
    expect(refused.protocol).toBe(first.protocol);
    expect(await handle.db.select().from(leads)).toHaveLength(1);
    expect(jira.issues).toHaveLength(1);
    // A new request key with those answers is refused.
    await expect(
      stack.leads.submit({ ...submission, requestKey: "outra", answers: { email: "sem-arroba" } }),
    ).rejects.toThrow("Verifique os campos destacados.");
  });

  it("the lead a submission stores is answered as Drizzle reads it back, with its jobs and spent token", async () => {
    const at = new Date("2026-11-22T10:00:00Z");
    const row = {
      id: "5b0c8f5e-8a52-4c4e-9f6a-2d1f0f8a1b01",
      protocol: "VRT-20261122-ABC123",
      formId: "contact",
      formType: "contact",
      stage: "completed" as const,
      answers: { nome: "Ana", lista: ["um", "dois"] },
      score: 42,
      level: "warm" as const,
      priority: "Medium",
      responseHours: 24,
      // Numbers, booleans, nulls and nested objects, as the jsonb columns keep them.
      context: { language: "pt", annual: true, partner: { id: 7, nome: "Ação Agro" } },
      tracking: { clarityId: "não-disponível", consent: { id: null, measurement: true, marketing: false } },
      clientHash: null,
      consentPurpose: "Contato comercial",
      consentTextVersion: "2026-11-01",
      consentAt: at,
      spamReason: null,
      deliveryStatus: "pending" as const,
      contactKey: "ana@empresa.com.br",
      companyRoot: "12ABC345",
      respondBy: new Date(at.getTime() + 24 * 3600_000),
      createdAt: at,
      updatedAt: at,
    };
    const jobs = [
      { kind: "tracker" as const, maxAttempts: 8 },
      { kind: "webhook" as const, event: "lead.completed", maxAttempts: 5 },
    ];
    const stored = await insertLead(handle.db, row, "chave-1", jobs, "token-1");
    const [read] = await handle.db.select().from(leads);
    expect(stored).toEqual(read);
    expect(stored).toMatchObject({ ...row, version: 1, trackerKey: null, trackerQualified: false });
    const queued = await handle.db.select().from(deliveryJobs).orderBy(deliveryJobs.id);
    expect(queued.map((job) => [job.kind, job.event, job.maxAttempts, job.runAt])).toEqual([
      ["tracker", null, 8, at],
      ["webhook", "lead.completed", 5, at],
    ]);
    expect(await handle.db.select().from(spentFormTokens)).toEqual([{ key: "token-1", spentAt: at }]);

    // The same request key writes nothing; the same token with a new key is a replay, held without jobs.
    expect(
      await insertLead(
        handle.db,
        { ...row, id: randomUUID(), protocol: "VRT-2" },
        "chave-1",
        jobs,
        "token-2",
      ),
    ).toBeNull();
    expect(await handle.db.select().from(spentFormTokens)).toHaveLength(1);
    const replay = await insertLead(
      handle.db,
      { ...row, id: randomUUID(), protocol: "VRT-3" },
      "chave-2",
      jobs,
      "token-1",
    );
    expect(replay).toMatchObject({ spamReason: "replayed-token", deliveryStatus: "spam" });
    expect(await handle.db.select().from(leads)).toHaveLength(2);
    expect(await handle.db.select().from(deliveryJobs)).toHaveLength(2);
  });

  it("simulated mode: without Jira the lead is stored and answered with a SIM- key", async () => {
    const stack = await leadStack(handle, null);
    const result = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "ana@example.com" } }),
    );
    expect(result.simulated).toBe(true);
    expect(result.protocol).toMatch(/^SIM-20261122-/);
    const [row] = await handle.db.select().from(leads);
    expect(row).toMatchObject({
      deliveryStatus: "simulated",
      formId: "newsletter",
      answers: { email: "ana@example.com" },
    });
    // Nothing to deliver to Jira; only the visitor's welcome e-mail (decision 102).
    expect((await handle.db.select().from(deliveryJobs)).map((job) => job.kind)).toEqual(["mail"]);
  });

  it("a submission forgets the keys of tokens too old to be sent, and keeps the recent ones", async () => {
    const stack = await leadStack(handle, null);
    const keys = async () =>
      (await handle.db.select({ key: spentFormTokens.key }).from(spentFormTokens))
        .map((row) => row.key)
        .sort();
    const now = stack.clock.now().getTime();
    // A token lives MAX_TOKEN_AGE_MS; its key is kept a day longer for clock slack.
    await handle.db.insert(spentFormTokens).values([
      { key: "expired", spentAt: new Date(now - MAX_TOKEN_AGE_MS - 24 * 3600_000 - 60_000) },
      { key: "recent", spentAt: new Date(now - MAX_TOKEN_AGE_MS) },
    ]);
    await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "ana@example.com" } }),
    );
    const left = await keys();
    expect(left).toHaveLength(2);
    expect(left).toContain("recent");
    expect(left).not.toContain("expired");
  });
});
