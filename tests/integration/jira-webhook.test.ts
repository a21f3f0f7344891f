/**
 * POST /api/webhooks/jira (decision 092) against the built server: Jira admin webhooks, signed with
 * JIRA_WEBHOOK_SECRET, record the status of each lead's issue once; forgeries and replays change
 * nothing; without a secret the endpoint does not exist. On the embedded database and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { issueFormToken } from "@server/leads/spam.ts";
import { Signer } from "@server/secrets.ts";
import { signatureFor } from "@server/tracker/webhook.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeJira, jiraEnv, startFakeJira } from "../fakes/jira.ts";
import { createPostgresDatabase, dropCreatedDatabases } from "../support/databases.ts";
import {
  freshDataDir,
  loginToken,
  runCli,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process.ts";

const SECRET = "webhook-test-secret-0123456789abcdef";
const WEBHOOK_SECRET = "segredo-do-jira-0123456789";
const postgresUrl = process.env.TEST_DATABASE_URL;
const targets: { name: string; env: () => Promise<Record<string, string>> }[] = [
  { name: "pglite", env: async () => ({ DATA_DIR: await freshDataDir() }) },
];
if (postgresUrl)
  targets.push({
    name: "postgres",
    env: async () => ({ DATABASE_URL: await createPostgresDatabase(postgresUrl) }),
  });

afterAll(dropCreatedDatabases);

/** A Jira issue event as Jira sends it: the issue's key, status with its category, and update time. */
function issueUpdated(key: string, status: string, category: string, updated: string) {
  return JSON.stringify({
    timestamp: Date.parse(updated),
    webhookEvent: "jira:issue_updated",
    issue_event_type_name: "issue_generic",
    issue: {
      id: "10001",
      key,
      fields: { status: { name: status, statusCategory: { id: 4, key: category, name: "x" } }, updated },
    },
  });
}

describe.each(targets)("Jira's webhooks on $name", (target) => {
  let jira: FakeJira;
  let server: ServerProcess;
  let admin: string;
  let lead: { leadId: string; protocol: string };

  const deliver = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/webhooks/jira`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    });
  const signed = (body: string, identifier: string = randomUUID()) =>
    deliver(body, {
      "X-Hub-Signature": signatureFor(body, WEBHOOK_SECRET),
      "X-Atlassian-Webhook-Identifier": identifier,
    });
  const leadPage = async () =>
    (
      await fetch(`${server.url}/admin/leads/${lead.leadId}`, {
        headers: { Authorization: `Bearer ${admin}` },
      })
    ).text();

  beforeAll(async () => {
    jira = await startFakeJira();
    const database = await target.env();
    const created = await runCli(
      ["user-create", "--email", "staff@vertice.com", "--password", "senha-da-equipe", "--role", "admin"],
      database,
    );
    expect(created.code, created.output).toBe(0);
    server = await startServerProcess({
      ...database,
      ...jiraEnv(jira),
      JIRA_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SESSION_SECRET: SECRET,
    });
    admin = await loginToken(server.url, "staff@vertice.com", "senha-da-equipe");
    const response = await fetch(`${server.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({
        form: "contato",
        answers: { nome: "Ana Souza", email: "ana@agrosul.com.br", mensagem: "Quero uma proposta do ERP." },
        requestKey: randomUUID(),
        formToken: issueFormToken(new Signer(SECRET), Date.now() - 10_000),
        tracking: { page: `${server.url}/contato` },
      }),
    });
    expect(response.status).toBe(201);
    lead = await response.json();
    await vi.waitFor(() => expect(jira.issues).toHaveLength(1), { timeout: 10_000 });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await jira?.close();
  });

  it("refuses an unsigned or forged delivery with 401 JSON, and anything but POST", async () => {
    const body = issueUpdated("FDVW-1", "Done", "done", "2026-11-26T10:00:00.000+0000");
    const unsigned = await deliver(body);
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ message: "Assinatura do webhook inválida." });
    const forged = await deliver(body, { "X-Hub-Signature": signatureFor(body, "outro-segredo-qualquer") });
    expect(forged.status).toBe(401);
    const tampered = await deliver(body.replace("Done", "Won"), {
      "X-Hub-Signature": signatureFor(body, WEBHOOK_SECRET),
    });
    expect(tampered.status).toBe(401);
    expect((await fetch(`${server.url}/api/webhooks/jira`)).status).toBe(405);
    const broken = "{not json";
    expect((await deliver(broken, { "X-Hub-Signature": signatureFor(broken, WEBHOOK_SECRET) })).status).toBe(
      400,
    );
  });

  it("records the status of a lead's issue once: a repeated delivery and an older update change nothing", async () => {
    const key = jira.issues[0]!.key;
    const first = await signed(
      issueUpdated(key, "Em análise", "indeterminate", "2026-11-26T10:00:00.000+0000"),
      "entrega-1",
    );
    expect(first.status).toBe(204);
    expect(await leadPage()).toContain("Em análise");
    // Jira retries a delivery with its identifier: the same identifier with another body is not applied.
    expect(
      (await signed(issueUpdated(key, "Done", "done", "2026-11-26T11:00:00.000+0000"), "entrega-1")).status,
    ).toBe(204);
    expect(await leadPage()).toContain("Em análise");
    // Out of order: an update older than the one known changes nothing; a newer one does.
    expect((await signed(issueUpdated(key, "To Do", "new", "2026-11-26T09:00:00.000+0000"))).status).toBe(
      204,
    );
    expect(await leadPage()).toContain("Em análise");
    expect((await signed(issueUpdated(key, "Ganho", "done", "2026-11-26T12:00:00.000+0000"))).status).toBe(
      204,
    );
    const page = await leadPage();
    expect(page).toContain("Ganho");
    expect(page).not.toContain("Em análise");
    const deleted = JSON.stringify({
      webhookEvent: "jira:issue_deleted",
      issue: { key, fields: { updated: "2026-11-26T13:00:00.000+0000" } },
    });
    expect((await signed(deleted)).status).toBe(204);
    expect(await leadPage()).toContain("Excluído no Jira");
    // An issue the product did not create is accepted and ignored.
    expect(
      (await signed(issueUpdated("OUTRO-9", "Done", "done", "2026-11-26T10:00:00.000+0000"))).status,
    ).toBe(204);
  });
});

describe("Jira's webhooks without JIRA_WEBHOOK_SECRET", () => {
  it("do not exist: 404 JSON", async () => {
    const server = await startServerProcess();
    try {
      const response = await fetch(`${server.url}/api/webhooks/jira`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    } finally {
      await server.stop();
    }
  });
});
