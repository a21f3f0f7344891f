import {
  backgroundImage,
  buttonLink,
  buttonText,
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

// The words of the content pages, the blog and the partner map.

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

export const pagesData: DocumentMeta = {
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

export const blogData: DocumentMeta = {
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

export const partnersData: DocumentMeta = {
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
