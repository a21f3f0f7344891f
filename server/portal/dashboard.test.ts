import { userDashboardSchema } from "@domain/content/schemas.ts";
import { dashboardTexts } from "@domain/portal/dashboard-texts.ts";
import { COMPANY_ROLES, type CompanyRole } from "@domain/portal/permissions.ts";
import { describe, expect, it } from "vitest";
import { type CustomerDashboardInput, customerDashboard, DASHBOARD_ACTIVITIES } from "./dashboard.ts";
import type { TicketSummary } from "./tickets.ts";

const NO_TICKETS: TicketSummary = { open: 0, inProgress: 0, unread: 0, recent: [], lastReplies: [] };

const TICKET_A = "0b7f3a52-6f0e-4c1e-9d7b-1c1f0a7e0001";
const TICKET_B = "0b7f3a52-6f0e-4c1e-9d7b-1c1f0a7e0002";

const SOME_TICKETS: TicketSummary = {
  open: 1,
  inProgress: 1,
  unread: 1,
  recent: [
    {
      id: TICKET_B,
      protocol: "SUPP-12",
      subject: "Erro ao emitir NF-e",
      status: "em-atendimento",
      activityAt: "2026-11-26T14:05:00.000Z",
    },
    {
      id: TICKET_A,
      protocol: "SUP-20261125-7K3F9Q",
      subject: "Dúvida sobre boletos",
      status: "aberto",
      activityAt: "2026-11-25T10:00:00.000Z",
    },
  ],
  // A reply names the local protocol; the ticket is known by its Jira key by now.
  lastReplies: [
    {
      ticketId: TICKET_B,
      protocol: "SUP-20261126-ABCDEF",
      authorName: "Ana (Suporte)",
      at: "2026-11-26T14:00:00.000Z",
    },
  ],
};

const plan = (name: string, usuarios: number | string) => ({ name, limits: { usuarios } });

function input(overrides: Partial<CustomerDashboardInput> = {}): CustomerDashboardInput {
  return {
    language: "pt",
    layout: { header: { title: "Bem-vindo(a) ao Vértice", subtitle: "Texto do documento" } },
    company: { legalName: "Agro Sul Comércio de Insumos Ltda", tradeName: "Agro Sul" },
    plan: plan("Profissional", 10),
    members: 3,
    openInvitations: 1,
    tickets: NO_TICKETS,
    role: "owner",
    integrations: [],
    nextInvoice: null,
    ...overrides,
  };
}

const stat = (data: ReturnType<typeof customerDashboard>, id: string) => data.stats.find((s) => s.id === id)!;

