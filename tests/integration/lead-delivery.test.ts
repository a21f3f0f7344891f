import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryAttempts, deliveryJobs, leads } from "@server/db/schema.ts";
import { LEASE_MS } from "@server/leads/worker.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { hotDemoAnswers, leadStack } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

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
      "12.345.678/0001-90",
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
    const [job] = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.leadId, result.leadId));
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job!.lastError).toContain("HTTP 503");

    // Not due yet: nothing happens.
    jira.setDown(false);
    expect(await stack.worker.runDue()).toBe(0);
    stack.clock.advance(30_000);
    expect(await stack.worker.runDue()).toBe(1);
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
    expect(attempts.map((a) => a.outcome)).toEqual(["retry", "ok"]);
  });

  it("a worker that dies after Jira created the issue is replaced after its lease, and the issue is found, not duplicated", async () => {
    const stack = await leadStack(handle, jira);
    // The first worker's create reaches Jira but its answer is lost, as when the process is killed.
    jira.loseResponseOfNextCreate();
    const result = await stack.leads.submit(
      stack.submission({ formKey: "demo", stage: "capture", answers: captureAnswers }),
    );
    expect(jira.issues).toHaveLength(1);
    const [job] = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.leadId, result.leadId));
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
    expect(await restarted.runDue()).toBe(1);
    expect(jira.issues).toHaveLength(1);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(row!.trackerKey).toBe(jira.issues[0]!.key);
    expect(jira.requests.filter((r) => r.path === "/rest/api/3/search/jql")).not.toHaveLength(0);
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
    jira.setDown(false);
    stack.clock.advance(30_000);
    await Promise.all([workerA.kick(), workerB.kick(), workerA.kick(), workerB.kick()]);
    expect(jira.issues).toHaveLength(12);
    expect(new Set(jira.issues.flatMap((i) => i.labels.filter((l) => l.startsWith("lead-")))).size).toBe(12);
    const attempts = await handle.db.select().from(deliveryAttempts);
    expect(attempts.filter((a) => a.outcome === "ok")).toHaveLength(12);
    const jobs = await handle.db.select().from(deliveryJobs);
    expect(jobs.every((j) => j.status === "done")).toBe(true);
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
    expect(second.leadId).toBe(first.leadId);
    expect(third.leadId).toBe(first.leadId);
    expect(await handle.db.select().from(leads)).toHaveLength(1);
    expect(jira.issues).toHaveLength(1);
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
    expect(await handle.db.select().from(deliveryJobs)).toHaveLength(0);
  });
});
