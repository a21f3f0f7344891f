import type { DocumentName } from "@domain/content/schemas.ts";
import { byFormDocument, FORMS } from "@domain/forms/manifest.ts";
import { TEMPERATURE_LABELS } from "@domain/lead-status.ts";

/**
 * The editor's Portuguese words for every field of every content document (decision 098):
 * its label, help text and, where the type alone does not say it, its control. One entry per
 * document, shaped like the document (an object's `fields`, a list's or a map's `item`, a union's
 * `variants`), so `structure.ts` reads it while it walks the document's zod schema.
 *
 * Kept here rather than in the zod schemas (`.meta()`): the schemas are also in the public pages'
 * bundles (the lead forms validate in the browser), and these words are for staff only; a registry
 * entry is also a side effect that would keep schemas the home page now drops. structure.test.ts
 * walks every document and fails on a field without words here, on words for a field that no longer
 * exists, and on a label that is just its key.
 */

export interface FieldMeta {
  label: string;
  helperText?: string;
  placeholder?: string;
  /** The control when the type alone does not decide it (a video address is text, not an image). */
  ui?: "text_input" | "textarea" | "image_upload" | "icon_picker" | "currency_input" | "color_picker";
  /** A number's unit, shown after it (B §3.9 `features.suffix`). */
  suffix?: string;
  /** An object's properties. */
  fields?: Record<string, FieldMeta>;
  /** A list's item, or a map's value. */
  item?: FieldMeta;
  /** A map (key → value): what its keys are. */
  keyLabel?: string;
  /** A union of objects: per tag, its label and the fields that differ (merged over `fields`). */
  variants?: Record<string, FieldMeta>;
  /**
   * What can break scoring, delivery or an address (a form's identifiers, weights, Jira project,
   * debug switches): drawn under "Avançado" with a warning, for admins only; an editor's draft that
   * changes it is refused (decision 132).
   */
  advanced?: true;
}

/** A document: its title in the editor's header, and its top-level fields. */
export interface DocumentMeta {
  title: string;
  fields: Record<string, FieldMeta>;
}

type Extra = Omit<FieldMeta, "label" | "fields" | "item">;
const ADVANCED = { advanced: true } as const;

function f(label: string, extra: Extra = {}): FieldMeta {
  return { label, ...extra };
}
function obj(label: string, fields: Record<string, FieldMeta>, extra: Extra = {}): FieldMeta {
  return { label, fields, ...extra };
}
function list(label: string, item: FieldMeta, extra: Extra = {}): FieldMeta {
  return { label, item, ...extra };
}
function map(label: string, keyLabel: string, item: FieldMeta, extra: Extra = {}): FieldMeta {
  return { label, keyLabel, item, ...extra };
}

/**
 * What an option of a select is called in the editor, by its stored value (the value itself stays
 * in the document). One table for every document: the same value reads the same everywhere.
 * structure.test.ts fails on an option of any document without a name here.
 */
export const OPTION_LABELS: Readonly<Record<string, string>> = {
  // schema.org types of the site's structured data.
  Organization: "Organização (Organization)",
  Corporation: "Empresa (Corporation)",
  LocalBusiness: "Negócio local (LocalBusiness)",
  // Menu entries.
  showmenu: "Painel com colunas",
  submenu: "Lista suspensa",
  link: "Link direto",
  // Social networks and media.
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  image: "Imagem",
  video: "Vídeo",
  // Content page templates and blocks.
  map: "Mapa de parceiros",
  mapa: "Mapa de parceiros (mapa)",
  PageModelMap: "Mapa de parceiros (PageModelMap)",
  heading: "Título",
  paragraph: "Parágrafo",
  section: "Seção com lista",
  "cookie-table": "Tabela de cookies",
  model1: "Modelo 1",
  model2: "Modelo 2",
  model3: "Modelo 3",
  model4: "Modelo 4",
  model6: "Modelo 6",
  model7: "Modelo 7",
  campanha: "Campanha",
  // The forms a campaign page can hold (decision 133).
  demo: "Demonstração",
  trial: "Teste grátis",
  parceiros: "Programa de parceiros",
  newsletter: "Newsletter",
  // Integrations catalogue.
  bancos: "Bancos",
  marketplaces: "Marketplaces",
  ecommerce: "E-commerce",
  fiscal: "Fiscal",
  outros: "Outros",
  // Forms: field types, rules, masks, groups, step types, form types, priorities.
  text: "Texto curto",
  email: "E-mail",
  tel: "Telefone",
  select: "Lista de opções",
  checkbox: "Caixas de seleção",
  textarea: "Texto longo",
  required: "Obrigatório",
  cnpj: "CNPJ",
  phone: "Telefone",
  contato: "Contato",
  empresa: "Empresa",
  preferencias: "Preferências",
  lead_capture: "Captura do lead",
  qualification: "Qualificação",
  contact: "Contato",
  lead_capture_qualified: "Lead qualificado (demonstração)",
  partner_lead: "Parceiro",
  contact_message: "Mensagem de contato",
  trial_signup: "Teste grátis",
  newsletter_subscription: "Newsletter",
  whatsapp_chat: "Chat do WhatsApp",
  low: "Baixa",
  medium: "Média",
  high: "Alta",
  critical: "Crítica",
};

