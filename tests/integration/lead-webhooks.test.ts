import { deliveryCounts } from "@server/admin/dashboard.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryJobs } from "@server/db/schema.ts";
import { DomainError } from "@server/domain-errors.ts";
import { WebhookEndpoints } from "@server/webhooks/endpoints.ts";
import { ENV_ENDPOINT_ID, enqueueLeadEvent } from "@server/webhooks/enqueue.ts";
import { postWebhook, WebhookSendError } from "@server/webhooks/send.ts";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeWebhooks } from "../fakes/webhooks.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { hotDemoAnswers, leadStack } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

/** The staff member who changes endpoints (the audit log records them). */
const ADMIN = "admin@example.com";

const captureAnswers = {
  nomeResponsavel: hotDemoAnswers.nomeResponsavel,
  emailContato: hotDemoAnswers.emailContato,
  telefoneContato: hotDemoAnswers.telefoneContato,
  nomeEmpresa: hotDemoAnswers.nomeEmpresa,
  cnpjEmpresa: hotDemoAnswers.cnpjEmpresa,
};

type Hooks = Awaited<ReturnType<typeof startFakeWebhooks>>;
type Stack = Awaited<ReturnType<typeof leadStack>>;
type Payload = { type: string; timestamp: string; data: Record<string, unknown> };

