import { type ChatPartner, partnerLabel } from "./chat.ts";
import type { Partner } from "./content/partners-schema.ts";

/**
 * The partner map's rules (B §2.4, decision 129): the site's segments and their colours, filters,
 * the summary tiles, and how a partner is named to the chat and to the lead.
 */

/** One of the site's segments (vertice-segments-data): its id and its name in the page's language. */
export interface SiteSegment {
  id: string;
  name: string;
}

/** One of the site's segments as the map shows it, named in the page's language. */
export interface MapSegment {
  id: string;
  name: string;
  color: string;
}

/**
 * Colours of the site's segments, in the order the segments document lists them (decision 129):
 * bright on the map's dark ground and apart from one another. A segment the content adds gets
 * the next one; past the palette's end they repeat.
 */
export const SEGMENT_PALETTE: readonly string[] = [
  "#22c55e",
  "#f97316",
  "#eab308",
  "#3b82f6",
  "#ec4899",
  "#a855f7",
  "#06b6d4",
  "#ef4444",
];

/** An unknown segment is drawn white (B §3.2). */
export const UNKNOWN_SEGMENT_COLOR = "#ffffff";
/** The legend shows the first six segments, then '+ N outros segmentos' (B §2.4). */
export const LEGEND_SIZE = 6;

/** The site's segments (vertice-segments-data of the page's language), coloured in their order. */
export function mapSegments(segments: readonly SiteSegment[]): MapSegment[] {
  return segments.map(({ id, name }, i) => ({
    id,
    name,
    color: SEGMENT_PALETTE[i % SEGMENT_PALETTE.length]!,
  }));
}

/** A partner's segment; one the site does not have keeps its id as its name and is drawn white. */
export function segmentOf(segments: readonly MapSegment[], id: string): MapSegment {
  return segments.find((segment) => segment.id === id) ?? { id, name: id, color: UNKNOWN_SEGMENT_COLOR };
}

export interface PartnerFilters {
  /** A segment id; null: 'Todos os Segmentos'. */
  segment: string | null;
  showActive: boolean;
  showExpanding: boolean;
}

export const ALL_PARTNERS: PartnerFilters = { segment: null, showActive: true, showExpanding: true };

/** The partners the filters let through: the segment chosen, and active and/or expanding ones. */
export function filterPartners<P extends Pick<Partner, "segmento" | "ativo">>(
  partners: readonly P[],
  filters: PartnerFilters,
): P[] {
  return partners.filter(
    (p) =>
      (filters.segment === null || p.segmento === filters.segment) &&
      (p.ativo ? filters.showActive : filters.showExpanding),
  );
}

/** The four tiles: total, active, expanding ('Em Expansão') and the number of segments. */
export function partnerSummary(partners: readonly Pick<Partner, "segmento" | "ativo">[]) {
  const active = partners.filter((p) => p.ativo).length;
  return {
    total: partners.length,
    active,
    expanding: partners.length - active,
    segments: new Set(partners.map((p) => p.segmento)).size,
  };
}

/** Active partners are drawn on top of expanding ones (B §2.4). */
export function drawingOrder<P extends Pick<Partner, "ativo">>(partners: readonly P[]): P[] {
  return [...partners].sort((a, b) => Number(a.ativo) - Number(b.ativo));
}

/** The partner's own WhatsApp number (digits of its wa.me link), or null: then the company's. */
export function partnerWhatsapp(partner: Pick<Partner, "contato">): string | null {
  return /^https:\/\/wa\.me\/(\d+)$/.exec(partner.contato ?? "")?.[1] ?? null;
}

/** What the chat popup is told of a partner, on its 'Entrar em Contato' link. */
export function chatPartnerOf(partner: Partner): ChatPartner {
  return {
    id: partner.id,
    nome: partner.nome,
    cidade: partner.cidade,
    estado: partner.estado,
    whatsapp: partnerWhatsapp(partner),
  };
}

/**
 * The partner a lead asked to talk to, as the lead keeps it (decision 129): read from the map's
 * content when the lead came in; only the id when the map no longer had that partner.
 */
export interface LeadPartner {
  id: number;
  nome?: string;
  cidade?: string;
  estado?: string;
  /** The partner's own number the chat opened with; absent: the company's WhatsApp. */
  whatsapp?: string;
}

export function leadPartner(id: number, partners: readonly Partner[]): LeadPartner {
  const found = partners.find((partner) => partner.id === id);
  if (!found) return { id };
  const whatsapp = partnerWhatsapp(found);
  return {
    id,
    nome: found.nome,
    cidade: found.cidade,
    estado: found.estado,
    ...(whatsapp ? { whatsapp } : {}),
  };
}

/** The lead's partner from its stored context, or null for a lead that names none. */
export function storedLeadPartner(context: Record<string, unknown>): LeadPartner | null {
  const value = context.partner as Record<string, unknown> | undefined;
  if (!value || typeof value !== "object" || typeof value.id !== "number") return null;
  const text = (key: string) => (typeof value[key] === "string" ? (value[key] as string) : undefined);
  const [nome, cidade, estado, whatsapp] = ["nome", "cidade", "estado", "whatsapp"].map(text);
  return { id: value.id, nome, cidade, estado, whatsapp };
}

/** What sales reads first: "Contato com o parceiro Campo Forte Consultoria Agro (Rio Verde/GO)". */
export function partnerContactLine(partner: LeadPartner): string {
  const { nome, cidade, estado } = partner;
  return nome && cidade && estado
    ? `Contato com o parceiro ${partnerLabel({ nome, cidade, estado })}`
    : `Contato com o parceiro nº ${partner.id} (não está mais no mapa)`;
}

/** Which WhatsApp the visitor's chat opened with, for sales. */
export function partnerChatLine(partner: LeadPartner): string {
  return partner.whatsapp
    ? `a conversa abriu no WhatsApp do parceiro (${partner.whatsapp})`
    : "a conversa abriu no WhatsApp da empresa: apresente o visitante ao parceiro";
}
