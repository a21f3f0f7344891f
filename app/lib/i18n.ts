import type { OfferedLanguage } from "./locale.ts";

/** Interface texts of the shell, in the words of the spec's catalogue (A §8) and their English versions. */
const catalogue = {
  pt: {
    skipToContent: "Pular para o conteúdo",
    mainNavigation: "Navegação principal",
    home: "página inicial",
    openMenu: "Abrir menu",
    closeMenu: "Fechar menu",
    login: "Entrar",
    myAccount: "Minha conta",
    freeTrial: "Teste grátis",
    language: "Idioma",
    languageNames: { pt: "Português", en: "English" },
    menuLoading: "Carregando itens do menu...",
    menuError: "Erro ao carregar menu",
    footerError: "Erro ao carregar footer",
    footerMissing: "Dados do Footer não encontrados",
    sectionError: (section: string) => `Erro ao carregar ${section}`,
    sectionErrorDetail: "Não foi possível carregar as informações...",
    sectionMissing: (section: string) => `Dados do ${section} não encontrados`,
    lookupOrder: "Locais procurados, em ordem:",
    tryAgain: "Tentar novamente",
    loading: "Carregando...",
    contact: "Contato",
    socialNetworks: "Redes sociais",
    errorTitle: "Algo deu errado",
    errorText: "Tivemos um problema ao carregar esta página. Tente novamente em instantes.",
    notFoundTitle: "Página não encontrada",
    backHome: "Voltar ao início",
    homeTitle: "Gestão empresarial com ERP, CRM e IA",
    homeLead:
      "Um só sistema para o financeiro, as vendas, o estoque e a produção da sua empresa, com inteligência artificial que trabalha junto com a sua equipe.",
    requestDemo: "Solicitar demonstração",
    seePlans: "Ver planos",
  },
  en: {
    skipToContent: "Skip to content",
    mainNavigation: "Main navigation",
    home: "home page",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    login: "Sign in",
    myAccount: "My account",
    freeTrial: "Free trial",
    language: "Language",
    languageNames: { pt: "Português", en: "English" },
    menuLoading: "Loading menu items...",
    menuError: "Error loading menu",
    footerError: "Error loading footer",
    footerMissing: "Footer data not found",
    sectionError: (section: string) => `Error loading ${section}`,
    sectionErrorDetail: "The information could not be loaded...",
    sectionMissing: (section: string) => `${section} data not found`,
    lookupOrder: "Places searched, in order:",
    tryAgain: "Try again",
    loading: "Loading...",
    contact: "Contact",
    socialNetworks: "Social networks",
    errorTitle: "Something went wrong",
    errorText: "We had a problem loading this page. Please try again in a moment.",
    notFoundTitle: "Page not found",
    backHome: "Back to home",
    homeTitle: "Business management with ERP, CRM and AI",
    homeLead:
      "One system for your company's finance, sales, inventory and production, with artificial intelligence that works alongside your team.",
    requestDemo: "Request a demo",
    seePlans: "See plans",
  },
} as const satisfies Record<OfferedLanguage, unknown>;

export type Messages = (typeof catalogue)["pt"];

export function messagesFor(language: OfferedLanguage): Messages {
  return catalogue[language] as Messages;
}