describe.each(databaseTargets())("signed outgoing webhooks (decision 103) on $name", (target) => {
  let handle: DatabaseHandle;
  let hooks: Hooks;

  beforeEach(async () => {
    [handle, hooks] = await Promise.all([target.open(), startFakeWebhooks()]);
  });
  afterEach(async () => {
    await hooks.close();
    await handle.close();
  });

  /** An endpoint staff made in the admin, at `path` of the receiver, which checks its signatures. */
  async function endpoint(stack: Stack, path: string, events: string[], enabled = true) {
    const made = await stack.services.webhooks.create(
      { url: `${hooks.url}${path}`, description: path, events, enabled },
      "admin@example.com",
    );
    hooks.expectSigned(path, made.secret!);
    return made;
  }

  const payloads = (path: string) => hooks.at(path).map((hook) => hook.verified as Payload);

  const webhookJobs = (leadId: string) =>
    handle.db
      .select()
      .from(deliveryJobs)
      .where(and(eq(deliveryJobs.leadId, leadId), eq(deliveryJobs.kind, "webhook")));

  it("a lead creates one signed delivery per enabled endpoint subscribed to each event", async () => {
    const stack = await leadStack(handle, null);
    const all = await endpoint(stack, "/all", ["lead.created", "lead.qualified", "lead.outcome_changed"]);
    const qualified = await endpoint(stack, "/qualified", ["lead.qualified"]);
    const disabled = await endpoint(stack, "/off", ["lead.created", "lead.qualified"], false);

    const captured = await stack.leads.submit(
      stack.submission({ formKey: "demo", stage: "capture", answers: captureAnswers }),
    );
    await stack.worker.kick();
    expect(payloads("/all").map((p) => p.type)).toEqual(["lead.created"]);
    expect(hooks.at("/qualified")).toHaveLength(0);

    await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        stage: "complete",
        leadId: captured.leadId,
        accessToken: captured.accessToken,
        answers: hotDemoAnswers,
      }),
    );
    await stack.worker.kick();
    expect(hooks.refused).toEqual([]);
    expect(payloads("/all").map((p) => p.type)).toEqual(["lead.created", "lead.qualified"]);
    expect(payloads("/qualified").map((p) => p.type)).toEqual(["lead.qualified"]);
    expect(hooks.at("/off")).toHaveLength(0);

    // The Standard Webhooks shape: the event, when it happened, and the lead as it is now.
    const [created, qualifiedEvent] = payloads("/all");
    expect(created!.timestamp).toBe("2026-11-22T12:00:00.000Z");
    expect(created!.data).toMatchObject({
      id: captured.leadId,
      form: "demo",
      type: "lead_capture_qualified",
    });
    expect(qualifiedEvent!.data).toMatchObject({ id: captured.leadId, stage: "completed" });
    expect((qualifiedEvent!.data.answers as Record<string, unknown>).urgencia).toBe("ontem");
    // One message id per message, the same endpoint never gets one twice.
    const ids = hooks.received.map((hook) => hook.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(3);

    const jobs = await webhookJobs(captured.leadId);
    expect(jobs.filter((job) => job.webhookEndpointId === all.id)).toHaveLength(2);
    expect(jobs.filter((job) => job.webhookEndpointId === qualified.id)).toHaveLength(1);
    expect(jobs.filter((job) => job.webhookEndpointId === disabled.id)).toHaveLength(0);
    expect(jobs.every((job) => job.status === "done")).toBe(true);

    // A single-step form has no qualification: it is only created.
    const contact = await stack.leads.submit(
      stack.submission({
        formKey: "contato",
        answers: { nome: "Ana", email: "ana@example.com", mensagem: "Quero uma proposta." },
      }),
    );
    await stack.worker.kick();
    expect((await webhookJobs(contact.leadId)).map((job) => job.event)).toEqual(["lead.created"]);
  });

  it("a failing endpoint retries on its own schedule, shows each attempt in its log, and is resent", async () => {
    const stack = await leadStack(handle, null);
    const failing = await endpoint(stack, "/failing", ["lead.created"]);
    await endpoint(stack, "/healthy", ["lead.created"]);
    hooks.failPath("/failing", 503, 500);

    const lead = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "retry@example.com" } }),
    );
    await stack.worker.kick();
    // The healthy endpoint is not held back by the failing one.
    expect(hooks.at("/healthy")).toHaveLength(1);
    let [delivery] = await stack.services.webhooks.deliveries(failing.id);
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      httpStatus: 503,
      lastDetail: "HTTP 503: erro",
      lead: { id: lead.leadId },
      event: "lead.created",
    });
    expect((await stack.services.webhooks.list()).find((e) => e.id === failing.id)?.last).toMatchObject({
      status: "pending",
      detail: "HTTP 503: erro",
    });

    // Not due before its backoff (30 s, then 2 min): no sleeps, the clock is moved.
    stack.clock.advance(29_000);
    await stack.worker.kick();
    expect(hooks.refused).toHaveLength(0);
    [delivery] = await stack.services.webhooks.deliveries(failing.id);
    expect(delivery!.attempts).toBe(1);
    stack.clock.advance(1_000);
    await stack.worker.kick();
    stack.clock.advance(120_000);
    await stack.worker.kick();
    [delivery] = await stack.services.webhooks.deliveries(failing.id);
    expect(delivery).toMatchObject({ status: "done", attempts: 3, httpStatus: 200 });
    expect(delivery!.history.map((a) => [a.outcome, a.detail])).toEqual([
      ["retry", "HTTP 503: erro"],
      ["retry", "HTTP 500: erro"],
      ["ok", "HTTP 200: ok"],
    ]);
    expect(hooks.at("/failing")).toHaveLength(1);

    // Resend: the same message (same id) again, with a fresh count of attempts.
    await stack.services.webhooks.resend(failing.id, delivery!.id, ADMIN);
    await stack.worker.kick();
    const sent = hooks.at("/failing");
    expect(sent).toHaveLength(2);
    expect(sent[1]!.headers["webhook-id"]).toBe(sent[0]!.headers["webhook-id"]);
    [delivery] = await stack.services.webhooks.deliveries(failing.id);
    expect(delivery).toMatchObject({ status: "done", attempts: 4 });
    // A delivery still in the queue is not resent; another endpoint's delivery is not found.
    hooks.failPath("/failing", 503);
    await stack.services.webhooks.resend(failing.id, delivery!.id, ADMIN);
    await stack.worker.kick();
    await expect(stack.services.webhooks.resend(failing.id, delivery!.id, ADMIN)).rejects.toSatisfy((error) =>
      DomainError.is(error, "conflict"),
    );
    await expect(stack.services.webhooks.resend(ENV_ENDPOINT_ID, delivery!.id, ADMIN)).rejects.toSatisfy(
      (error) => DomainError.is(error, "not-found"),
    );
  });

  it("after an outage, only the endpoint that works again gets its dead deliveries back (decision 079 per endpoint)", async () => {
    // Failures below the endpoint's circuit (decision 124): the job's own schedule runs out. (Its
    // circuit opening instead: tests/reliability/circuits.test.ts.)
    const stack = await leadStack(handle, null, undefined, { circuitFailuresToOpen: 1_000 });
    const down = await endpoint(stack, "/down", ["lead.created"]);
    const up = await endpoint(stack, "/up", ["lead.created"]);
    hooks.failPath("/down", ...Array(8).fill(503));
    const lead = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "queda@example.com" } }),
    );
    await stack.worker.kick();
    // Its 8 attempts on the job schedule (30 s, 2 min, 10 min, 30 min, then hourly).
    for (const wait of [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000]) {
      stack.clock.advance(wait);
      await stack.worker.kick();
    }
    const deadJob = async () =>
      (await webhookJobs(lead.leadId)).find((job) => job.webhookEndpointId === down.id)!;
    expect(await deadJob()).toMatchObject({ status: "dead", exhausted: true, attempts: 8 });
    expect(hooks.at("/up")).toHaveLength(1);

    // Another endpoint working says nothing of this one.
    await stack.services.webhooks.sendTest(up.id, ADMIN);
    await stack.worker.kick();
    expect((await deadJob()).status).toBe("dead");
    // This one answering again brings its dead deliveries back at once.
    await stack.services.webhooks.sendTest(down.id, ADMIN);
    await stack.worker.kick();
    expect(await deadJob()).toMatchObject({ status: "done" });
    expect(payloads("/down").map((p) => p.type)).toEqual(["webhook.test", "lead.created"]);
  });

  it("a disabled endpoint gets nothing, not even what was queued before it was switched off", async () => {
    const stack = await leadStack(handle, null);
    const later = await endpoint(stack, "/later-off", ["lead.created"]);
    const lead = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "off@example.com" } }),
    );
    await stack.services.webhooks.setEnabled(later.id, false, ADMIN);
    await stack.worker.kick();
    expect(hooks.received).toHaveLength(0);
    const [job] = await webhookJobs(lead.leadId);
    expect(job).toMatchObject({ status: "dead", lastError: "não enviado: endpoint desativado" });
    // Nothing new is queued while it is off.
    const second = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "off2@example.com" } }),
    );
    expect(await webhookJobs(second.leadId)).toHaveLength(0);
    // Deleted, its log goes with it.
    await stack.services.webhooks.remove(later.id, ADMIN);
    expect(await webhookJobs(lead.leadId)).toHaveLength(0);
  });

  it("LEAD_WEBHOOK_URL still delivers as one endpoint: its old body and X-Lead-* signature, and Standard Webhooks headers", async () => {
    const secret = "webhook-secret-0123456789";
    const stack = await leadStack(handle, null, undefined, {
      webhookUrl: `${hooks.url}/env`,
      webhookSecret: secret,
    });
    hooks.expectSigned("/env", secret, { format: "raw" });
    const [listed] = await stack.services.webhooks.list();
    expect(listed).toMatchObject({
      id: ENV_ENDPOINT_ID,
      source: "env",
      url: `${hooks.url}/env`,
      secret: null,
    });
    await expect(stack.services.webhooks.update(ENV_ENDPOINT_ID, {}, ADMIN)).rejects.toSatisfy((error) =>
      DomainError.is(error, "conflict"),
    );

    // Each step delivered before the next (a cycle's jobs run side by side, in no set order).
    const captured = await stack.leads.submit(
      stack.submission({ formKey: "demo", stage: "capture", answers: captureAnswers }),
    );
    await stack.worker.kick();
    await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        leadId: captured.leadId,
        accessToken: captured.accessToken,
        answers: hotDemoAnswers,
      }),
    );
    await stack.worker.kick();
    const once = await stack.leads.submit(
      stack.submission({
        formKey: "demo",
        answers: { ...hotDemoAnswers, emailContato: "outra@agrosul.com.br" },
      }),
    );
    await stack.worker.kick();
    await enqueueLeadEvent(
      handle.db,
      once.leadId,
      "lead.outcome_changed",
      { outcome: { current: "Ganho" } },
      stack.clock.now(),
    );
    await stack.worker.kick();
    expect(hooks.refused).toEqual([]);
    const sent = hooks.at("/env");
    // Its receivers' names, as before decision 103: a lead sent complete at once is one lead.completed.
    expect(sent.map((hook) => [hook.headers["x-lead-event"], JSON.parse(hook.body).lead.id])).toEqual([
      ["lead.captured", captured.leadId],
      ["lead.completed", captured.leadId],
      ["lead.completed", once.leadId],
      ["lead.outcome_changed", once.leadId],
    ]);
    for (const hook of sent) {
      const { createHmac } = await import("node:crypto");
      const timestamp = String(hook.headers["x-lead-timestamp"]);
      expect(hook.headers["x-lead-signature"]).toBe(
        `sha256=${createHmac("sha256", secret).update(`${timestamp}.${hook.body}`).digest("hex")}`,
      );
      expect(hook.headers["webhook-timestamp"]).toBe(timestamp);
    }
    expect(JSON.parse(sent[3]!.body).outcome).toEqual({ current: "Ganho" });
    expect(await stack.services.webhooks.deliveries(ENV_ENDPOINT_ID)).toHaveLength(4);

    // Unset, it is no longer an endpoint.
    await stack.services.webhooks.syncEnvironment(undefined);
    expect(await stack.services.webhooks.list()).toEqual([]);
  });

  it("enqueueLeadEvent queues lead.outcome_changed for the endpoints subscribed to it, in the caller's transaction", async () => {
    const stack = await leadStack(handle, null);
    await endpoint(stack, "/outcomes", ["lead.outcome_changed"]);
    await endpoint(stack, "/created", ["lead.created"]);
    const lead = await stack.leads.submit(
      stack.submission({ formKey: "newsletter", answers: { email: "ganho@example.com" } }),
    );
    await stack.worker.kick();
    expect(hooks.at("/outcomes")).toHaveLength(0);

    // Rolled back with the change it announced: nothing is sent.
    await handle.db
      .transaction(async (tx) => {
        const outcome = { current: "Perdido" };
        expect(
          await enqueueLeadEvent(tx, lead.leadId, "lead.outcome_changed", { outcome }, stack.clock.now()),
        ).toBe(1);
        tx.rollback();
      })
      .catch(() => {});
    const outcome = { previous: "Em atendimento", current: "Ganho", status: "Done" };
    const queued = await handle.db.transaction((tx) =>
      enqueueLeadEvent(tx, lead.leadId, "lead.outcome_changed", { outcome }, stack.clock.now()),
    );
    expect(queued).toBe(1);
    await stack.worker.kick();
    expect(payloads("/outcomes")).toEqual([
      {
        type: "lead.outcome_changed",
        timestamp: stack.clock.now().toISOString(),
        data: expect.objectContaining({ id: lead.leadId, outcome }),
      },
    ]);
    expect(payloads("/created").map((p) => p.type)).toEqual(["lead.created"]);

    // A lead held as spam announces nothing; released, it is created then.
    const spam = await stack.leads.submit({
      ...stack.submission({ formKey: "newsletter", answers: { email: "rapido@example.com" } }),
      formToken: null,
    });
    expect(
      await enqueueLeadEvent(handle.db, spam.leadId, "lead.outcome_changed", null, stack.clock.now()),
    ).toBe(0);
    await stack.leads.release({ email: ADMIN }, spam.leadId);
    await stack.worker.kick();
    expect(payloads("/created").map((p) => p.data.id)).toEqual([lead.leadId, spam.leadId]);
  });

  it("a test message is sent once to the endpoint asked, and shows in its log", async () => {
    const stack = await leadStack(handle, null);
    const made = await endpoint(stack, "/test", ["lead.created"]);
    await stack.services.webhooks.sendTest(made.id, ADMIN);
    expect(payloads("/test")).toEqual([
      {
        type: "webhook.test",
        timestamp: expect.any(String),
        data: { message: expect.stringContaining("Teste"), endpointId: made.id },
      },
    ]);
    const [delivery] = await stack.services.webhooks.deliveries(made.id);
    expect(delivery).toMatchObject({ event: "webhook.test", status: "done", httpStatus: 200, lead: null });
    // A failed test is one answer: not retried, nor revived when the endpoint works again.
    hooks.failPath("/test", 503);
    const failed = await stack.services.webhooks.sendTest(made.id, ADMIN);
    const [job] = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.id, failed));
    expect(job).toMatchObject({ status: "dead", exhausted: false, lastError: "HTTP 503: erro" });
    // Nor is it a failed delivery on the dashboard.
    expect(await deliveryCounts(handle.db)).toEqual({ pending: 0, failed: 0 });
  });

  it("the admin's form names each bad field; production refuses http and internal addresses", async () => {
    const production = new WebhookEndpoints({
      db: handle.db,
      policy: { allowInternal: false },
      kick: async () => {},
    });
    const refusal = await production
      .create({ url: "http://169.254.169.254/latest", description: "x".repeat(201), events: [] }, "a")
      .catch((error: DomainError) => error);
    expect(DomainError.is(refusal, "invalid-fields")).toBe(true);
    expect((refusal as DomainError).details?.errors).toEqual({
      url: expect.stringMatching(/^Endereço \(URL\): use https/),
      description: "Descrição: use no máximo 200 caracteres.",
      events: "Eventos: escolha pelo menos um evento.",
    });
    const internal = await production
      .create({ url: "https://10.0.0.5/in", events: ["lead.created"], enabled: true }, "a")
      .catch((error: DomainError) => error);
    expect((internal as DomainError).details?.errors).toEqual({
      url: expect.stringContaining("10.0.0.5 é um endereço interno"),
    });
    const made = await production.create(
      { url: "https://crm.exemplo.com.br/in", events: ["lead.qualified", "lead.created"], enabled: true },
      "a",
    );
    // Events are kept in their own order, whatever order they were posted in.
    expect(made).toMatchObject({ events: ["lead.created", "lead.qualified"], source: "admin" });
    expect(made.secret).toMatch(/^whsec_/);
    await production.rotateSecret(made.id, "a");
    expect((await production.get(made.id))!.secret).not.toBe(made.secret);
  });

  it("a name that resolves to an internal address is refused before connecting, in production", async () => {
    const url = `${hooks.url.replace("127.0.0.1", "localhost")}/dns`;
    const refused = await postWebhook(url, "{}", {}, { timeoutMs: 2_000, allowInternal: false }).catch(
      (error: WebhookSendError) => error,
    );
    expect(refused).toBeInstanceOf(WebhookSendError);
    expect(refused).toMatchObject({ kind: "blocked" });
    expect(hooks.at("/dns")).toHaveLength(0);
    const allowed = await postWebhook(url, "{}", {}, { timeoutMs: 2_000, allowInternal: true });
    expect(allowed.status).toBe(200);
  });
});
