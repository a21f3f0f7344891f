import type { Partner } from "./content/partners-schema.ts";

/** The partner map's rules (B §2.4, §3.2): segment colours, filters and the summary tiles. */

/** Colour of each of the 15 segments of B §3.2 (the spec names them, not their values). */
export const SEGMENT_COLORS: Readonly<Record<string, string>> = {
  "Comércio & Serviços": "#3b82f6",
  "Produção & Indústria": "#f97316",
  "Setores Especializados": "#a855f7",
  Logística: "#eab308",
  Agronegócio: "#22c55e",
  Hotelaria: "#ec4899",
  Educacional: "#06b6d4",
  Saúde: "#ef4444",
  Jurídico: "#8b5cf6",
  "Serviços Financeiros": "#14b8a6",
  "Construção Civil": "#f59e0b",
  Fábricas: "#64748b",
  Distribuição: "#84cc16",
  Comércio: "#0ea5e9",
  "Prestadores de Serviços": "#d946ef",
};

/** An unknown segment is drawn white (B §3.2). */
export const UNKNOWN_SEGMENT_COLOR = "#ffffff";
/** The legend shows the first six segments, then '+ N outros segmentos' (B §2.4). */
export const LEGEND_SIZE = 6;

export function segmentColor(segment: string): string {
  return SEGMENT_COLORS[segment] ?? UNKNOWN_SEGMENT_COLOR;
}

export interface PartnerFilters {
  /** null: 'Todos os Segmentos'. */
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

/** Segments present, in the colour table's order, then any unknown ones alphabetically. */
export function partnerSegments(partners: readonly Pick<Partner, "segmento">[]): string[] {
  const present = new Set(partners.map((p) => p.segmento));
  const known = Object.keys(SEGMENT_COLORS).filter((s) => present.has(s));
  const unknown = [...present]
    .filter((s) => !(s in SEGMENT_COLORS))
    .sort((a, b) => a.localeCompare(b, "pt-BR"));
  return [...known, ...unknown];
}

/** Active partners are drawn on top of expanding ones (B §2.4). */
export function drawingOrder<P extends Pick<Partner, "ativo">>(partners: readonly P[]): P[] {
  return [...partners].sort((a, b) => Number(a.ativo) - Number(b.ativo));
}
