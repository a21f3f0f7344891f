import {
  backgroundImage,
  buttonText,
  type DocumentMeta,
  description,
  f,
  icon,
  keywords,
  link,
  list,
  map,
  obj,
  subtitle,
  title,
} from "./words.ts";

// The words of the documents on every page: menu, footer, newsletter, SEO and sharing.

const menuEntry = obj("Entrada do menu", {
  title,
  link,
  icon,
  badge: f("Selo"),
  description,
  items: f("Subentradas", { helperText: "Entradas dentro desta, em JSON." }),
});

export const menuData: DocumentMeta = {
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

export const footerData: DocumentMeta = {
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

export const newsletterData: DocumentMeta = {
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

const templateHelp =
  'Marcadores: {siteName}, {segmentName}, {segmentDescription}, {pageTitle}, {pageDescription}, {companyName}. Um texto, ou {"default": ..., "segment": ...} para os subdomínios de segmento.';

export const seoConfig: DocumentMeta = {
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
