/**
 * A support ticket's whole life (decision 094) through the composition root, the fake Jira and the
 * fake SMTP server, on the embedded database and PostgreSQL: opened with files, delivered once to
 * SUPP with its attachments, support's public replies and status brought back by signed webhooks
 * (restricted comments never), the customer's replies delivered as comments, resolve and reopen as
 * transitions, lost webhooks healed by the reconciliation, and a Jira outage during creation.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryJobs, supportTickets, users } from "@server/db/schema.ts";
import { jiraWebhook } from "@server/http/jira-webhook.ts";
import type { PortalActor } from "@server/portal/members.ts";
import { requeueSimulatedTickets } from "@server/portal/ticket-delivery.ts";
import type { SentFile } from "@server/portal/tickets.ts";
import { adfToText } from "@server/tracker/adf.ts";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { ONE_PIXEL_PNG as PNG_BYTES } from "../support/images.ts";
import { leadStack, testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";
import { tempDataDir } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const WEBHOOK_SECRET = "segredo-do-webhook-de-teste-123";
/** The hash of one password, made once for every account this file writes. */
const PASSWORD_HASH = testHasher.hash("senha-forte-1");
const CSV = new TextEncoder().encode("produto;quantidade\nSoja;120\nMilho;80\n");

describe.each(databaseTargets())("support tickets through Jira on $name (decision 094)", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;
  let smtp: FakeSmtp;
  let stack: Awaited<ReturnType<typeof leadStack>>;
  let receiver: import("node:http").Server;
  let companyId: string;
  let owner: PortalActor;
  let member: PortalActor;
  let colleague: PortalActor;
  let stranger: PortalActor;

  async function person(
    email: string,
    role: CompanyRole,
    company = companyId,
    language: "pt" | "en" = "pt",
  ): Promise<PortalActor> {
    const [user] = await handle.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        username: email.replace(/[^a-z0-9]/g, ""),
        name: email.split("@")[0]!,
        role: "customer",
        companyId: company,
        companyRole: role,
        passwordHash: await PASSWORD_HASH,
        preferences: { language },
      })
      .returning();
    return { id: user!.id, name: user!.name, email: user!.email, companyId: company, role };
  }

  /**
   * Runs due jobs until none is left (replies wait behind their ticket's create). Each write kicks
   * the worker itself; kick joins the cycle under way, so nothing is left running behind the test.
   */
  async function deliver() {
    while ((await stack.worker.kick()) > 0) {}
  }

  beforeEach(async () => {
    [handle, jira, smtp] = await Promise.all([target.open(), startFakeJira(), startFakeSmtp()]);
    // The product's webhook endpoint, as Express answers it before React Router.
    const clock = testClock();
    stack = await leadStack(handle, jira, clock, {
      env: { JIRA_WEBHOOK_SECRET: WEBHOOK_SECRET, SMTP_URL: smtp.url, DATA_DIR: tempDataDir() },
    });
    jira.setNow(clock.now);
    const app = express();
    app.use(jiraWebhook(stack.services));
    receiver = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => receiver.once("listening", resolve));
    jira.configureWebhook({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/jira`,
      secret: WEBHOOK_SECRET,
    });
    const company = await stack.services.companies.create({
      cnpj: "12.ABC.345/01DE-35",
      legalName: "Agro Sul Comércio de Grãos Ltda",
      tradeName: "Agro Sul",
      planId: "profissional",
    });
    companyId = company.id;
    owner = await person("dona@agrosul.com.br", "owner");
    member = await person("ana@agrosul.com.br", "member", companyId, "en");
    colleague = await person("bruno@agrosul.com.br", "member");
    const other = await stack.services.companies.create({
      cnpj: "11.222.333/0001-81",
      legalName: "Outra Empresa Ltda",
    });
    stranger = await person("dono@outra.com.br", "owner", other.id);
  });
  afterEach(async () => {
    await stack.worker.stop();
    await new Promise((resolve) => receiver.close(resolve));
    await Promise.all([jira.close(), smtp.close()]);
    await handle.close();
  });

  const open = (actor: PortalActor, files: SentFile[] = [{ filename: "tela.png", bytes: PNG_BYTES }]) =>
    stack.services.tickets.open(
      actor,
      {
        category: "problema",
        priority: "alta",
        subject: "Nota fiscal não é emitida",
        description: "Ao emitir a NF-e do pedido 123 aparece erro de rejeição.\nJá tentamos duas vezes.",
      },
      files,
    );

  it("opens, delivers once with files, and talks both ways: replies, restricted notes, status, resolve, reopen", async () => {
    const ticket = await open(member, [
      { filename: "tela.png", bytes: PNG_BYTES },
      { filename: "estoque.csv", bytes: CSV },
    ]);
    expect(ticket.protocol).toMatch(/^SUP-\d{8}-[0-9A-Z]{6}$/);
    // Stored and answered before Jira is asked: the worker the write kicked delivers it after.
    expect(ticket.trackerKey).toBeNull();

    await deliver();
    expect(jira.issues).toHaveLength(1);
    const issue = jira.issues[0]!;
    expect(issue.projectKey).toBe("SUPP");
    expect(issue.key).toBe("SUPP-1");
    expect(issue.priority).toBe("High");
    expect(issue.summary).toBe("[Problema] Nota fiscal não é emitida");
    expect(issue.labels).toEqual(
      expect.arrayContaining(["portal", "empresa-12abc34501de35", "cat-problema", `ticket-${ticket.id}`]),
    );
    const description = adfToText(issue.description);
    for (const part of [
      "Agro Sul",
      "12.ABC.345/01DE-35",
      "Profissional",
      "ana@agrosul.com.br",
      ticket.protocol,
    ])
      expect(description).toContain(part);
    expect(description).toContain("Já tentamos duas vezes.");
    expect(issue.attachments.map((a) => [a.filename, a.mimeType, a.size])).toEqual([
      ["tela.png", "image/png", PNG_BYTES.byteLength],
      ["estoque.csv", "text/csv", CSV.byteLength],
    ]);
    expect(Buffer.compare(issue.attachments[0]!.content, Buffer.from(PNG_BYTES))).toBe(0);
    let detail = await stack.services.tickets.get(member, ticket.id);
    expect(detail).toMatchObject({ delivered: true, trackerKey: "SUPP-1", status: "aberto" });

    // Support answers in public, and writes an internal note the customer must never see.
    stack.clock.advance(60_000);
    jira.addSupportComment("SUPP-1", "Olá, Ana! Pode nos mandar o XML da nota?");
    jira.addSupportComment("SUPP-1", "Nota interna: cliente com contrato em atraso.", {
      visibility: { type: "role", value: "Administrators" },
    });
    await jira.webhooksSettled();
    const list = await stack.services.tickets.list(member);
    expect(list.items[0]).toMatchObject({ id: ticket.id, unread: true });
    detail = await stack.services.tickets.get(member, ticket.id);
    expect(detail.messages.map((m) => [m.author, m.body])).toEqual([
      ["support", "Olá, Ana! Pode nos mandar o XML da nota?"],
    ]);
    expect((await stack.services.tickets.list(member)).items[0]!.unread).toBe(false);

    // The reporter hears of the reply by e-mail, in her language, with a link and not the reply.
    await deliver();
    const replyMail = smtp.messages.find((m) => m.to.includes("ana@agrosul.com.br"));
    expect(replyMail?.subject).toBe("New reply on your ticket SUPP-1");
    expect(replyMail?.text).toContain(`http://localhost/user/suporte/${ticket.id}`);
    expect(replyMail?.text).not.toContain("XML da nota");

    // The customer answers with a file: one comment, opening with who wrote it, and the file.
    await stack.services.tickets.reply(member, ticket.id, "Segue o XML.\nObrigada!", [
      { filename: "nota.csv", bytes: CSV },
    ]);
    await deliver();
    await jira.webhooksSettled();
    const comments = issue.commentRecords.map((c) => adfToText(c.body));
    expect(comments).toHaveLength(3);
    expect(comments[2]).toMatch(/^ana \(Agro Sul\) via portal · ref\. [0-9a-f]{8}/);
    expect(comments[2]).toContain("Segue o XML.");
    expect(issue.attachments.map((a) => a.filename)).toContain("nota.csv");
    detail = await stack.services.tickets.get(member, ticket.id);
    // Jira's echo of the portal's own comment is not shown as support's.
    expect(detail.messages.map((m) => m.author)).toEqual(["support", "customer"]);
    expect(detail.messages[1]).toMatchObject({ pending: false, body: "Segue o XML.\nObrigada!" });

    // Support takes it: the status follows Jira's category.
    jira.transitionAsSupport("SUPP-1", "Em andamento");
    await jira.webhooksSettled();
    expect((await stack.services.tickets.get(member, ticket.id)).status).toBe("em-atendimento");

    // The customer resolves it: Jira follows by a transition found by name.
    await stack.services.tickets.resolve(member, ticket.id);
    expect((await stack.services.tickets.get(member, ticket.id)).status).toBe("resolvido");
    await deliver();
    await jira.webhooksSettled();
    expect(issue.status).toBe("Done");
    detail = await stack.services.tickets.get(member, ticket.id);
    expect(detail).toMatchObject({ status: "resolvido", canReopen: true, canResolve: false });
    // A resolved ticket takes no reply (Jira's done issue would leave it unread): reopen first.
    const repliesBefore = detail.messages.length;
    await expect(stack.services.tickets.reply(member, ticket.id, "Ainda está com erro.", [])).rejects.toThrow(
      "Este chamado está resolvido: reabra-o para responder ou abra um novo chamado.",
    );
    expect((await stack.services.tickets.get(member, ticket.id)).messages).toHaveLength(repliesBefore);

    // Reopened within 7 days: back to work in Jira.
    stack.clock.advance(3 * 24 * 3600_000);
    await stack.services.tickets.reopen(member, ticket.id);
    await deliver();
    await jira.webhooksSettled();
    expect(issue.status).toBe("To Do");
    expect((await stack.services.tickets.get(member, ticket.id)).status).toBe("aberto");

    // Resolved by support, and 8 days later it can no longer be reopened.
    jira.transitionAsSupport("SUPP-1", "Done");
    await jira.webhooksSettled();
    stack.clock.advance(8 * 24 * 3600_000);
    await expect(stack.services.tickets.reopen(member, ticket.id)).rejects.toThrow(/7 dias/);

    // Exactly one issue for the whole life, and every job done: the status e-mails went too, but
    // none for the changes the customer made herself.
    await deliver();
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      "New reply on your ticket SUPP-1",
      "Your ticket SUPP-1 is in progress",
      "Your ticket SUPP-1 is resolved",
    ]);
    expect(jira.issues).toHaveLength(1);
    const jobs = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.ticketId, ticket.id));
    expect(jobs.every((job) => job.status === "done")).toBe(true);
  });

  it("who sees what: the reporter, the company's owners; never a colleague's or another company's (not found)", async () => {
    const ticket = await open(member);
    await deliver();
    const [attachment] = (await stack.services.tickets.get(member, ticket.id)).attachments;
    expect((await stack.services.tickets.get(owner, ticket.id)).subject).toBe("Nota fiscal não é emitida");
    expect((await stack.services.tickets.list(owner)).total).toBe(1);
    expect((await stack.services.tickets.list(colleague)).total).toBe(0);
    expect((await stack.services.tickets.list(stranger)).total).toBe(0);
    for (const actor of [colleague, stranger]) {
      await expect(stack.services.tickets.get(actor, ticket.id)).rejects.toMatchObject({ kind: "not-found" });
      await expect(stack.services.tickets.attachment(actor, ticket.id, attachment!.id)).rejects.toMatchObject(
        { kind: "not-found" },
      );
      await expect(stack.services.tickets.reply(actor, ticket.id, "oi", [])).rejects.toMatchObject({
        kind: "not-found",
      });
    }
    const file = await stack.services.tickets.attachment(owner, ticket.id, attachment!.id);
    expect(Buffer.compare(file.bytes, Buffer.from(PNG_BYTES))).toBe(0);
    // Search and status filter.
    expect((await stack.services.tickets.list(owner, { search: "fiscal" })).total).toBe(1);
    expect((await stack.services.tickets.list(owner, { search: "SUPP-1" })).total).toBe(1);
    expect((await stack.services.tickets.list(owner, { search: "boleto" })).total).toBe(0);
    expect((await stack.services.tickets.list(owner, { status: "resolvido" })).total).toBe(0);
    expect((await stack.services.tickets.list(owner, { status: "aberto" })).total).toBe(1);
  });

  it("refuses files by what they are, naming them, and more than five", async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    await expect(open(member, [{ filename: "nota.pdf", bytes: exe }])).rejects.toThrow(
      "O arquivo nota.pdf não é de um tipo aceito",
    );
    await expect(
      open(
        member,
        Array.from({ length: 6 }, (_, i) => ({ filename: `f${i}.png`, bytes: PNG_BYTES })),
      ),
    ).rejects.toThrow("Anexe no máximo 5 arquivos.");
    expect(await handle.db.select().from(supportTickets)).toHaveLength(0);
  });

  it("a lost webhook is healed by the reconciliation: status and public replies", async () => {
    const ticket = await open(member);
    await deliver();
    jira.dropNextWebhooks(10);
    jira.addSupportComment("SUPP-1", "Corrigimos a rejeição: tente de novo.");
    jira.addSupportComment("SUPP-1", "interno", { visibility: { type: "group", value: "suporte" } });
    jira.transitionAsSupport("SUPP-1", "Done");
    await jira.webhooksSettled();
    let detail = await stack.services.tickets.get(member, ticket.id);
    expect(detail.messages).toHaveLength(0);
    expect(detail.status).toBe("aberto");

    const report = await stack.services.reconciliation!.run();
    expect(report).toMatchObject({ issues: 1 });
    detail = await stack.services.tickets.get(member, ticket.id);
    expect(detail.status).toBe("resolvido");
    expect(detail.messages.map((m) => m.body)).toEqual(["Corrigimos a rejeição: tente de novo."]);
    // A second run changes nothing.
    expect(await stack.services.reconciliation!.run()).toMatchObject({ applied: 0 });
  });

  it("a comment event whose body is wiki text (as Jira's webhooks have long sent) shows as text", async () => {
    const ticket = await open(member);
    await deliver();
    jira.configureWebhook({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/jira`,
      secret: WEBHOOK_SECRET,
      commentBodyFormat: "text",
    });
    jira.addSupportComment("SUPP-1", "Primeira linha\nSegunda linha");
    await jira.webhooksSettled();
    const detail = await stack.services.tickets.get(member, ticket.id);
    expect(detail.messages.map((m) => m.body)).toEqual(["Primeira linha\nSegunda linha"]);
  });

  it("tickets kept while Jira was not configured are delivered, in order, once it is", async () => {
    const simulated = await leadStack(handle, null, stack.clock, {
      env: { DATA_DIR: stack.services.config.DATA_DIR },
    });
    const ticket = await simulated.services.tickets.open(
      member,
      {
        category: "duvida",
        priority: "baixa",
        subject: "Dúvida sem Jira",
        description: "Como emitir boleto?",
      },
      [{ filename: "tela.png", bytes: PNG_BYTES }],
    );
    await simulated.services.tickets.reply(member, ticket.id, "Mais um detalhe.", []);
    while ((await simulated.worker.kick()) > 0) {}
    await simulated.worker.stop();
    expect(jira.issues).toHaveLength(0);

    expect(await requeueSimulatedTickets(handle.db, stack.clock.now())).toBe(2);
    await deliver();
    expect(jira.issues).toHaveLength(1);
    expect(jira.issues[0]!.attachments).toHaveLength(1);
    expect(jira.issues[0]!.comments.map((c) => adfToText(c))).toEqual([
      expect.stringContaining("Mais um detalhe."),
    ]);
    // Delivered: a later start requeues nothing.
    expect(await requeueSimulatedTickets(handle.db, stack.clock.now())).toBe(0);
  });

  it("Jira down while a ticket is created: delivered once, later", async () => {
    jira.setDown(true);
    const ticket = await open(member);
    await deliver();
    expect(jira.issues).toHaveLength(0);
    jira.setDown(false);
    // The answer of the next create is lost: the retry finds the issue by its label.
    jira.loseResponseOfNextCreate();
    stack.clock.advance(60_000);
    await deliver();
    stack.clock.advance(5 * 60_000);
    await deliver();
    expect(jira.issues).toHaveLength(1);
    expect(jira.issues[0]!.attachments).toHaveLength(1);
    expect((await stack.services.tickets.get(member, ticket.id)).trackerKey).toBe("SUPP-1");
  });
});
