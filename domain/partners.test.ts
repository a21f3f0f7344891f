import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { partnerLabel, readChatPartner } from "./chat.ts";
import { type Partner, partnersDataSchema } from "./content/partners-schema.ts";
import { segmentsSchema } from "./content/sections.ts";
import {
  ALL_PARTNERS,
  chatPartnerOf,
  drawingOrder,
  filterPartners,
  leadPartner,
  mapSegments,
  partnerChatLine,
  partnerContactLine,
  partnerSummary,
  partnerWhatsapp,
  SEGMENT_PALETTE,
  segmentOf,
  storedLeadPartner,
  UNKNOWN_SEGMENT_COLOR,
} from "./partners.ts";

const shipped = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`../content/data/${file}`, import.meta.url), "utf8"));
const siteSegments = (file: string) =>
  segmentsSchema.parse(shipped(file)).segments.map(({ id, name }) => ({ id: String(id), name }));

const partners = [
  { id: 1, segmento: "agronegocio", ativo: true },
  { id: 2, segmento: "agronegocio", ativo: false },
  { id: 3, segmento: "servicos", ativo: true },
  { id: 4, segmento: "pesca", ativo: false },
];

const campoForte: Partner = {
  id: 2,
  nome: "Campo Forte Consultoria Agro",
  cidade: "Rio Verde",
  estado: "GO",
  lat: -17.79,
  lng: -50.92,
  ativo: true,
  segmento: "agronegocio",
  contato: "https://wa.me/5564983746093",
};
/** An expanding partner without a WhatsApp of its own. */
const tocantins: Partner = {
  id: 32,
  nome: "Tocantins Gestão",
  cidade: "Palmas",
  estado: "TO",
  lat: -10.18,
  lng: -48.33,
  ativo: false,
  segmento: "servicos",
};

describe("B §2.4, decision 129 — the map's segments are the site's", () => {
  it("the site's segments, coloured in their order from the palette, each apart", () => {
    const segments = mapSegments(siteSegments("vertice-segments-data.json"));
    expect(segments.map((s) => s.name)).toEqual([
      "Agronegócio",
      "Indústria",
      "Distribuição",
      "Comércio",
      "Construção",
      "Serviços",
    ]);
    expect(segments.map((s) => s.color)).toEqual(SEGMENT_PALETTE.slice(0, 6));
    expect(new Set(segments.map((s) => s.color)).size).toBe(6);
    expect(segments.map((s) => s.color)).not.toContain(UNKNOWN_SEGMENT_COLOR);
  });

  it("in English the same segments in the same order (so the same colours), named in English", () => {
    const pt = siteSegments("vertice-segments-data.json");
    const en = siteSegments("en/vertice-segments-data.json");
    expect(en.map((s) => s.id)).toEqual(pt.map((s) => s.id));
    expect(en.map((s) => s.name)).toEqual([
      "Agribusiness",
      "Manufacturing",
      "Distribution",
      "Retail",
      "Construction",
      "Services",
    ]);
  });

  it("a segment past the palette's end takes its colours again", () => {
    const many = mapSegments(
      Array.from({ length: SEGMENT_PALETTE.length + 1 }, (_, i) => ({ id: `s${i}`, name: `S${i}` })),
    );
    expect(many.at(-1)!.color).toBe(SEGMENT_PALETTE[0]);
  });

  it("a partner's segment by id; one the site does not have is drawn white under its id", () => {
    const segments = mapSegments([{ id: "agronegocio", name: "Agronegócio" }]);
    expect(segmentOf(segments, "agronegocio")).toEqual({
      id: "agronegocio",
      name: "Agronegócio",
      color: SEGMENT_PALETTE[0],
    });
    expect(segmentOf(segments, "pesca")).toEqual({
      id: "pesca",
      name: "pesca",
      color: UNKNOWN_SEGMENT_COLOR,
    });
    expect(UNKNOWN_SEGMENT_COLOR).toBe("#ffffff");
  });

  it("every shipped partner has a name, a unique id and one of the site's segments", () => {
    const { partners: all } = partnersDataSchema.parse(shipped("partners-data.json"));
    const ids = new Set(siteSegments("vertice-segments-data.json").map((s) => s.id));
    expect(all).toHaveLength(32);
    expect(all.filter((p) => !ids.has(p.segmento))).toEqual([]);
    expect(new Set(all.map((p) => p.segmento))).toEqual(ids);
    expect(all.every((p) => p.nome.trim().length > 0)).toBe(true);
  });

  it("the partners document refuses a repeated id, a segment that is not an id, a contact that is not a WhatsApp link", () => {
    const refused = (changes: Partial<Partner>[]) =>
      partnersDataSchema.safeParse({ partners: changes.map((c, i) => ({ ...campoForte, id: i + 1, ...c })) })
        .success;
    expect(refused([{}, {}])).toBe(true);
    expect(refused([{}, { id: 1 }])).toBe(false);
    expect(refused([{ segmento: "Agronegócio" }])).toBe(false);
    expect(refused([{ contato: "https://example.com/chat" }])).toBe(false);
    expect(refused([{ contato: undefined }])).toBe(true);
    expect(refused([{ nome: " " }])).toBe(false);
  });
});

