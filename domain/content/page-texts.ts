import type { OfferedLanguage } from "../locale.ts";

/** Texts of the content pages, blog and partner map (B §2.3, §2.4, §2.7, §8.3), in pt and en. */
const pt = {
  cookieTable: { name: "Nome", purpose: "Finalidade", duration: "Duração", category: "Categoria" },
  contentUnavailable: "Conteúdo não disponível",
  imageUnavailable: "Imagem não disponível",
  completeFeatures: "Recursos Completos",
  faq: "Perguntas frequentes",
  updatedAt: "Atualizado em",
  onThisPage: "Nesta página",
  discoverAi: "Descubra o Poder da IA",
  aiFeatures: "Recursos de inteligência artificial",
  floatingCta: "Solicitar demonstração",
  timeline: "Nossa história",
  testimonials: "O que dizem nossos clientes",
  learnMore: "Saiba mais",
  blogSearch: "Buscar artigos",
  blogSearchRegion: "Busca no blog",
  blogSearchButton: "Buscar",
  blogCategory: "Categoria",
  blogAllCategories: "Todas as categorias",
  blogTag: "Tag",
  blogAllTags: "Todas as tags",
  blogFilter: "Filtrar",
  blogFeatured: "Destaques",
  blogAll: "Todos os artigos",
  blogNoResults: "Nenhum artigo encontrado",
  blogNoResultsHint: "Tente ajustar seus filtros ou termos de busca",
  blogClearFilters: "Limpar filtros",
  blogTopics: "Assuntos do blog",
  blogFound: "Resultados",
  blogPagination: "Paginação do blog",
  blogPrevious: "Anterior",
  blogNext: "Próxima",
  blogPage: (n: number) => `Página ${n}`,
  blogReadTime: (minutes: number) => `${minutes} min de leitura`,
  blogBy: "Por",
  blogRelated: "Artigos relacionados",
  blogRecent: "Artigos recentes",
  blogAllPosts: "Todos os artigos",
  blogTags: "Tags",
  blogBack: "Voltar ao blog",
  blogResults: (n: number) => (n === 1 ? "1 artigo encontrado" : `${n} artigos encontrados`),
  breadcrumbHome: "Início",
  dateLocale: "pt-BR",
  privateNotice: "Página exclusiva para usuários conectados.",
  map: {
    total: "Parceiros",
    active: "Parceiros Ativos",
    expanding: "Em Expansão",
    segments: "Segmentos",
    filters: "Filtrar parceiros",
    segment: "Segmento",
    allSegments: "Todos os Segmentos",
    activeBadge: "Parceiro Ativo",
    expandingBadge: "Em Expansão",
    moreSegments: (n: number) => `+ ${n} outros segmentos`,
    legend: "Cores por segmento",
    contact: "Entrar em Contato",
    viaPartner: "Conversa no WhatsApp do parceiro",
    viaCompany: "Conversa pelo WhatsApp da Vértice",
    list: "Lista de parceiros",
    shown: (n: number) => (n === 1 ? "1 parceiro" : `${n} parceiros`),
    loading: "Carregando mapa...",
    map: "Mapa de parceiros no Brasil",
  },
};

export type PageTexts = typeof pt;

const en: PageTexts = {
  cookieTable: { name: "Name", purpose: "Purpose", duration: "Duration", category: "Category" },
  contentUnavailable: "Content not available",
  imageUnavailable: "Image not available",
  completeFeatures: "Complete Features",
  faq: "Frequently asked questions",
  updatedAt: "Updated on",
  onThisPage: "On this page",
  discoverAi: "Discover the Power of AI",
  aiFeatures: "Artificial intelligence features",
  floatingCta: "Request a demo",
  timeline: "Our story",
  testimonials: "What our customers say",
  learnMore: "Learn more",
  blogSearch: "Search articles",
  blogSearchRegion: "Blog search",
  blogSearchButton: "Search",
  blogCategory: "Category",
  blogAllCategories: "All categories",
  blogTag: "Tag",
  blogAllTags: "All tags",
  blogFilter: "Filter",
  blogFeatured: "Featured",
  blogAll: "All articles",
  blogNoResults: "No articles found",
  blogNoResultsHint: "Try adjusting your filters or search terms",
  blogClearFilters: "Clear filters",
  blogTopics: "Blog topics",
  blogFound: "Results",
  blogPagination: "Blog pages",
  blogPrevious: "Previous",
  blogNext: "Next",
  blogPage: (n) => `Page ${n}`,
  blogReadTime: (minutes) => `${minutes} min read`,
  blogBy: "By",
  blogRelated: "Related articles",
  blogRecent: "Recent articles",
  blogAllPosts: "All articles",
  blogTags: "Tags",
  blogBack: "Back to the blog",
  blogResults: (n) => (n === 1 ? "1 article found" : `${n} articles found`),
  breadcrumbHome: "Home",
  dateLocale: "en-US",
  privateNotice: "Page for signed-in users only.",
  map: {
    total: "Partners",
    active: "Active Partners",
    expanding: "Expanding",
    segments: "Segments",
    filters: "Filter partners",
    segment: "Segment",
    allSegments: "All Segments",
    activeBadge: "Active Partner",
    expandingBadge: "Expanding",
    moreSegments: (n) => `+ ${n} other segments`,
    legend: "Colours by segment",
    contact: "Get in Touch",
    viaPartner: "Chat on the partner's WhatsApp",
    viaCompany: "Chat through Vértice's WhatsApp",
    list: "Partner list",
    shown: (n) => (n === 1 ? "1 partner" : `${n} partners`),
    loading: "Loading map...",
    map: "Map of partners in Brazil",
  },
};

export function pageTexts(language: OfferedLanguage): PageTexts {
  return language === "en" ? en : pt;
}

// One formatter per locale: building an Intl.DateTimeFormat costs milliseconds, and a page formats
// a date per section (model3) or per post card while it hydrates.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date of the content ("2026-11-01") as the visitor reads it, without time-zone shifts. */
export function formatContentDate(isoDate: string, texts: PageTexts): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  let format = dateFormats.get(texts.dateLocale);
  if (!format) {
    format = new Intl.DateTimeFormat(texts.dateLocale, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(texts.dateLocale, format);
  }
  return format.format(new Date(Date.UTC(year!, month! - 1, day!)));
}
