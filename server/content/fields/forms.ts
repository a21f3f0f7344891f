import { TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import {
  ADVANCED,
  type DocumentMeta,
  description,
  f,
  icon,
  id,
  list,
  obj,
  subtitle,
  title,
} from "./words.ts";

// The words of a form document: one schema, and these words, for every form of the forms manifest.

const levels = TEMPERATURE_LABELS.pt;
const range = (label: string) => obj(label, { min: f("Mínimo"), max: f("Máximo") });
const action = (label: string) =>
  obj(label, {
    priority: f("Prioridade"),
    hours: f("Prazo de resposta", { suffix: "h" }),
    nurture: f("Enviar para nutrição (automação de marketing)"),
  });

const formField = obj("Campo", {
  name: f("Nome interno", {
    helperText:
      "Letras, dígitos e _; único no formulário. A pontuação, o Jira e os relatórios usam este nome.",
    ...ADVANCED,
  }),
  type: f("Tipo de campo", ADVANCED),
  label: f("Rótulo"),
  placeholder: f("Texto de exemplo no campo"),
  required: f("Obrigatório"),
  required_message: f("Mensagem quando vazio"),
  validation: f("Regras de validação", {
    helperText: "required, email, cnpj, phone, min_length:N ...",
    ...ADVANCED,
  }),
  mask: f("Máscara"),
  temperature_weight: f("Peso na temperatura", ADVANCED),
  maxSelect: f("Máximo de seleções"),
  rows: f("Linhas da área de texto"),
  description,
  group: f("Grupo no resumo"),
  options: list(
    "Opções",
    obj("Opção", {
      value: f("Valor", { helperText: "Letras minúsculas, dígitos, _ ou -.", ...ADVANCED }),
      label: f("Rótulo"),
      description,
      icon,
      temperature_boost: f("Pontos na temperatura", ADVANCED),
    }),
  ),
});

export function formMeta(name: string): DocumentMeta {
  return {
    title: `Formulário: ${name}`,
    fields: {
      id: f("Identificador", ADVANCED),
      slug: f("Identificador no endereço", ADVANCED),
      type: f("Tipo de formulário", ADVANCED),
      title,
      description,
      routes: f("Rotas que usam este formulário", ADVANCED),
      temperature_rules: obj(
        "Faixas de temperatura",
        { cold: range(levels.cold), warm: range(levels.warm), hot: range(levels.hot) },
        ADVANCED,
      ),
      temperature_base: f("Pontuação inicial", ADVANCED),
      temperature_tracking_boost: f("Pontos por sessão de analytics", ADVANCED),
      actions: obj(
        "Ações por temperatura",
        { cold: action(levels.cold), warm: action(levels.warm), hot: action(levels.hot) },
        ADVANCED,
      ),
      integrations: obj(
        "Integrações",
        {
          jira: obj("Integração com o Jira", {
            enabled: f("Ativada"),
            projectKey: f("Chave do projeto"),
            issue_types: f("Tipos de item preferidos"),
            labels: f("Etiquetas"),
          }),
          webhooks: obj("Notificações", {
            slack: f("Avisar no Slack"),
            teams: f("Avisar no Microsoft Teams"),
            backup: f("Enviar ao webhook de cópia"),
          }),
          analytics: obj("Eventos de análise", { events: f("Eventos") }),
        },
        ADVANCED,
      ),
      hero: obj("Apresentação (ao lado do formulário)", {
        title,
        subtitle,
        description,
        benefits: list("Benefícios", obj("Benefício", { icon, title, description })),
      }),
      steps: list(
        "Etapas",
        obj("Etapa", {
          id: { ...id, ...ADVANCED },
          title,
          description,
          icon,
          type: f("Tipo de etapa", ADVANCED),
          fields: list("Campos", formField),
        }),
      ),
      success: obj("Tela de sucesso", {
        title,
        description,
        nextSteps: f("Próximos passos"),
        urgentContact: obj("Contato urgente", {
          title,
          subtitle,
          phone: f("Telefone"),
          whatsapp: f("Número do WhatsApp"),
        }),
      }),
      privacy: obj("Privacidade (LGPD)", {
        text: f("Texto"),
        linkText: f("Texto do link", { ui: "text_input" }),
        linkUrl: f("Endereço do link"),
        purpose: f("Finalidade do consentimento"),
        version: f("Versão do texto"),
      }),
      infolead: f("Mostrar a qualificação do lead ao vivo", ADVANCED),
      debug: f("Modo de depuração", ADVANCED),
      logs: f("Mostrar o protocolo na tela de sucesso", ADVANCED),
    },
  };
}
