import {
  backgroundImage,
  buttonLink,
  buttonText,
  color,
  ctaLink,
  type DocumentMeta,
  description,
  f,
  icon,
  id,
  link,
  list,
  obj,
  subtitle,
  title,
  videoAddress,
} from "./words.ts";

// The words of the home page's sections.

export const heroSectionData: DocumentMeta = {
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

export const videoDemoData: DocumentMeta = {
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

export const whyChooseData: DocumentMeta = {
  title: "Por que escolher",
  fields: {
    title,
    subtitle,
    cta: ctaLink,
    features: list("Diferenciais", obj("Diferencial", { id, title, description, icon, color, link })),
    exploreText: f("Texto do link de cada diferencial", { placeholder: "Saiba mais", ui: "text_input" }),
  },
};

export const cardsSliderData: DocumentMeta = {
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

export const circleFeaturesData: DocumentMeta = {
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

export const accordionFeaturesData: DocumentMeta = {
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

export const testimonialsData: DocumentMeta = {
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

export const segmentsData: DocumentMeta = {
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
