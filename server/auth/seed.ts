import { randomBytes } from "node:crypto";
import type { CompanyService } from "../portal/companies.ts";
import { createCustomer } from "../portal/customers.ts";
import type { UserDashboardStore } from "./user-dashboards.ts";
import type { AccountService } from "./users.ts";

/** Per-customer dashboard data for the demo customer (B §3.8). */
export function demoDashboard(name: string) {
  return {
    header: {
      title: `Olá, ${name.split(" ")[0]}!`,
      subtitle: "Veja como está a sua operação no Vértice hoje.",
    },
    stats: [
      {
        id: "usuarios",
        title: "Usuários ativos",
        value: 18,
        total: 25,
        description: "do seu plano",
        trend: "+3 este mês",
        icon: "users",
      },
      {
        id: "notas",
        title: "Notas emitidas",
        value: 342,
        total: null,
        description: "nos últimos 30 dias",
        trend: "+12%",
        icon: "receipt",
      },
      {
        id: "armazenamento",
        title: "Armazenamento",
        value: 7.4,
        total: 20,
        description: "GB usados",
        trend: "estável",
        icon: "database",
      },
      {
        id: "chamados",
        title: "Chamados abertos",
        value: 2,
        total: null,
        description: "em atendimento",
        trend: "-1 esta semana",
        icon: "life-buoy",
      },
    ],
    quickActions: [
      {
        id: "nota",
        title: "Emitir nota fiscal",
        description: "NF-e ou NFS-e em poucos cliques",
        icon: "file-plus",
        link: "/system/fiscal/nova",
      },
      {
        id: "usuario",
        title: "Convidar usuário",
        description: "Dê acesso a alguém da equipe",
        icon: "user-plus",
        link: "/user/usuarios/novo",
      },
      {
        id: "suporte",
        title: "Abrir chamado",
        description: "Fale com o suporte",
        icon: "headset",
        link: "/user/suporte/novo",
      },
    ],
    integrations: [
      {
        id: "banco",
        name: "Banco do Brasil (conciliação)",
        icon: "landmark",
        status: "Conectado",
        lastSync: "há 12 minutos",
      },
      {
        id: "ecommerce",
        name: "Loja virtual",
        icon: "shopping-cart",
        status: "Conectado",
        lastSync: "há 1 hora",
      },
      {
        id: "marketplace",
        name: "Marketplace",
        icon: "store",
        status: "Erro de autenticação",
        lastSync: "há 2 dias",
      },
    ],
    recentActivities: [
      {
        id: "a1",
        text: "Nota fiscal 1.284 emitida para Agro Sul Ltda",
        time: "há 8 minutos",
        icon: "receipt",
      },
      {
        id: "a2",
        text: "Conciliação bancária concluída (42 lançamentos)",
        time: "há 1 hora",
        icon: "check-circle",
      },
      { id: "a3", text: "Novo usuário: joana@cliente.com.br", time: "ontem", icon: "user-plus" },
    ],
    systemStats: [
      { id: "disponibilidade", label: "Disponibilidade", value: 99.9, description: "nos últimos 30 dias" },
      { id: "armazenamento", label: "Armazenamento", value: 37, description: "7,4 de 20 GB" },
      { id: "usuarios", label: "Licenças em uso", value: 72, description: "18 de 25 usuários" },
    ],
    nextPayment: {
      amount: 1290.0,
      dueDate: "2026-12-10",
      status: "Em aberto",
      icon: "credit-card",
      paymentLink: "/user/faturas",
    },
  };
}

/** The demo customer's company: the Receita Federal's example of an alphanumeric CNPJ. */
export const DEMO_COMPANY = {
  cnpj: "12ABC34501DE35",
  legalName: "Agro Sul Comércio de Insumos Ltda",
  tradeName: "Agro Sul",
  planId: "profissional",
};

/**
 * Two demo accounts with random passwords, for a fresh embedded database: an admin, and a customer
 * who owns a demo company on the Profissional plan.
 */
export async function seedDemoUsers(
  accounts: AccountService,
  companies: CompanyService,
  dashboards: UserDashboardStore,
) {
  const password = () => randomBytes(9).toString("base64url");
  const admin = { email: "admin@vertice.local", password: password() };
  const customer = { email: "cliente@vertice.local", password: password() };
  await accounts.createUser({ ...admin, role: "admin", name: "Administração Vértice", username: "admin" });
  const company = await companies.create(DEMO_COMPANY);
  const { user: created } = await createCustomer(companies, {
    ...customer,
    name: "Carla Mendes",
    username: "carla",
    cnpj: company.cnpj,
    companyRole: "owner",
  });
  await dashboards.setDashboardData(created.id, demoDashboard(created.name));
  return { admin, customer };
}
