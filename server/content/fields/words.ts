/**
 * The shape of the editor's Portuguese words for a content document's fields (decision 098), the
 * helpers that write them, the option names and the words many documents share. Each content group's
 * documents have their words in this folder's file of that group; server/content/documents.ts names
 * them per document.
 *
 * The words for every field of a content document:
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

export type Extra = Omit<FieldMeta, "label" | "fields" | "item">;
export const ADVANCED = { advanced: true } as const;

export function f(label: string, extra: Extra = {}): FieldMeta {
  return { label, ...extra };
}
export function obj(label: string, fields: Record<string, FieldMeta>, extra: Extra = {}): FieldMeta {
  return { label, fields, ...extra };
}
export function list(label: string, item: FieldMeta, extra: Extra = {}): FieldMeta {
  return { label, item, ...extra };
}
export function map(label: string, keyLabel: string, item: FieldMeta, extra: Extra = {}): FieldMeta {
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

export const title = f("Título");
export const subtitle = f("Subtítulo");
export const description = f("Descrição");
export const icon = f("Ícone", { ui: "icon_picker", helperText: "Escolha um dos ícones do site." });
export const link = f("Destino do link", { helperText: "Começa com /, #, https://, mailto: ou tel:" });
export const id = f("Identificador", { helperText: "Único na lista." });
export const color = f("Cor", { ui: "color_picker" });
export const backgroundImage = f("Imagem de fundo", { ui: "image_upload" });
export const buttonText = f("Texto do botão", { ui: "text_input" });
export const buttonLink = f("Link do botão", { helperText: link.helperText });
export const ctaLink = obj("Botão de chamada", { text: buttonText, link: buttonLink });
export const videoAddress = (label: string) =>
  f(label, {
    ui: "text_input",
    helperText: "Arquivo em /videos/... (mp4 ou webm) ou endereço de incorporação https://...",
  });
export const keywords = f("Palavras-chave");
