/**
 * The admin's own shell (decision 098): its header, the sidebar and its headings (decision 116), the
 * skip link, and what the shell says while a screen loads or when it fails. Each screen's texts
 * are in its own module (dashboard-texts.ts, content-texts.ts, user-texts.ts …); the sidebar's
 * entries take their labels from there (screens.ts), but for screens whose texts live elsewhere.
 */
export const shellTexts = {
  title: "Administração",
  /** The admin header's product name (decision 098: the admin has its own shell). */
  productName: "Vértice — Administração",
  viewSite: "Ver site",
  viewSiteHint: "abre o site público",
  signedInAs: "Conectado como",
  skipToContent: "Pular para o conteúdo",
  menu: "Menu",
  openMenu: "Abrir o menu da administração",
  closeMenu: "Fechar o menu da administração",
  navigation: "Menu da administração",
  loading: "Carregando...",
  loadErrorDefault: "Não foi possível carregar os dados.",
  /** The sidebar's headings: the admin by task (decision 116). */
  menuGroups: {
    content: "Conteúdo",
    sales: "Vendas",
    customers: "Clientes",
    system: "Integrações e sistema",
    // Decision 135: what the settings screen held, one screen each, under its old name.
    settings: "Configurações",
  },
  /** Entries of screens whose own texts are not the admin's (the media library's, the account's). */
  media: "Mídia",
  account: "Minha conta",
  logout: "Sair",
  collapse: "Recolher menu",
  expand: "Expandir menu",
} as const;
