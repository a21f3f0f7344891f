/**
 * The staff side of support tickets (decision 130) through the composition root, the fake Jira with
 * its signed webhooks and the fake SMTP server, on the embedded database and PostgreSQL: every
 * company's tickets in one inbox with its filters, staff replies the customer reads in the portal
 * (e-mailed, and posted to the Jira issue once, its echo not shown twice), status moves that Jira
 * follows, and the same inbox working while Jira is not configured, delivered once it is.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { auditLog, deliveryJobs, users } from "@server/db/schema.ts";
import { jiraWebhook } from "@server/http/jira-webhook.ts";
import type { PortalActor } from "@server/portal/members.ts";
import type { SupportStaff } from "@server/portal/support-desk.ts";
import { requeueSimulatedTickets } from "@server/portal/ticket-delivery.ts";
import { adfToText } from "@server/tracker/adf.ts";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { type FakeSmtp, startFakeSmtp } from "../fakes/smtp.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { leadStack, testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";
import { tempDataDir } from "../support/server-process.ts";

afterAll(dropCreatedDatabases);

const WEBHOOK_SECRET = "segredo-do-webhook-de-teste-123";
const PASSWORD_HASH = testHasher.hash("senha-forte-1");

describe.each(databaseTargets())("the staff's support inbox on $name (decision 130)", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;
  let smtp: FakeSmtp;
  let receiver: import("node:http").Server;
  let dataDir: string;
  const clock = testClock();

  async function person(
    stack: Awaited<ReturnType<typeof leadStack>>,
    email: string,
    role: CompanyRole | "staff",
    companyId: string | null,
  ): Promise<PortalActor & SupportStaff> {
    const [user] = await handle.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        username: email.replace(/[^a-z0-9]/g, ""),
        name: email.split("@")[0]!,
        role: role === "staff" ? "admin" : "customer",
        companyId,
        companyRole: role === "staff" ? null : role,
        passwordHash: await PASSWORD_HASH,
        preferences: { language: "pt" },
      })
      .returning();
    void stack;
    return {
      id: user!.id,
      name: user!.name,
      email: user!.email,
      companyId: companyId ?? "",
      role: role === "staff" ? "owner" : role,
    };
  }

  async function deliver(stack: Awaited<ReturnType<typeof leadStack>>) {
    while ((await stack.worker.kick()) > 0) {}
  }

  async function world(withJira: boolean) {
    const stack = await leadStack(handle, withJira ? jira : null, clock, {
      env: { JIRA_WEBHOOK_SECRET: WEBHOOK_SECRET, SMTP_URL: smtp.url, DATA_DIR: dataDir },
    });
    const agro = await stack.services.companies.create({
      cnpj: "12.ABC.345/01DE-35",
      legalName: "Agro Sul Comércio de Grãos Ltda",
      tradeName: "Agro Sul",
      planId: "profissional",
    });
    const other = await stack.services.companies.create({
      cnpj: "11.222.333/0001-81",
      legalName: "Outra Empresa Ltda",
    });
    return { stack, agro, other };
  }

  beforeEach(async () => {
    [handle, jira, smtp] = await Promise.all([target.open(), startFakeJira(), startFakeSmtp()]);
    dataDir = tempDataDir();
    jira.setNow(clock.now);
  });
  afterEach(async () => {
    if (receiver) await new Promise((resolve) => receiver.close(resolve));
    await Promise.all([jira.close(), smtp.close()]);
    await handle.close();
  });

  it("with Jira: the inbox, a staff reply the customer reads (e-mailed, one comment in Jira), moves Jira follows", async () => {
    const { stack, agro, other } = await world(true);
    const app = express();
    app.use(jiraWebhook(stack.services));
    receiver = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => receiver.once("listening", resolve));
    jira.configureWebhook({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/jira`,
      secret: WEBHOOK_SECRET,
    });
    const ana = await person(stack, "ana@agrosul.com.br", "member", agro.id);
    const bia = await person(stack, "bia@outra.com.br", "owner", other.id);
    const staff = await person(stack, "suporte@vertice.local", "staff", null);
    const { tickets, supportDesk } = stack.services;
    const nfe = await tickets.open(
      ana,
      {
        category: "problema",
        priority: "alta",
        subject: "Nota fiscal não é emitida",
        description: "Ao emitir a NF-e do pedido 123 aparece erro de rejeição.",
      },
      [{ filename: "tela.png", bytes: ONE_PIXEL_PNG }],
    );
    clock.advance(60_000);
    const invoice = await tickets.open(
      bia,
      {
        category: "financeiro",
        priority: "baixa",
        subject: "Segunda via do boleto",
        description: "Preciso da segunda via do boleto de novembro.",
      },
      [],
    );
    await deliver(stack);
    expect(jira.issues.map((i) => i.key).sort()).toEqual(["SUPP-1", "SUPP-2"]);

    // Every company's tickets, newest activity first, both waiting for an answer.
    let list = await supportDesk.list();
    expect(list.items.map((t) => [t.subject, t.company.name, t.waiting, t.trackerKey])).toEqual([
      ["Segunda via do boleto", "Outra Empresa Ltda", true, expect.stringMatching(/^SUPP-\d$/)],
      ["Nota fiscal não é emitida", "Agro Sul", true, expect.stringMatching(/^SUPP-\d$/)],
    ]);
    expect(list).toMatchObject({ total: 2, open: 2, waiting: 2 });
    expect((await supportDesk.list({ search: "agro sul" })).items.map((t) => t.id)).toEqual([nfe.id]);
    expect((await supportDesk.list({ search: nfe.protocol })).items.map((t) => t.id)).toEqual([nfe.id]);
    expect((await supportDesk.list({ priority: "baixa" })).items.map((t) => t.id)).toEqual([invoice.id]);
    expect((await supportDesk.list({ companyId: agro.id })).items.map((t) => t.id)).toEqual([nfe.id]);
    expect((await supportDesk.list({ status: "resolvido" })).total).toBe(0);

    // The thread with its file; staff read any company's file.
    let detail = await supportDesk.get(nfe.id);
    expect(detail).toMatchObject({
      company: { name: "Agro Sul", cnpj: "12ABC34501DE35" },
      reporterEmail: "ana@agrosul.com.br",
    });
    const key = detail.trackerKey!;
    const issue = jira.issues.find((i) => i.key === key)!;
    const file = await supportDesk.attachment(nfe.id, detail.attachments[0]!.id);
    expect(Buffer.compare(file.bytes, Buffer.from(ONE_PIXEL_PNG))).toBe(0);

    // A staff reply: the customer reads it at once, unread; she is e-mailed; Jira gets one comment,
    // whose echo by webhook is not shown a second time.
    clock.advance(60_000);
    await supportDesk.reply(staff, nfe.id, "Olá, Ana! Pode nos mandar o XML da nota?");
    const portal = await tickets.list(ana);
    expect(portal.items[0]).toMatchObject({ id: nfe.id, unread: true });
    await deliver(stack);
    await jira.webhooksSettled();
    const comments = issue.commentRecords.map((c) => adfToText(c.body));
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatch(/^suporte \(equipe de suporte\) via admin · ref\. [0-9a-f]{8}/);
    expect(comments[0]).toContain("Pode nos mandar o XML da nota?");
    const seen = await tickets.get(ana, nfe.id);
    expect(seen.messages.map((m) => [m.author, m.authorName, m.body])).toEqual([
      ["support", "suporte", "Olá, Ana! Pode nos mandar o XML da nota?"],
    ]);
    expect(smtp.messages.map((m) => [m.to, m.subject])).toEqual([
      [["ana@agrosul.com.br"], `Nova resposta no seu chamado ${key}`],
    ]);
    list = await supportDesk.list({ waiting: true });
    expect(list.items.map((t) => t.id)).toEqual([invoice.id]);

    // The customer answers: the ticket waits for us again.
    await tickets.reply(ana, nfe.id, "Segue o XML.", []);
    expect((await supportDesk.list({ waiting: true })).items.map((t) => t.id)).toEqual([nfe.id, invoice.id]);

    // Staff take it in hand, then resolve it: Jira follows by transitions; the customer hears of each.
    await supportDesk.move(staff, nfe.id, "start");
    await expect(supportDesk.move(staff, nfe.id, "start")).rejects.toThrow(
      "O chamado já está nesta situação.",
    );
    await deliver(stack);
    await jira.webhooksSettled();
    expect(issue.status).toBe("In Progress");
    detail = await supportDesk.get(nfe.id);
    expect(detail).toMatchObject({ status: "em-atendimento", statusName: "In Progress" });
    await supportDesk.move(staff, nfe.id, "resolve");
    await deliver(stack);
    await jira.webhooksSettled();
    expect(issue.status).toBe("Done");
    expect((await tickets.get(ana, nfe.id)).status).toBe("resolvido");
    await expect(supportDesk.reply(staff, nfe.id, "Mais uma coisa")).rejects.toThrow(/resolvido/);
    await deliver(stack);
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      `Nova resposta no seu chamado ${key}`,
      `Seu chamado ${key} está em atendimento`,
      `Seu chamado ${key} está resolvido`,
    ]);
    const actions = (await handle.db.select().from(auditLog).where(eq(auditLog.actor, staff.email))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(["ticket.staff-reply", "ticket.staff-start", "ticket.staff-resolve"]);
    await stack.worker.stop();
  });

  it("without Jira: staff answer all the same; once Jira is configured, the ticket and the reply reach it once", async () => {
    const simulated = await world(false);
    const ana = await person(simulated.stack, "ana@agrosul.com.br", "member", simulated.agro.id);
    const staff = await person(simulated.stack, "suporte@vertice.local", "staff", null);
    const ticket = await simulated.stack.services.tickets.open(
      ana,
      {
        category: "duvida",
        priority: "media",
        subject: "Como importar clientes?",
        description: "Temos uma planilha com 300 clientes.",
      },
      [],
    );
    await deliver(simulated.stack);
    const inbox = await simulated.stack.services.supportDesk.list();
    expect(inbox.items.map((t) => [t.subject, t.trackerKey, t.waiting])).toEqual([
      ["Como importar clientes?", null, true],
    ]);
    await simulated.stack.services.supportDesk.reply(
      staff,
      ticket.id,
      "Use Cadastros > Importar, com o modelo CSV.",
    );
    await deliver(simulated.stack);
    expect((await simulated.stack.services.tickets.get(ana, ticket.id)).messages.map((m) => m.body)).toEqual([
      "Use Cadastros > Importar, com o modelo CSV.",
    ]);
    expect(smtp.messages.map((m) => m.subject)).toEqual([`Nova resposta no seu chamado ${ticket.protocol}`]);
    await simulated.stack.worker.stop();

    // Jira configured: what simulated mode finished is queued again, in order; one issue, one comment.
    const configured = await leadStack(handle, jira, clock, {
      env: { SMTP_URL: smtp.url, DATA_DIR: dataDir },
    });
    await requeueSimulatedTickets(handle.db, clock.now());
    await deliver(configured);
    expect(jira.issues).toHaveLength(1);
    expect(jira.issues[0]!.commentRecords.map((c) => adfToText(c.body))).toEqual([
      expect.stringContaining("Use Cadastros > Importar"),
    ]);
    const jobs = await handle.db.select().from(deliveryJobs).where(eq(deliveryJobs.ticketId, ticket.id));
    expect(jobs.every((job) => job.status === "done")).toBe(true);
    await configured.worker.stop();
  });
});