describe("the customer's dashboard from the company's records (decision 093)", () => {
  it("shows the next payment from the earliest open invoice, and the connected integrations", () => {
    const view = (id: string, status: "connected" | "error" | null) => ({
      id,
      name: id.toUpperCase(),
      category: "bancos" as const,
      icon: "wallet",
      description: "",
      docsUrl: null,
      connection: status
        ? { integrationId: id, status, lastSyncAt: "2026-11-26T12:00:00.000Z", detail: null }
        : null,
    });
    const data = customerDashboard(
      input({
        integrations: [view("itau", "connected"), view("sefaz", "error"), view("shopee", null)],
        nextInvoice: { number: "2026/0042", amountCentavos: 129990, dueOn: "2026-12-05", status: "vencida" },
      }),
    );
    expect(userDashboardSchema.parse(data)).toEqual(data);
    expect(data.integrations).toEqual([
      { id: "itau", name: "ITAU", icon: "wallet", status: "Conectado", lastSync: "2026-11-26T12:00:00.000Z" },
      { id: "sefaz", name: "SEFAZ", icon: "wallet", status: "Erro", lastSync: "2026-11-26T12:00:00.000Z" },
    ]);
    expect(data.nextPayment).toEqual({
      amount: 1299.9,
      dueDate: "2026-12-05",
      status: "Vencida",
      icon: "receipt",
      paymentLink: "/user/faturas/2026%2F0042",
    });
  });

  it("always fits the B §3.8 schema, and says plainly there are no integrations and no payment yet", () => {
    for (const role of COMPANY_ROLES) {
      for (const tickets of [NO_TICKETS, SOME_TICKETS]) {
        for (const language of ["pt", "en"] as const) {
          const data = customerDashboard(input({ role, tickets, language }));
          expect(userDashboardSchema.parse(data)).toEqual(data);
          expect(data.integrations).toEqual([]);
          expect(data.nextPayment).toBeNull();
        }
      }
    }
  });

  it("greets with the layout's title and names the company and its plan", () => {
    const data = customerDashboard(input());
    expect(data.header).toEqual({
      title: "Bem-vindo(a) ao Vértice",
      subtitle: "Agro Sul · Plano Profissional",
    });
    expect(customerDashboard(input({ layout: null, language: "en" })).header).toEqual({
      title: "Welcome to Vértice",
      subtitle: "Agro Sul · Profissional plan",
    });
    expect(
      customerDashboard(input({ company: { legalName: "Só Razão Ltda", tradeName: "" }, plan: undefined }))
        .header.subtitle,
    ).toBe("Só Razão Ltda · Nenhum plano definido ainda");
  });

  describe.each([
    {
      name: "no tickets",
      tickets: NO_TICKETS,
      chamados: { value: 0, description: "0 aguardando atendimento · 0 em atendimento" },
      respostas: { value: 0, trend: "Nada novo por aqui" },
      activities: [],
    },
    {
      name: "tickets with a reply",
      tickets: SOME_TICKETS,
      chamados: { value: 2, description: "1 aguardando atendimento · 1 em atendimento" },
      respostas: { value: 1, trend: "Abra o chamado para ler" },
      activities: [
        {
          id: `chamado-${TICKET_B}`,
          text: "SUPP-12 · Erro ao emitir NF-e — Em atendimento",
          time: "2026-11-26T14:05:00.000Z",
          icon: "life-buoy",
          link: `/user/suporte/${TICKET_B}`,
        },
        {
          id: `resposta-${TICKET_B}-0`,
          text: "Ana (Suporte) respondeu ao chamado SUPP-12",
          time: "2026-11-26T14:00:00.000Z",
          icon: "message-circle",
          link: `/user/suporte/${TICKET_B}`,
        },
        {
          id: `chamado-${TICKET_A}`,
          text: "SUP-20261125-7K3F9Q · Dúvida sobre boletos — Aberto",
          time: "2026-11-25T10:00:00.000Z",
          icon: "life-buoy",
          link: `/user/suporte/${TICKET_A}`,
        },
      ],
    },
  ])("with $name", ({ tickets, chamados, respostas, activities }) => {
    const data = customerDashboard(input({ tickets }));

    it("counts open tickets (waiting and in progress) and unread replies", () => {
      expect(stat(data, "chamados")).toMatchObject({ title: "Chamados em aberto", total: null, ...chamados });
      expect(stat(data, "respostas")).toMatchObject({ title: "Respostas novas", total: null, ...respostas });
    });

    it("lists tickets and replies as activities, newest first, with ISO times and links to the tickets", () => {
      expect(data.recentActivities).toEqual(activities);
    });
  });

  it("leaves activities empty without tickets: the page says there is nothing yet, in both languages", () => {
    expect(customerDashboard(input()).recentActivities).toEqual([]);
    expect(dashboardTexts("pt").page.noActivities).toMatch(/^Nenhuma atividade ainda/);
    expect(dashboardTexts("en").page.noActivities).toMatch(/^No activity yet/);
  });

  it("keeps the newest activities only", () => {
    const many: TicketSummary = {
      ...NO_TICKETS,
      recent: Array.from({ length: 5 }, (_, i) => ({
        id: `t${i}`,
        protocol: `SUPP-${i}`,
        subject: "Assunto",
        status: "aberto" as const,
        activityAt: `2026-11-2${i}T12:00:00.000Z`,
      })),
      lastReplies: Array.from({ length: 5 }, (_, i) => ({
        ticketId: `t${i}`,
        protocol: `SUP-${i}`,
        authorName: "Suporte",
        at: `2026-11-1${i}T12:00:00.000Z`,
      })),
    };
    const listed = customerDashboard(input({ tickets: many })).recentActivities;
    expect(listed).toHaveLength(DASHBOARD_ACTIVITIES);
    expect(listed[0]!.time).toBe("2026-11-24T12:00:00.000Z");
    expect(listed.at(-1)!.time).toBe("2026-11-12T12:00:00.000Z");
  });

  it("says a member follows only their own tickets", () => {
    expect(stat(customerDashboard(input({ role: "member" })), "chamados").title).toBe(
      "Seus chamados em aberto",
    );
    expect(stat(customerDashboard(input({ role: "admin", language: "en" })), "chamados").title).toBe(
      "Open tickets",
    );
  });

  describe.each([
    {
      name: "a plan with a limit",
      plan: plan("Profissional", 10),
      usuarios: { value: 3, total: 10, description: "no limite do plano Profissional" },
      systemStats: [
        {
          id: "usuarios",
          label: "Usuários do plano",
          value: 40,
          description: "4 de 10 usuários, contando convites em aberto",
        },
      ],
    },
    {
      name: "a plan without a limit",
      plan: plan("Corporativo", "Ilimitado"),
      usuarios: { value: 3, total: null, description: "Plano Corporativo: Ilimitado" },
      systemStats: [],
    },
    {
      name: "no plan",
      plan: undefined,
      usuarios: { value: 3, total: null, description: "Nenhum plano definido ainda" },
      systemStats: [],
    },
  ])("with $name", ({ plan, usuarios, systemStats }) => {
    const data = customerDashboard(input({ plan }));

    it("shows the members against the limit, and open invitations", () => {
      expect(stat(data, "usuarios")).toEqual({
        id: "usuarios",
        title: "Usuários",
        trend: "1 convite em aberto",
        icon: "users",
        ...usuarios,
      });
    });

    it("shows the plan's use as a percentage only when there is a limit", () => {
      expect(data.systemStats).toEqual(systemStats);
    });
  });

  describe.each<{ role: CompanyRole; actions: string[] }>([
    { role: "owner", actions: ["novo-chamado", "convidar"] },
    { role: "admin", actions: ["novo-chamado", "convidar"] },
    { role: "finance", actions: ["novo-chamado"] },
    { role: "member", actions: ["novo-chamado"] },
  ])("for a company $role", ({ role, actions }) => {
    it(`offers ${actions.join(" and ")}`, () => {
      const data = customerDashboard(input({ role }));
      expect(data.quickActions.map((action) => action.id)).toEqual(actions);
      expect(data.quickActions[0]).toEqual({
        id: "novo-chamado",
        title: "Abrir chamado",
        description: "Fale com o nosso suporte",
        icon: "headset",
        link: "/user/suporte/novo",
      });
      if (actions.includes("convidar")) expect(data.quickActions[1]!.link).toBe("/user/usuarios/novo");
    });
  });

  it("tells an inviter when the plan is full", () => {
    const full = customerDashboard(input({ plan: plan("Essencial", 3), members: 2, openInvitations: 1 }));
    expect(full.quickActions[1]!.description).toBe("O plano já tem 3 usuários: libere uma vaga antes");
    expect(full.systemStats[0]!.value).toBe(100);
  });
});