// Words many documents share --------------------------------------------------------------------------

const title = f("Título");
const subtitle = f("Subtítulo");
const description = f("Descrição");
const icon = f("Ícone", { ui: "icon_picker", helperText: "Escolha um dos ícones do site." });
const link = f("Destino do link", { helperText: "Começa com /, #, https://, mailto: ou tel:" });
const id = f("Identificador", { helperText: "Único na lista." });
const color = f("Cor", { ui: "color_picker" });
const backgroundImage = f("Imagem de fundo", { ui: "image_upload" });
const buttonText = f("Texto do botão", { ui: "text_input" });
const buttonLink = f("Link do botão", { helperText: link.helperText });
const ctaLink = obj("Botão de chamada", { text: buttonText, link: buttonLink });
const videoAddress = (label: string) =>
  f(label, {
    ui: "text_input",
    helperText: "Arquivo em /videos/... (mp4 ou webm) ou endereço de incorporação https://...",
  });
const keywords = f("Palavras-chave");

// menu_data, footer-data, newsletter-data ------------------------------------------------------------

const menuEntry = obj("Entrada do menu", {
  title,
  link,
  icon,
  badge: f("Selo"),
  description,
  items: f("Subentradas", { helperText: "Entradas dentro desta, em JSON." }),
});

const menuData: DocumentMeta = {
  title: "Menu do site",
  fields: {
    logo: f("Logotipo", { ui: "image_upload" }),
    logo_white: f("Logotipo claro (sobre fundo escuro)", { ui: "image_upload" }),
    main_menu: list(
      "Itens do menu principal",
      obj("Item do menu", {
        type: f("Tipo", {
          helperText: "showmenu abre um painel; submenu, uma lista; link leva direto ao endereço.",
        }),
        class: f("Classes CSS"),
        title,
        link,
        highlight: f("Destacar"),
        intro: f("Introdução do painel"),
        content: list(
          "Colunas do painel",
          obj("Coluna", {
            column: f("Número da coluna"),
            section_title: f("Título da seção"),
            items: list("Entradas", menuEntry),
          }),
        ),
      }),
    ),
  },
};

const footerData: DocumentMeta = {
  title: "Rodapé",
  fields: {
    description: f("Texto do rodapé"),
    sections: list(
      "Colunas de links",
      obj("Coluna", {
        title,
        links: list("Links da coluna", obj("Link", { title: f("Texto"), url: f("Endereço") })),
      }),
    ),
    social: obj("Redes sociais", {
      networks: list("Perfis", obj("Perfil", { icon: f("Rede social"), url: f("Endereço do perfil") })),
    }),
    contact: obj("Contato", { email: f("E-mail de contato"), phone: f("Telefone") }),
    copyright: obj("Direitos autorais", { text: f("Texto") }),
    img_logo: f("Logotipo do rodapé", { ui: "image_upload" }),
    background: backgroundImage,
  },
};

