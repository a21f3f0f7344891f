import { type DocumentMeta, description, f, list, map, obj, subtitle, title } from "./words.ts";

// The words of the plans and prices document.

export const plansData: DocumentMeta = {
  title: "Planos e preços",
  fields: {
    title,
    subtitle,
    toggle: obj("Seletor mensal/anual", {
      monthly: f("Texto de “Mensal”"),
      annual: f("Texto de “Anual”"),
      savings: f("Texto da economia"),
    }),
    limits_labels: map("Nomes dos limites", "Chave do limite", f("Nome exibido"), {
      helperText: "Cada limite dos planos (ex.: usuarios) e como aparece na página: “Até 10 usuários”.",
    }),
    features_title: f("Título da lista de recursos"),
    popular_badge: f("Selo do plano mais popular"),
    cta_button: f("Texto do botão de contratar"),
    annual_savings_text: f("Texto da economia no plano anual", { ui: "text_input" }),
    monthly_billing_text: f("Texto da cobrança mensal", { ui: "text_input" }),
    plans: list(
      "Planos",
      obj("Plano", {
        id: f("Identificador", { helperText: "Letras minúsculas, dígitos e hífens; único." }),
        name: f("Nome"),
        description,
        popular: f("Plano mais popular (destacado)"),
        monthly_price: f("Preço mensal", { ui: "currency_input" }),
        annual_price: f("Preço anual", { ui: "currency_input" }),
        limits: map("Limites", "Chave do limite", f("Valor"), {
          helperText:
            "Um número (“Até N …”) ou um texto, como Ilimitado. As chaves vêm de “Nomes dos limites”.",
        }),
        features: obj("Recursos", { basic: f("Recursos incluídos") }),
      }),
    ),
  },
};
