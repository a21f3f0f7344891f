import { type DocumentMeta, description, f, icon, id, link, list, obj, subtitle, title } from "./words.ts";

// The words of the customer portal's documents: the dashboard and the integrations catalogue.

export const userDashboard: DocumentMeta = {
  title: "Painel do cliente",
  fields: {
    header: obj("Cabeçalho", { title, subtitle }),
    stats: list(
      "Indicadores",
      obj("Indicador", {
        id,
        title,
        value: f("Valor"),
        total: f("Total de referência", { helperText: "Vazio quando o indicador não tem um máximo." }),
        description,
        trend: f("Tendência"),
        icon,
      }),
    ),
    quickActions: list("Ações rápidas", obj("Ação", { id, title, description, icon, link })),
    integrations: list(
      "Integrações",
      obj("Integração", {
        id,
        name: f("Nome"),
        icon,
        status: f("Situação"),
        lastSync: f("Última sincronização"),
      }),
    ),
    recentActivities: list(
      "Atividades recentes",
      obj("Atividade", { id, text: f("Texto"), time: f("Data e hora"), icon, link }),
    ),
    systemStats: list(
      "Uso do sistema",
      obj("Indicador de uso", { id, label: f("Rótulo"), value: f("Valor", { suffix: "%" }), description }),
    ),
    nextPayment: obj("Próximo pagamento", {
      amount: f("Valor", { ui: "currency_input" }),
      dueDate: f("Vencimento"),
      status: f("Situação"),
      icon,
      paymentLink: f("Link de pagamento"),
    }),
  },
};

export const integrationsData: DocumentMeta = {
  title: "Catálogo de integrações",
  fields: {
    title,
    subtitle,
    categories: obj("Nomes das categorias", {
      bancos: f("Bancos"),
      marketplaces: f("Marketplaces"),
      ecommerce: f("E-commerce"),
      fiscal: f("Fiscal"),
      outros: f("Outros"),
    }),
    integrations: list(
      "Integrações",
      obj("Integração", {
        id: f("Identificador", { helperText: "Minúsculas, dígitos e hífens; único." }),
        name: f("Nome"),
        category: f("Categoria"),
        icon,
        description,
        docs_url: f("Documentação do parceiro (link)"),
      }),
    ),
  },
};
