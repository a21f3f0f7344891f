/**
 * GET /api/json/user-dashboard from real data (decision 093): the Express app as
 * server/server.ts builds it, over the production build, on the embedded database and on
 * PostgreSQL (with Redis when CI provides it). A company's tickets and people make its dashboard;
 * another company's never appear in it.
 */
import { randomUUID } from "node:crypto";
import type { UserDashboardData } from "@domain/content/schemas.ts";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import { RedisStore } from "@server/cache/remote-store.ts";
import { invoices, supportTickets, ticketMessages, users } from "@server/db/schema.ts";
import type { PortalActor } from "@server/portal/members.ts";
import { portalMessages } from "@server/portal/messages.ts";
import { type BuiltServices, stopServices } from "@server/services.ts";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { listenInProcess, productionServices } from "../support/in-process-app.ts";
import { testHasher } from "../support/passwords.ts";
import { tempDataDir } from "../support/server-process.ts";
import { signInInProcess } from "../support/two-factor.ts";

const PASSWORD = "senha-forte-1";
/** The hash of one password, made once for every account this file writes. */
const PASSWORD_HASH = testHasher.hash(PASSWORD);
const redisPrefix = `test-dashboard-${process.pid}-${Date.now()}:`;

afterAll(async () => {
  await dropCreatedDatabases();
  if (process.env.TEST_REDIS_URL) {
    const redis = new RedisStore(process.env.TEST_REDIS_URL, pino({ level: "silent" }), redisPrefix);
    await redis.deleteMatching("*");
    await redis.close();
  }
});

