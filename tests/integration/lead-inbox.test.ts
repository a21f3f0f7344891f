import type { DatabaseHandle } from "@server/db/client.ts";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { hotDemoAnswers, leadStack } from "../support/lead-stack.ts";

afterAll(dropCreatedDatabases);

/** The staff member who acts in the admin (the audit log records them). */
const STAFF = { email: "equipe@vertice.com.br" };

const contact = {
  nome: "Ana Souza",
  email: "ana@example.com",
  telefone: "",
  mensagem: "Quero falar com vendas.",
};

describe.each(databaseTargets())("the admin's lead inbox on $name", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;

  beforeEach(async () => {
    [handle, jira] = await Promise.all([target.open(), startFakeJira()]);
  });
  afterEach(async () => {
    await jira.close();
    await handle.close();
  });

  it("lists with filters and search; a lead shows every delivery attempt", async () => {
    const stack = await leadStack(handle, jira);
    await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    await stack.leads.submit(stack.submission({ formKey: "contato", answers: contact }));
    expect((await stack.inbox.list({})).total).toBe(2);
    expect((await stack.inbox.list({ form: "contato" })).rows.map((r) => r.contact)).toEqual([
      "Ana Souza · ana@example.com",
    ]);
    expect((await stack.inbox.list({ level: "hot" })).rows.map((r) => r.form)).toEqual(["demo"]);
    expect((await stack.inbox.list({ q: "AGRO SUL" })).rows.map((r) => r.form)).toEqual(["demo"]);
    expect((await stack.inbox.list({ q: "100%_" })).total).toBe(0);
    expect((await stack.inbox.list({ from: "2999-01-01" })).total).toBe(0);
    const [demo] = (await stack.inbox.list({ form: "demo" })).rows;
    const detail = await stack.inbox.detail(demo!.id);
    const tracker = detail.jobs.find((job) => job.kind === "tracker")!;
    expect(tracker.status).toBe("done");
    expect(tracker.tries.map((t) => t.outcome)).toEqual(["ok"]);
    expect(await stack.inbox.forms()).toEqual(["contato", "demo"]);
  });

  it("a delivery that gave up is retried from the inbox and delivered once", async () => {
    const stack = await leadStack(handle, jira);
    // Jira refuses the request (a 400): a failure no retry can fix, so the job gives up at once.
    // (Refused credentials pause instead: decision 124, tests/reliability/circuits.test.ts.)
    jira.failNext(10, 400);
    const lead = await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    let detail = await stack.inbox.detail(lead.leadId);
    expect(detail.lead.deliveryStatus).toBe("failed");
    expect(detail.jobs.find((j) => j.kind === "tracker")!.status).toBe("dead");
    expect(jira.issues).toHaveLength(0);

    jira.reset();
    expect(await stack.inbox.retry(STAFF, lead.leadId)).toBe(1);
    await stack.worker.kick();
    detail = await stack.inbox.detail(lead.leadId);
    expect(detail.lead.deliveryStatus).toBe("delivered");
    expect(jira.issues).toHaveLength(1);
    await expect(stack.inbox.retry(STAFF, lead.leadId)).rejects.toMatchObject({
      kind: "conflict",
      message: "Este lead não tem entregas com falha.",
    });
  });

  it("a lead held as spam is released into delivery, or discarded", async () => {
    const stack = await leadStack(handle, jira);
    // Sent 1 s after the form was shown: faster than a person (spam), kept and answered as a success.
    const fast = stack.submission({ formKey: "demo", answers: hotDemoAnswers });
    const held = await stack.leads.submit({ ...fast, formToken: null });
    let detail = await stack.inbox.detail(held.leadId);
    expect(detail.lead.spamReason).not.toBeNull();
    expect(detail.jobs).toEqual([]);
    expect((await stack.inbox.list({ status: "spam" })).total).toBe(1);

    await stack.leads.release(STAFF, held.leadId);
    await stack.worker.kick();
    detail = await stack.inbox.detail(held.leadId);
    expect(detail.lead.spamReason).toBeNull();
    expect(detail.lead.deliveryStatus).toBe("delivered");
    expect(jira.issues).toHaveLength(1);
    await expect(stack.leads.release(STAFF, held.leadId)).rejects.toMatchObject({ kind: "conflict" });

    const other = await stack.leads.submit({
      ...stack.submission({ formKey: "contato", answers: contact }),
      formToken: null,
    });
    await stack.inbox.discardSpam(STAFF, other.leadId);
    await expect(stack.inbox.detail(other.leadId)).rejects.toMatchObject({ kind: "not-found" });
    await expect(stack.inbox.discardSpam(STAFF, held.leadId)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("a replayed form token delivers nothing more: the lead is held until an admin releases it", async () => {
    const stack = await leadStack(handle, jira);
    const first = stack.submission({ formKey: "contato", answers: contact });
    const delivered = await stack.leads.submit(first);
    expect(delivered.trackerKey).not.toBeNull();
    // A new request with the same token: answered alike, stored, held, no job queued.
    const replay = await stack.leads.submit({
      ...stack.submission({ formKey: "contato", answers: contact }),
      formToken: first.formToken,
    });
    let detail = await stack.inbox.detail(replay.leadId);
    expect(detail.lead).toMatchObject({ spamReason: "replayed-token", deliveryStatus: "spam" });
    expect(detail.jobs).toEqual([]);
    expect(jira.issues).toHaveLength(1);
    // The same request sent again (a retry) is not a replay: it answers the lead it made.
    expect((await stack.leads.submit(first)).leadId).toBe(delivered.leadId);

    await stack.leads.release(STAFF, replay.leadId);
    await stack.worker.kick();
    detail = await stack.inbox.detail(replay.leadId);
    expect(detail.lead.deliveryStatus).toBe("delivered");
    expect(jira.issues).toHaveLength(2);
  });

  it("erases a person's data on request: every lead of the e-mail, its Jira issue redacted, nothing else touched", async () => {
    const stack = await leadStack(handle, jira);
    const demo = await stack.leads.submit(stack.submission({ formKey: "demo", answers: hotDemoAnswers }));
    const other = await stack.leads.submit(
      stack.submission({ formKey: "contato", answers: { ...contact, email: "Outra@Example.com" } }),
    );
    await stack.worker.kick();
    expect(jira.issues).toHaveLength(2);

    const result = await stack.erasure.erase(STAFF, " MARIA@agrosul.com.br ");
    expect(result).toMatchObject({ leads: 1, trackerKeys: [demo.trackerKey], trackerFailures: [] });
    expect(result.subject).toMatch(/^[0-9a-f]{16}$/);
    const erased = (await stack.inbox.detail(demo.leadId)).lead;
    expect(erased.answers).toEqual({});
    expect(erased.tracking).toEqual({});
    expect(erased.clientHash).toBeNull();
    expect(erased.protocol).toBeTruthy();
    expect(erased.consentPurpose).toBeTruthy();
    const issue = jira.issues.find((i) => i.key === demo.trackerKey)!;
    expect(issue.edits.at(-1)).toMatchObject({
      summary: "[Dados removidos a pedido do titular - LGPD art. 18]",
    });
    expect(JSON.stringify(issue.edits.at(-1))).not.toContain("Maria");
    expect(JSON.stringify(issue.comments)).toContain("LGPD, art. 18, VI");
    // The other person is untouched.
    expect((await stack.inbox.detail(other.leadId)).lead.answers).toMatchObject({ nome: "Ana Souza" });
    expect((await stack.erasure.erase(STAFF, "ninguem@example.com")).leads).toBe(0);
    await expect(stack.erasure.erase(STAFF, "não-é-email")).rejects.toMatchObject({ kind: "invalid" });
  });
});