describe("B §2.4 — filters, tiles, drawing order", () => {
  it("filters by segment and by active / expanding", () => {
    expect(filterPartners(partners, ALL_PARTNERS)).toHaveLength(4);
    expect(filterPartners(partners, { ...ALL_PARTNERS, segment: "agronegocio" }).map((p) => p.id)).toEqual([
      1, 2,
    ]);
    expect(filterPartners(partners, { ...ALL_PARTNERS, showExpanding: false }).map((p) => p.id)).toEqual([
      1, 3,
    ]);
    expect(filterPartners(partners, { ...ALL_PARTNERS, showActive: false }).map((p) => p.id)).toEqual([2, 4]);
    expect(filterPartners(partners, { segment: "servicos", showActive: false, showExpanding: true })).toEqual(
      [],
    );
  });

  it("summary tiles: total, active, expanding, segments", () => {
    expect(partnerSummary(partners)).toEqual({ total: 4, active: 2, expanding: 2, segments: 3 });
  });

  it("active partners are drawn last, on top", () => {
    expect(drawingOrder(partners).map((p) => p.ativo)).toEqual([false, false, true, true]);
  });
});

describe("decision 129 — a partner named to the chat and to the lead", () => {
  it("the partner's own number from its wa.me link; none without one", () => {
    expect(partnerWhatsapp(campoForte)).toBe("5564983746093");
    expect(partnerWhatsapp(tocantins)).toBeNull();
  });

  it("the chat is told the partner on the link, and reads it back", () => {
    const told = chatPartnerOf(campoForte);
    expect(told).toEqual({
      id: 2,
      nome: "Campo Forte Consultoria Agro",
      cidade: "Rio Verde",
      estado: "GO",
      whatsapp: "5564983746093",
    });
    expect(readChatPartner(JSON.stringify(told))).toEqual(told);
    expect(readChatPartner(JSON.stringify(chatPartnerOf(tocantins)))?.whatsapp).toBeNull();
  });

  it("named with its city and state", () => {
    expect(partnerLabel(campoForte)).toBe("Campo Forte Consultoria Agro (Rio Verde/GO)");
  });

  it("the lead keeps the map's name, city and number; only the id of a partner the map no longer has", () => {
    expect(leadPartner(2, [tocantins, campoForte])).toEqual({
      id: 2,
      nome: "Campo Forte Consultoria Agro",
      cidade: "Rio Verde",
      estado: "GO",
      whatsapp: "5564983746093",
    });
    expect(leadPartner(32, [tocantins])).toEqual({
      id: 32,
      nome: "Tocantins Gestão",
      cidade: "Palmas",
      estado: "TO",
    });
    expect(leadPartner(99, [campoForte])).toEqual({ id: 99 });
  });

  it("what sales reads: whom the visitor asked for, and on which WhatsApp they wait", () => {
    const stored = storedLeadPartner({ segment: null, partner: leadPartner(2, [campoForte]) })!;
    expect(partnerContactLine(stored)).toBe(
      "Contato com o parceiro Campo Forte Consultoria Agro (Rio Verde/GO)",
    );
    expect(partnerChatLine(stored)).toBe("a conversa abriu no WhatsApp do parceiro (5564983746093)");
    const viaCompany = storedLeadPartner({ partner: leadPartner(32, [tocantins]) })!;
    expect(partnerChatLine(viaCompany)).toBe(
      "a conversa abriu no WhatsApp da empresa: apresente o visitante ao parceiro",
    );
    expect(partnerContactLine({ id: 99 })).toBe("Contato com o parceiro nº 99 (não está mais no mapa)");
  });

  it("a lead without a partner, or with something else in its place, names none", () => {
    expect(storedLeadPartner({ segment: "agronegocio" })).toBeNull();
    expect(storedLeadPartner({ partner: "Campo Forte" })).toBeNull();
    expect(storedLeadPartner({ partner: { id: "2" } })).toBeNull();
  });
});