describe.each(databaseTargets())("the customer's dashboard from company data on $name", (target) => {
  let services: BuiltServices;
  let app: Awaited<ReturnType<typeof listenInProcess>>;
  let url: string;
  const tokens: Record<string, string> = {};
  let ticketId: string;
  let otherTicketId: string;

  async function person(
    email: string,
    options: { companyId: string | null; role: CompanyRole | null; staff?: boolean },
  ): Promise<PortalActor> {
    const [user] = await services.database.db
      .insert(users)
      .values({
        id: randomUUID(),
        email,
        username: email.replace(/[^a-z0-9]/g, ""),
        name: email.split("@")[0]!,
        role: options.staff ? "admin" : "customer",
        companyId: options.companyId,
        companyRole: options.role,
        passwordHash: await PASSWORD_HASH,
        preferences: {},
      })
      .returning();
    tokens[email] = await signInInProcess(services, email, PASSWORD);
    return {
      id: user!.id,
      name: user!.name,
      email: user!.email,
      companyId: options.companyId ?? "",
      role: options.role ?? "member",
    };
  }

  const dashboard = async (email: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/api/json/user-dashboard`, {
      headers: { Authorization: tokens[email]!, Accept: "application/json", ...headers },
    });
    return { response, text: await response.text() };
  };
  const data = (text: string) => JSON.parse(text) as UserDashboardData;
  const stat = (body: UserDashboardData, id: string) => body.stats.find((s) => s.id === id);

  beforeAll(async () => {
    const handle = await target.open();
    const redis: Record<string, string> =
      target.name === "postgres" && process.env.TEST_REDIS_URL
        ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: redisPrefix }
        : {};
    services = await productionServices(handle, { DATA_DIR: tempDataDir(), ...redis });
    app = await listenInProcess(services);
    url = app.url;

    const agro = await services.companies.create({
      cnpj: "12.ABC.345/01DE-35",
      legalName: "Agro Sul Comércio de Grãos Ltda",
      tradeName: "Agro Sul",
      planId: "profissional",
    });
    const other = await services.companies.create({
      cnpj: "11.222.333/0001-81",
      legalName: "Outra Empresa Ltda",
      planId: "corporativo",
    });
    await person("dona@agrosul.com.br", { companyId: agro.id, role: "owner" });
    const ana = await person("ana@agrosul.com.br", { companyId: agro.id, role: "member" });
    await person("bruno@agrosul.com.br", { companyId: agro.id, role: "finance" });
    const stranger = await person("dono@outra.com.br", { companyId: other.id, role: "owner" });
    await person("sem-empresa@cliente.com.br", { companyId: null, role: null });
    await person("equipe@vertice.com.br", { companyId: null, role: null, staff: true });

    const ticket = await services.tickets.open(
      ana,
      {
        category: "problema",
        priority: "alta",
        subject: "Nota fiscal não é emitida",
        description: "Ao emitir a NF-e do pedido 123 aparece erro de rejeição.",
      },
      [],
    );
    ticketId = ticket.id;
    // Support's public reply, as the Jira webhook leaves it (server/portal/ticket-inbound.ts).
    const repliedAt = new Date();
    await services.database.db.insert(ticketMessages).values({
      id: randomUUID(),
      ticketId,
      author: "support",
      authorName: "Paula do Suporte",
      body: "Estamos verificando a rejeição.",
      jiraCommentId: "10001",
      createdAt: repliedAt,
    });
    await services.database.db
      .update(supportTickets)
      .set({ supportRepliedAt: repliedAt, activityAt: repliedAt })
      .where(eq(supportTickets.id, ticketId));
    // Two open invoices (the earlier due is the next payment), a paid one, and a connection.
    const invoice = (number: string, dueOn: string, status: "open" | "paid", companyId = agro.id) => ({
      id: randomUUID(),
      companyId,
      number,
      competence: dueOn.slice(0, 7),
      issuedOn: "2026-11-01",
      dueOn,
      amountCentavos: 129990,
      lines: [{ description: "Plano Corporativo", amountCentavos: 129990 }],
      status,
      source: "teste",
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await services.database.db
      .insert(invoices)
      .values([
        invoice("FAT-0002", "2027-01-10", "open"),
        invoice("FAT-0001", "2026-12-10", "open"),
        invoice("FAT-0000", "2026-11-10", "paid"),
        invoice("OUTRA-1", "2026-11-20", "open", other.id),
      ]);
    await services.integrations.report(agro.cnpj, "itau", { status: "connected", lastSyncAt: new Date() });
    otherTicketId = (
      await services.tickets.open(
        stranger,
        {
          category: "duvida",
          priority: "baixa",
          subject: "Segredo da outra empresa",
          description: "Um chamado que a Agro Sul nunca deve ver.",
        },
        [],
      )
    ).id;
  });
  afterAll(async () => {
    await app?.close();
    // Closes the database too.
    if (services) await stopServices(services);
  });

  it("shows an owner the company's ticket and support's reply, linked to it, and the people against the plan", async () => {
    const { response, text } = await dashboard("dona@agrosul.com.br");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = data(text);
    expect(body.header).toEqual({
      title: "Bem-vindo(a) ao Vértice",
      subtitle: "Agro Sul · Plano Profissional",
    });
    expect(stat(body, "chamados")).toMatchObject({ title: "Chamados em aberto", value: 1 });
    expect(stat(body, "respostas")).toMatchObject({ value: 1 });
    expect(stat(body, "usuarios")).toMatchObject({ value: 3, total: 10 });
    expect(body.systemStats).toEqual([
      expect.objectContaining({
        id: "usuarios",
        value: 30,
        description: "3 de 10 usuários, contando convites em aberto",
      }),
    ]);
    const [row] = await services.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId));
    const protocol = row!.trackerKey ?? row!.protocol;
    expect(body.recentActivities).toEqual([
      {
        id: `chamado-${ticketId}`,
        text: `${protocol} · Nota fiscal não é emitida — Aberto`,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        icon: "life-buoy",
        link: `/user/suporte/${ticketId}`,
      },
      {
        id: `resposta-${ticketId}-0`,
        text: `Paula do Suporte respondeu ao chamado ${protocol}`,
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        icon: "message-circle",
        link: `/user/suporte/${ticketId}`,
      },
    ]);
    expect(body.quickActions.map((action) => action.link)).toEqual([
      "/user/suporte/novo",
      "/user/usuarios/novo",
    ]);
    expect(text).not.toContain("Segredo da outra empresa");
    expect(text).not.toContain("OUTRA-1");
    expect(text).not.toContain(otherTicketId);
  });

  it("shows the next payment and the connected integrations to the roles that see them", async () => {
    const owner = data((await dashboard("dona@agrosul.com.br")).text);
    expect(owner.nextPayment).toMatchObject({
      amount: 1299.9,
      dueDate: "2026-12-10",
      paymentLink: "/user/faturas/FAT-0001",
    });
    expect(owner.integrations.map((integration) => [integration.id, integration.status])).toEqual([
      ["itau", "Conectado"],
    ]);
    const finance = data((await dashboard("bruno@agrosul.com.br")).text);
    expect(finance.nextPayment?.dueDate).toBe("2026-12-10");
    expect(finance.integrations).toEqual([]);
    const member = data((await dashboard("ana@agrosul.com.br")).text);
    expect(member.nextPayment).toBeNull();
    expect(member.integrations.map((integration) => integration.id)).toEqual(["itau"]);
    const stranger = data((await dashboard("dono@outra.com.br")).text);
    expect(stranger.nextPayment?.paymentLink).toBe("/user/faturas/OUTRA-1");
    expect(stranger.integrations).toEqual([]);
  });

  it("shows a member their own ticket; a finance colleague sees none of it and cannot invite", async () => {
    const ana = data((await dashboard("ana@agrosul.com.br")).text);
    expect(stat(ana, "chamados")).toMatchObject({ title: "Seus chamados em aberto", value: 1 });
    expect(ana.recentActivities.map((activity) => activity.link)).toContain(`/user/suporte/${ticketId}`);
    expect(ana.quickActions.map((action) => action.id)).toEqual(["novo-chamado"]);

    const { text } = await dashboard("bruno@agrosul.com.br");
    const bruno = data(text);
    expect(stat(bruno, "chamados")).toMatchObject({ value: 0 });
    expect(bruno.recentActivities).toEqual([]);
    expect(bruno.quickActions.map((action) => action.id)).toEqual(["novo-chamado"]);
    expect(text).not.toContain(ticketId);
  });

  it("never shows another company's records, and answers in English when chosen", async () => {
    const { text } = await dashboard("dono@outra.com.br", { Cookie: "lang=en" });
    const body = data(text);
    expect(body.header.subtitle).toBe("Outra Empresa Ltda · Corporativo plan");
    expect(stat(body, "chamados")).toMatchObject({ title: "Open tickets", value: 1 });
    expect(stat(body, "usuarios")).toMatchObject({
      value: 1,
      total: null,
      description: "Corporativo plan: Unlimited",
    });
    expect(body.systemStats).toEqual([]);
    expect(body.recentActivities.map((activity) => activity.link)).toEqual([
      `/user/suporte/${otherTicketId}`,
    ]);
    expect(text).not.toContain(ticketId);
    expect(text).not.toContain("Nota fiscal não é emitida");
    expect(text).not.toContain("Agro Sul");
  });

  it("refuses a customer without a company with 403, gives staff the layout document, and nobody else anything", async () => {
    const lone = await dashboard("sem-empresa@cliente.com.br");
    expect(lone.response.status).toBe(403);
    expect(JSON.parse(lone.text)).toEqual({ message: portalMessages.noCompany });

    const staff = await dashboard("equipe@vertice.com.br");
    expect(staff.response.status).toBe(200);
    const layout = await services.content.get("user-dashboard", { segment: null, lang: "pt" });
    expect(data(staff.text)).toEqual(layout!.data);

    expect((await fetch(`${url}/api/json/user-dashboard`)).status).toBe(401);
  });
});