const newsletterData: DocumentMeta = {
  title: "Newsletter",
  fields: {
    title,
    subtitle,
    img_backgroud: backgroundImage,
    form: obj("Formulário", {
      email: obj("Campo de e-mail", {
        placeholder: f("Texto de exemplo no campo"),
        errorMessage: f("Mensagem de e-mail inválido"),
      }),
      button: obj("Botão", { text: buttonText }),
    }),
    successMessage: f("Mensagem de sucesso"),
    legalText: f("Texto legal (LGPD)"),
  },
};

// plans-data -------------------------------------------------------------------------------------------

const plansData: DocumentMeta = {
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

// seo-config -------------------------------------------------------------------------------------------

const templateHelp =
  'Marcadores: {siteName}, {segmentName}, {segmentDescription}, {pageTitle}, {pageDescription}, {companyName}. Um texto, ou {"default": ..., "segment": ...} para os subdomínios de segmento.';

const seoConfig: DocumentMeta = {
  title: "SEO e compartilhamento",
  fields: {
    global: obj("Identidade do site", {
      siteName: f("Nome do site"),
      baseUrl: f("Endereço canônico", { helperText: "Pode ficar vazio; PUBLIC_BASE_URL prevalece." }),
      company: obj("Empresa", {
        name: f("Nome da empresa"),
        logo: f("Logotipo", { ui: "image_upload" }),
        socialMedia: f("Perfis em redes sociais"),
        phone: f("Telefone"),
        email: f("E-mail da empresa"),
        address: obj("Endereço", {
          country: f("País"),
          region: f("Estado"),
          locality: f("Cidade"),
        }),
      }),
    }),
    segmentos: map(
      "Segmentos (subdomínios)",
      "Subdomínio",
      obj("Segmento", {
        name: f("Nome"),
        color: f("Cor do segmento", { ui: "color_picker" }),
        description,
        keywords,
        shareImage: f("Imagem de compartilhamento", { ui: "image_upload" }),
      }),
    ),
    titleTemplates: map("Modelos de título", "Rota", f("Modelo", { helperText: templateHelp })),
    descriptionTemplates: map("Modelos de descrição", "Rota", f("Modelo", { helperText: templateHelp })),
    keywords,
    dynamicContent: map("Textos por rota", "Rota", obj("Textos da rota", { title, description, keywords })),
    schema: obj("Dados estruturados (JSON-LD)", {
      type: f("Tipo de organização"),
      legalName: f("Razão social"),
      description,
      foundingDate: f("Data de fundação", { placeholder: "AAAA-MM-DD" }),
      contactType: f("Tipo de contato"),
      areaServed: f("Área atendida"),
      availableLanguage: f("Idiomas de atendimento"),
    }),
    seoDefaults: obj("Padrões de compartilhamento", {
      shareImage: f("Imagem de compartilhamento", { ui: "image_upload" }),
      twitterHandle: f("Perfil no X (Twitter)", { placeholder: "@nome" }),
      locale: f("Idioma e país (Open Graph)", { placeholder: "pt_BR" }),
      themeColor: f("Cor do tema", { ui: "color_picker" }),
    }),
  },
};

// user-dashboard ---------------------------------------------------------------------------------------

const userDashboard: DocumentMeta = {
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

// form-* (one schema for every form) -------------------------------------------------------------------

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

function formMeta(name: string): DocumentMeta {
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

// The landing-page sections ----------------------------------------------------------------------------

const heroSectionData: DocumentMeta = {
  title: "Destaque da página inicial",
  fields: {
    slides: list(
      "Slides do carrossel",
      obj("Slide", {
        id,
        title,
        subtitle,
        background: obj("Fundo", {
          type: f("Tipo de fundo"),
          src: f("Imagem ou vídeo", { ui: "image_upload" }),
          alt: f("Texto alternativo", { helperText: "Pode ficar vazio se a imagem for decorativa." }),
        }),
        cta: obj("Botão", { text: buttonText, link: buttonLink, icon }),
        features: list("Destaques (até 4)", obj("Destaque", { title, link, icon })),
      }),
    ),
    defaultBackground: f("Imagem de fundo padrão", {
      ui: "image_upload",
      helperText: "Mostrada atrás de um slide cujo fundo não pode ser exibido.",
    }),
  },
};

const videoDemoData: DocumentMeta = {
  title: "Vídeo de demonstração",
  fields: {
    title: obj("Título", { main: f("Parte principal"), highlighted: f("Parte destacada") }),
    description,
    video: obj("Vídeo", {
      thumbnail: f("Imagem de capa", { ui: "image_upload" }),
      alt: f("Texto alternativo da capa"),
      url: videoAddress("Endereço do vídeo"),
    }),
    cta: ctaLink,
    metrics: list(
      "Métricas",
      obj("Métrica", {
        id,
        value: f("Valor"),
        suffix: f("Sufixo", { placeholder: "%" }),
        color,
        label_title: title,
        label_description: description,
        duration: f("Duração da animação", { suffix: "ms" }),
      }),
    ),
  },
};

const whyChooseData: DocumentMeta = {
  title: "Por que escolher",
  fields: {
    title,
    subtitle,
    cta: ctaLink,
    features: list("Diferenciais", obj("Diferencial", { id, title, description, icon, color, link })),
    exploreText: f("Texto do link de cada diferencial", { placeholder: "Saiba mais", ui: "text_input" }),
  },
};

const cardsSliderData: DocumentMeta = {
  title: "Carrossel de cartões",
  fields: {
    sectionTitle: f("Título da seção"),
    sectionDescription: f("Descrição da seção"),
    img_backgroud: backgroundImage,
    cards: list(
      "Cartões",
      obj("Cartão", {
        icon,
        title,
        description,
        cta: obj("Botão", { text: buttonText, url: buttonLink }),
      }),
    ),
  },
};

const circleFeaturesData: DocumentMeta = {
  title: "Recursos em círculo",
  fields: {
    title,
    subtitle,
    description,
    cta: ctaLink,
    centralImage: f("Imagem central", { ui: "image_upload" }),
    video_background: videoAddress("Vídeo de fundo"),
    video_backgroud: videoAddress("Vídeo de fundo (nome antigo “video_backgroud”)"),
    videoBackground: videoAddress("Vídeo de fundo (nome antigo “videoBackground”)"),
    features: list("Recursos", obj("Recurso", { id, name: f("Nome"), description, icon })),
  },
};

const accordionFeaturesData: DocumentMeta = {
  title: "Recursos em acordeão",
  fields: {
    title: f("Rótulo da seção", { helperText: "O texto curto acima do título." }),
    title1: f("Título: primeira parte"),
    title2: f("Título: parte destacada"),
    title3: f("Título: última parte"),
    description,
    cta: ctaLink,
    img_backgroud: backgroundImage,
    features: list("Itens do acordeão", obj("Item", { id, title, content: f("Conteúdo"), icon })),
  },
};

const testimonialsData: DocumentMeta = {
  title: "Depoimentos",
  fields: {
    title,
    subtitle,
    testimonials: list(
      "Depoimentos",
      obj("Depoimento", {
        quote: f("Citação"),
        content: f("Relato completo"),
        author: f("Autor", { helperText: "Nome e cargo: “Mariana Costa, diretora financeira”." }),
        company: f("Empresa"),
      }),
    ),
  },
};

const segmentsData: DocumentMeta = {
  title: "Segmentos",
  fields: {
    sectionTitle: f("Título da seção"),
    sectionDescription: f("Descrição da seção"),
    img_background: backgroundImage,
    img_circle: f("Imagem do centro da roda", { ui: "image_upload" }),
    instructionText: f("Instrução de uso da roda", { ui: "text_input" }),
    exploreSolutionText: f("Texto do link para a página do segmento", { ui: "text_input" }),
    cta: ctaLink,
    loadingMessages: obj("Mensagens de carregamento", { loading: f("Texto enquanto carrega") }),
    errorMessages: obj("Mensagens de erro", {
      title,
      description,
      retryButton: f("Botão de tentar de novo"),
    }),
    segments: list(
      "Segmentos",
      obj("Segmento", {
        id: f("Identificador", {
          helperText:
            "Letras minúsculas, dígitos e hífen. Os parceiros do mapa citam o segmento por ele; a ordem da lista dá as cores do mapa.",
        }),
        category: f("Categoria"),
        name: f("Nome"),
        description,
        icon,
        link,
      }),
    ),
  },
};

// pages-data -------------------------------------------------------------------------------------------

const button = (label: string) => obj(label, { text: buttonText, link: buttonLink });
const heroFields = {
  title,
  subtitle,
  description,
  backgroundImage,
  overlayColor: f("Cor sobre a imagem", { helperText: "Uma cor CSS, ex.: rgba(11, 61, 145, 0.7)." }),
};
/** A content page's hero, with its first calls to action (the blog's has none). */
const pageHero = obj("Topo da página", {
  ...heroFields,
  primaryButton: button("Botão principal do topo"),
  secondaryButton: button("Botão secundário do topo"),
});
const blogHero = obj("Topo da página", heroFields);
const pageCta = obj("Chamada final", {
  title,
  description,
  buttonText,
  buttonLink,
  primaryButton: button("Botão principal"),
  secondaryButton: button("Botão secundário"),
});
const feature = obj("Recurso", {
  title,
  description,
  icon,
  iconColor: f("Cor do ícone", { ui: "color_picker" }),
  link,
  imageUrl: f("Imagem", { ui: "image_upload" }),
  path: f("Página aberta ao clicar no cartão"),
  badge: f("Selo"),
  fullDescription: f("Descrição completa (painel de detalhes)"),
  highlights: f("Destaques"),
});
const testimonial = obj("Depoimento", { quote: f("Citação"), author: f("Autor"), company: f("Empresa") });
const testimonials = list("Depoimentos", testimonial);
const points = (label: string) => obj(label, { title, description, points: f("Pontos") });
const benefits = obj("Benefícios", { title, items: f("Itens") });
const image = obj("Imagem", {
  src: f("Arquivo da imagem", { ui: "image_upload" }),
  alt: f("Texto alternativo"),
  effect: f("Efeito"),
});
const introduction = obj("Introdução", { title, text: f("Texto") });
const blockId = f("Identificador (âncora)", { helperText: "Minúsculas com hífens." });

const pageContent = {
  model1: obj("Conteúdo", {
    hero: pageHero,
    introduction,
    sections: list(
      "Seções de recursos",
      obj("Seção", { title, description, features: list("Recursos", feature) }),
    ),
    video: obj("Vídeo", {
      title,
      description,
      url: videoAddress("Endereço do vídeo"),
      thumbnail: f("Imagem de capa", { ui: "image_upload" }),
    }),
    faq: obj("Perguntas frequentes", {
      title,
      items: list("Perguntas", obj("Pergunta", { question: f("Pergunta"), answer: f("Resposta") })),
    }),
    cta: pageCta,
  }),
  model2: obj("Conteúdo", {
    hero: pageHero,
    contentBlocks: list(
      "Blocos",
      obj("Bloco", { id: blockId, title, subtitle, description, highlights: f("Destaques"), image }),
    ),
    cta: pageCta,
  }),
  model3: obj("Conteúdo", {
    hero: pageHero,
    sidebarContent: obj("Barra lateral", {
      backgroundColor: f("Cor de fundo", { ui: "color_picker" }),
      profileImage: f("Imagem de perfil", { ui: "image_upload" }),
      navigation: list(
        "Navegação",
        obj("Entrada", { id: f("Bloco de destino (identificador)"), label: f("Rótulo"), icon }),
      ),
    }),
    contentBlocks: list(
      "Blocos",
      obj("Bloco", {
        id: blockId,
        title,
        content: list("Conteúdo do bloco", {
          label: "Trecho",
          fields: { type: f("Tipo de trecho") },
          variants: {
            heading: obj("Subtítulo", { text: f("Texto") }),
            paragraph: obj("Parágrafo", {
              text: f("Texto"),
              link: obj("Link depois do texto", { text: f("Texto do link"), link: f("Endereço do link") }),
            }),
            section: obj("Lista", { title, items: f("Itens") }),
            // Its rows come from the site's cookie list when the page renders (decision 123).
            "cookie-table": obj("Tabela de cookies (preenchida pelo site)", {
              cookies: list("Cookies (preenchidos pelo site)", {
                label: "Cookie",
                fields: {
                  name: f("Nome"),
                  purpose: f("Finalidade"),
                  duration: f("Duração"),
                  category: f("Categoria"),
                },
              }),
            }),
          },
        }),
        lastUpdate: f("Atualizado em", { placeholder: "AAAA-MM-DD" }),
      }),
    ),
  }),
  model4: obj("Conteúdo", {
    hero: pageHero,
    capabilities: obj("Capacidades", { title, description, features: list("Recursos", feature) }),
    whyChoose: points("Por que escolher"),
    benefits,
    testimonials,
    cta: pageCta,
  }),
  model6: obj("Conteúdo", {
    hero: pageHero,
    introText: obj("Introdução", {
      title,
      description,
      buttonText,
      buttonLink,
      introBackground: backgroundImage,
    }),
    features: list("Recursos", feature),
    whyChooseAI: points("Por que escolher a IA"),
    benefits,
    cta: pageCta,
  }),
  model7: obj("Conteúdo", {
    hero: pageHero,
    introduction,
    imageFeatures: list("Destaques com imagem", obj("Destaque", { title, description, image })),
    stats: list("Números", obj("Número", { value: f("Valor"), label: f("Rótulo"), icon })),
    timeline: list("Linha do tempo", obj("Marco", { year: f("Ano"), title, description })),
    testimonials,
    cta: pageCta,
  }),
  map: obj("Conteúdo", {
    hero: pageHero,
    sectionCards: list("Cartões", obj("Cartão", { title, description, icon })),
  }),
  // Decision 133: only the hero's title is asked for; a section left empty is not drawn.
  campanha: obj("Conteúdo", {
    hero: pageHero,
    introduction: obj("Introdução", { title: f("Título (opcional)"), text: f("Texto") }),
    features: obj("Recursos", {
      title: f("Título (opcional)"),
      description,
      items: list("Recursos", feature),
    }),
    video: obj("Vídeo", {
      title,
      description,
      url: videoAddress("Endereço do vídeo"),
      thumbnail: f("Imagem de capa", { ui: "image_upload" }),
    }),
    leadForm: obj("Formulário na página", {
      form: f("Formulário", {
        helperText: "Um dos formulários do site; os leads dizem que vieram desta página.",
      }),
      title: f("Título (opcional)", { helperText: "Vazio: o título do próprio formulário." }),
      description,
    }),
    testimonials: obj("Depoimentos", {
      title: f("Título (opcional)"),
      items: list(
        "Depoimentos",
        obj("Depoimento", { quote: f("Depoimento"), author: f("Autor"), company: f("Empresa") }),
      ),
    }),
    faq: obj("Perguntas frequentes", {
      title,
      items: list("Perguntas", obj("Pergunta", { question: f("Pergunta"), answer: f("Resposta") })),
    }),
    cta: pageCta,
  }),
};

const pagesData: DocumentMeta = {
  title: "Páginas de conteúdo",
  fields: {
    pages: list("Páginas", {
      label: "Página",
      fields: {
        id: f("Identificador", { helperText: "Minúsculas com hífens; único." }),
        path: f("Caminho", { helperText: "Sem / no início: crm, segmentos/agronegocio." }),
        isPublic: f("Página pública", { helperText: "Desmarcada: só quem entrou na conta vê a página." }),
        published: f("Publicada no site", {
          helperText: "Desmarcada: a página sai do site e do sitemap.",
        }),
        noindex: f("Não indexar", {
          helperText: "Marcada: buscadores não listam a página e ela sai do sitemap (páginas de campanha).",
        }),
        seo: obj("SEO da página", { title: f("Título (SEO)"), description: f("Descrição (SEO)") }),
        template: f("Modelo"),
      },
      variants: {
        model1: obj("Modelo 1: módulo de produto", { content: pageContent.model1 }),
        model2: obj("Modelo 2: blocos alternados com imagem", { content: pageContent.model2 }),
        model3: obj("Modelo 3: página legal com barra lateral", { content: pageContent.model3 }),
        model4: obj("Modelo 4: segmento com cartões", { content: pageContent.model4 }),
        model6: obj("Modelo 6: inteligência artificial", { content: pageContent.model6 }),
        model7: obj("Modelo 7: institucional", { content: pageContent.model7 }),
        campanha: obj("Campanha: página de anúncio, só o título é obrigatório", {
          seo: obj("SEO da página", {
            title: f("Título (SEO)", { helperText: "Vazio: o título do topo." }),
            description: f("Descrição (SEO)", { helperText: "Vazio: o subtítulo do topo." }),
          }),
          content: pageContent.campanha,
        }),
        map: obj("Mapa de parceiros", { content: pageContent.map }),
      },
    }),
  },
};

// blog-data, partners-data, integrations-data ----------------------------------------------------------

const blogData: DocumentMeta = {
  title: "Blog",
  fields: {
    settings: obj("Configurações do blog", {
      title,
      description,
      postsPerPage: f("Artigos por página"),
      featuredPostsCount: f("Artigos em destaque"),
      postCallToAction: obj("Chamada no fim de cada artigo", {
        title,
        description,
        primaryButton: button("Botão principal"),
        secondaryButton: button("Botão secundário"),
      }),
    }),
    hero: blogHero,
    posts: list(
      "Artigos",
      obj("Artigo", {
        slug: f("Endereço do artigo", { helperText: "Minúsculas com hífens: /blog/{endereço}." }),
        title,
        excerpt: f("Resumo"),
        content: obj("Conteúdo", {
          introduction: f("Introdução"),
          sections: list(
            "Seções",
            obj("Seção", {
              title,
              paragraphs: f("Parágrafos"),
              highlights: f("Destaques"),
              image: obj("Imagem", {
                url: f("Arquivo da imagem", { ui: "image_upload" }),
                caption: f("Legenda"),
                alt: f("Texto alternativo"),
              }),
            }),
          ),
        }),
        author: f("Autor"),
        publishDate: f("Data de publicação", { placeholder: "AAAA-MM-DD" }),
        readTime: f("Tempo de leitura", { suffix: "min", helperText: "Vazio: calculado pelo texto." }),
        category: f("Categoria"),
        tags: f("Etiquetas"),
        featuredImage: f("Imagem de destaque", { ui: "image_upload" }),
        featured: f("Artigo em destaque"),
        published: f("Publicado no site", {
          helperText: "Desmarcado: o artigo sai do blog, do RSS e do sitemap.",
        }),
      }),
    ),
  },
};

const partnersData: DocumentMeta = {
  title: "Parceiros (mapa)",
  fields: {
    partners: list(
      "Parceiros",
      obj("Parceiro", {
        id,
        nome: f("Nome do parceiro"),
        cidade: f("Cidade"),
        estado: f("Estado (sigla)", { placeholder: "GO" }),
        lat: f("Latitude"),
        lng: f("Longitude"),
        ativo: f("Ativo no mapa"),
        segmento: f("Segmento de atuação", {
          placeholder: "agronegocio",
          helperText:
            "O identificador de um dos segmentos do site (documento Segmentos), que lhe dá nome e cor no mapa.",
        }),
        contato: f("WhatsApp do parceiro", {
          placeholder: "https://wa.me/55...",
          helperText: "Vazio: o contato vai pelo WhatsApp da empresa, que apresenta o visitante ao parceiro.",
        }),
      }),
    ),
  },
};

const integrationsData: DocumentMeta = {
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

/** Every document's words: a document without an entry here does not compile. */
export const documentMeta: Record<DocumentName, DocumentMeta> = {
  menu_data: menuData,
  "footer-data": footerData,
  "newsletter-data": newsletterData,
  "plans-data": plansData,
  "seo-config": seoConfig,
  "user-dashboard": userDashboard,
  ...byFormDocument((key) => formMeta(FORMS[key].editorName)),
  "hero-section-data": heroSectionData,
  "video-demo-data": videoDemoData,
  "why-choose-data": whyChooseData,
  "cards-slider-data": cardsSliderData,
  "circle-features-data": circleFeaturesData,
  "accordion-features-data": accordionFeaturesData,
  "testimonials-data": testimonialsData,
  "vertice-segments-data": segmentsData,
  "pages-data": pagesData,
  "blog-data": blogData,
  "partners-data": partnersData,
  "integrations-data": integrationsData,
};
